import type { texts as german, safeActionsDe } from './de.ts';

export const safeActionsFr: typeof safeActionsDe = {
  undo: 'Annuler',
  block: {
    title: 'Désactiver {{name}} ?',
    withShops_one: '{{name}} et sa boutique sont bloqués et déconnectés.',
    withShops_other: '{{name}} et ses {{count}} boutiques sont bloqués et déconnectés.',
    alone: '{{name}} est bloqué et déconnecté.',
    signedOut_one: "{{count}} utilisateur perd l'accès immédiatement, jusqu'à la réactivation du compte.",
    signedOut_other: "{{count}} utilisateurs perdent l'accès immédiatement, jusqu'à la réactivation du compte.",
    confirm: 'Désactiver',
  },
  creditNote: {
    title: 'Émettre la facture rectificative de la réclamation {{id}} ?',
    shop: '{{shop}} récupère {{amount}} sur son solde.',
    reseller: 'Le revendeur de la boutique récupère {{amount}}.',
    final: 'Le document est émis immédiatement et ne peut être corrigé que par un nouveau document.',
    done: 'Facture rectificative de la réclamation {{id}} émise.',
  },
  hardwareCancel: {
    title: 'Annuler la commande {{id}} ?',
    consequence:
      '{{shop}} récupère {{amount}} pour {{quantity}} × {{product}} sur son solde. Le remboursement est une écriture et reste.',
    done: 'Commande {{id}} annulée, {{amount}} remboursés.',
  },
  hardwareOrder: {
    title: 'Passer la commande ?',
    consequence:
      '{{quantity}} × {{product}} sont commandés auprès de votre revendeur ; {{amount}} sont débités immédiatement de votre solde.',
    confirm: 'Commander et payer',
    done: '{{quantity}} × {{product}} commandés.',
  },
  catalogueDelete: {
    categoryTitle: 'Supprimer la catégorie {{name}} ?',
    category: 'La catégorie {{name}} disparaît du catalogue matériel de vos boutiques.',
    productTitle: 'Supprimer le produit {{name}} ?',
    product: 'Le produit {{name}} disparaît du catalogue matériel de vos boutiques ; les commandes existantes restent.',
    done: '{{name}} supprimé.',
  },
  device: {
    title: "Supprimer l'appareil {{tag}} ?",
    consequence: "L'appareil {{tag}} (numéro de série {{serial}}) est supprimé.",
    withShop: "L'appareil {{tag}} (numéro de série {{serial}}) est supprimé et retiré à la boutique {{shop}}.",
    done: 'Appareil {{tag}} supprimé.',
  },
  bankLine: {
    title: "Supprimer l'écriture bancaire ?",
    consequence: 'Le paiement de {{payer}} de {{amount}} du {{date}} est supprimé et crédité à aucun client.',
    debit: 'Le débit en faveur de {{payer}} de {{amount}} du {{date}} est supprimé de la liste.',
    done: 'Écriture de {{payer}} supprimée.',
    undone: 'Écriture de {{payer}} restaurée.',
  },
  mapping: {
    title: "Supprimer l'association ?",
    consequence: 'Les paiements de {{payer}} ne sont plus attribués automatiquement à {{customer}}.',
    done: 'Association de {{payer}} supprimée.',
  },
  favourite: {
    title: 'Retirer le favori ?',
    consequence: "{{product}} disparaît de vos favoris sur la page d'accueil.",
    confirm: 'Retirer',
    done: '{{product}} retiré des favoris.',
    undone: '{{product}} est de nouveau un favori.',
    resetTitle: 'Réinitialiser les favoris ?',
    reset_one: "Votre favori personnel est supprimé ; la page d'accueil montre de nouveau vos meilleures ventes.",
    reset_other:
      "Vos {{count}} favoris personnels sont supprimés ; la page d'accueil montre de nouveau vos meilleures ventes.",
    resetDone: 'Favoris réinitialisés.',
    resetUndone: 'Vos favoris personnels sont rétablis.',
  },
  busTicket: {
    title: 'Payer le billet ?',
    consequence_one:
      '{{amount}} sont débités immédiatement de votre solde : {{from}} → {{to}}, {{departure}}, {{count}} passager.',
    consequence_other:
      '{{amount}} sont débités immédiatement de votre solde : {{from}} → {{to}}, {{departure}}, {{count}} passagers.',
    masked_one:
      'Le billet est payé immédiatement sur votre solde : {{from}} → {{to}}, {{departure}}, {{count}} passager.',
    masked_other:
      'Le billet est payé immédiatement sur votre solde : {{from}} → {{to}}, {{departure}}, {{count}} passagers.',
    confirm: 'Payer maintenant',
    done: 'Paiement envoyé : {{from}} → {{to}}.',
  },
  credit: {
    customer: 'Client n° {{id}}',
    creditTitle: 'Enregistrer {{amount}} de crédit pour {{name}} ?',
    credit: '{{name}} reçoit {{amount}} de crédit : son solde et son crédit en cours augmentent de {{amount}}.',
    paymentTitle: 'Enregistrer un paiement de {{name}} ?',
    payment:
      'Un paiement de {{name}} de {{amount}} ({{method}}) est enregistré : il règle d’abord le crédit en cours, le reste augmente le solde.',
    final: 'L’écriture reste et ne se corrige que par une nouvelle écriture.',
    creditDone: '{{amount}} de crédit enregistrés pour {{name}}.',
    paymentDone: 'Paiement de {{name}} de {{amount}} enregistré.',
    multiTitle_one: 'Enregistrer {{count}} écriture ?',
    multiTitle_other: 'Enregistrer {{count}} écritures ?',
    multiCredit_one: '{{count}} client reçoit {{total}} de crédit :',
    multiCredit_other: '{{count}} clients reçoivent au total {{total}} de crédit :',
    multiPayment_one: '{{count}} paiement de {{total}} ({{method}}) est enregistré :',
    multiPayment_other: '{{count}} paiements de {{total}} au total ({{method}}) sont enregistrés :',
    row: '{{name}} : {{amount}}',
    more_one: '… et {{count}} autre client',
    more_other: '… et {{count}} autres clients',
    multiFinal:
      'Chaque écriture est enregistrée séparément ; un refus ne bloque pas les autres. Ce qui est enregistré ne se corrige que par de nouvelles écritures.',
  },
  deleteConfirm: 'Supprimer',
};

export const texts: typeof german = { safeActions: safeActionsFr };
