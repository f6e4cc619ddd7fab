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
    done: 'Paiement de {{payer}} supprimé.',
    undone: 'Paiement de {{payer}} restauré.',
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
  deleteConfirm: 'Supprimer',
};

export const texts: typeof german = { safeActions: safeActionsFr };
