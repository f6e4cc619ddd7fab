import type { directRechargeDe, directRechargeScreensDe, texts as german } from './de.ts';

export const directRechargeScreensFr: typeof directRechargeScreensDe = {
  directRecharge: 'Recharge directe',
  directRechargeHistory: 'Recharges directes',
};

export const directRechargeFr: typeof directRechargeDe = {
  description: 'Créditer un mobile allemand : choisissez l’opérateur et le montant, saisissez le numéro, achetez.',
  numberHint: 'Numéro mobile allemand, p. ex. 0176 1234 5678',
  invalidNumber: 'Ce n’est pas un numéro mobile allemand valide.',
  confirmTitle: 'Confirmer la recharge',
  confirmText: 'Veuillez vérifier les informations. Après confirmation, le numéro est rechargé et votre solde débité.',
  confirm: 'Confirmer et recharger',
  again: 'Nouvelle recharge',
  historyDescription: 'Les recharges directes de votre boutique, les plus récentes d’abord.',
  historyEmpty: 'Aucune recharge directe pour l’instant.',
  toHistory: 'Toutes les recharges directes',
  outcome: {
    pending: 'La recharge est en cours …',
    successful: 'La recharge est arrivée.',
    failed: 'La recharge a échoué ; le montant a été recrédité.',
    refunded: 'La recharge a été annulée ; le montant a été remboursé.',
  },
};

export const texts: typeof german = { screen: directRechargeScreensFr, directRecharge: directRechargeFr };
