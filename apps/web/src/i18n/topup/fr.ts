import type { texts as german, topupDe, topupErrorCodesDe, topupScreensDe } from './de.ts';

/** Refusals of the international top-up calls, by their error code. */
export const topupErrorCodesFr: typeof topupErrorCodesDe = {
  provider_unavailable:
    "Le fournisseur ne répond pas pour le moment. Rien n'a été vendu ni débité ; veuillez réessayer dans un instant.",
  provider_product_unavailable: "Cette recharge n'est plus proposée. Veuillez choisir un autre produit.",
  top_up_not_held: "Cette recharge n'attend pas (ou plus) de décision. Veuillez recharger la liste.",
  provider_transaction_not_found:
    "Le fournisseur n'a aucune transaction pour cette recharge. Elle ne peut être close qu'en échec.",
  topup_offer_closed:
    'Cette offre a été refusée, a expiré ou est déjà confirmée. Veuillez demander une nouvelle offre.',
};

export const topupScreensFr: typeof topupScreensDe = {
  internationalTopup: 'Recharge internationale',
  rechargeSummary: 'Récapitulatif des recharges',
  topupsPending: 'Recharges en attente',
};

export const topupFr: typeof topupDe = {
  description:
    "Envoyer du crédit à l'étranger : saisissez le pays et le numéro, choisissez l'opérateur et le produit, confirmez.",
  country: 'Pays',
  region: 'Région',
  allRegions: 'Toutes les régions',
  regions: {
    africa: 'Afrique',
    asia: 'Asie',
    europe: 'Europe',
    north_america: 'Amérique du Nord',
    south_america: 'Amérique du Sud',
    oceania: 'Océanie',
  },
  mobileNumber: 'Numéro de mobile',
  mobileNumberHint: "Le numéro dans le pays, sans l'indicatif",
  findOperator: "Trouver l'opérateur",
  invalidNumber: "Ce n'est pas un numéro de mobile valide en {{country}}.",
  operator: 'Opérateur',
  operatorUnknown: "L'opérateur du numéro n'a pas été identifié ; les produits du pays sont affichés.",
  product: 'Produit',
  receives: 'Le destinataire reçoit',
  retailPrice: 'Prix de vente',
  yourPrice: 'Votre prix',
  charged: 'Débité',
  buy: 'Acheter',
  confirmTitle: 'Confirmer la recharge',
  confirmText:
    'Veuillez vérifier les informations. Après confirmation, la recharge est envoyée et votre solde est débité.',
  confirm: 'Confirmer et envoyer',
  status: 'Statut',
  reference: 'Référence',
  print: 'Imprimer le reçu',
  again: 'Nouvelle recharge',
  date: 'Date',
  soldBy: 'Vendu par',
  history: 'Vos recharges',
  allStatuses: 'Tous les statuts',
  noServices: 'Aucun service disponible',
  statuses: {
    pending: 'En attente',
    successful: 'Réussie',
    failed: 'Échouée',
    refunded: 'Remboursée',
  },
  summary: {
    range: 'La période peut couvrir au plus 366 jours et ne doit pas finir avant de commencer.',
    description: 'Vos recharges par jour, type, opérateur et statut, avec les totaux.',
    from: 'Du',
    to: 'Au',
    day: 'Jour',
    kind: 'Type',
    count: 'Nombre',
    retailTotal: 'Valeur de vente',
    sellerTotal: 'Votre coût',
    total: 'Total',
    totalOf: 'Total {{status}}',
    empty: 'Aucune recharge sur cette période.',
  },
  kinds: {
    international_topup: 'Recharge internationale',
    direct_recharge: 'Recharge directe',
    bus_ticket: 'Billet de bus',
    soft_pin: 'PIN dématérialisé',
  },
  /** One provider sale, as a ledger line opens it. */
  details: {
    title: '{{kind}} {{id}}',
    sale: 'Vente fournisseur {{id}}',
    shop: 'Boutique',
    finalAt: 'Finalisé',
    providerReference: 'Référence fournisseur',
  },
  pending: {
    description:
      "Recharges en attente depuis plus de 24 heures. Seule la réponse définitive du fournisseur fait bouger l'argent ; interrogez-le à nouveau ici.",
    shop: 'Boutique',
    provider: 'Fournisseur',
    providerStatus: 'Statut chez le fournisseur',
    lastAsked: 'Dernière demande',
    check: 'Interroger maintenant',
    checked: 'Statut demandé : {{status}}',
    empty: "Aucune recharge n'est en attente depuis plus de 24 heures.",
    hold: 'Bloquée',
    holds: {
      external_id_mismatch:
        'Bloquée : le fournisseur a une autre recharge sous cette référence. Le montant reste réservé ; à régler avec le support du fournisseur.',
      confirmed_without_reservation:
        "Bloquée : le fournisseur exécute une offre que la boutique n'a jamais confirmée ; rien n'est réservé. Elle ne peut être close qu'en échec.",
    },
    resolve: {
      fail: 'Clore en échec',
      follow: 'Suivre la recharge du fournisseur',
      failTitle: 'Clore en échec ?',
      failText:
        "Le montant réservé revient à la boutique et à son revendeur. Le fournisseur n'est pas interrogé : s'il livre quand même l'autre recharge, la plateforme en supporte le coût.",
      followTitle: 'Suivre la recharge du fournisseur ?',
      followText:
        'La transaction que le fournisseur a sous cette référence est suivie comme cette vente ; son statut définitif fait bouger le montant réservé, même si elle est allée à un autre numéro.',
      done: 'Décidé : {{status}}',
    },
  },
  offer: {
    asking: 'Demande de l’offre à DT One …',
    askAgain: 'Redemander',
    validUntil: 'Offre valable jusqu’au',
    reject: 'Refuser l’offre',
    rejected: 'Offre refusée ; rien n’a été débité.',
  },
  reconciliation: {
    title: 'DT One : solde et rapprochement quotidien',
    balance: 'Solde chez DT One',
    balanceUnknown: 'DT One ne répond pas pour le moment',
    threshold: 'Seuil d’alerte',
    below:
      'Le solde chez DT One est sous le seuil d’alerte. Veuillez l’alimenter avant que des recharges soient refusées.',
    lastRun: 'Dernier rapprochement : {{day}}, {{count}} transactions ({{status}})',
    noRun: 'Aucun rapprochement n’a encore été fait.',
    runStatus: { running: 'en cours', done: 'terminé' },
    differences: 'Écarts trouvés par le rapprochement quotidien',
    empty: 'Aucun écart trouvé.',
    day: 'Jour',
    kind: 'Écart',
    kinds: {
      unknown_transaction: 'Transaction chez DT One inconnue du portail',
      status_differs: 'Statut différent',
      offer_not_cancelled: 'Offre jamais annulée chez DT One',
    },
    providerTransaction: 'Transaction DT One',
    portalStatus: 'Vente dans le portail',
    found: 'Trouvé',
  },
  outcome: {
    pending: 'La recharge est en cours …',
    successful: 'La recharge est arrivée.',
    failed: 'La recharge a échoué ; le montant a été recrédité.',
    refunded: 'La recharge a été annulée ; le montant a été remboursé.',
  },
};

export const texts: typeof german = { screen: topupScreensFr, errors: { codes: topupErrorCodesFr }, topup: topupFr };
