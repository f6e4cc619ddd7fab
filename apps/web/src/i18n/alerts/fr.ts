import type { alertsDe, texts as german } from './de.ts';

export const alertsFr: typeof alertsDe = {
  bell: 'Notifications',
  unread_one: '{{count}} notification non lue',
  unread_other: '{{count}} notifications non lues',
  markAllRead: 'Tout marquer comme lu',
  none: 'Aucune notification.',
  kinds: {
    low_balance: 'Solde faible : {{customer}} a {{balance}}, sous son seuil de {{trigger}}.',
    low_stock: 'Stock faible : il reste {{available}} PIN pour {{name}} (seuil {{threshold}}).',
    provider_alert: '{{provider}} a refusé une recharge : {{reason}}',
    invoice_mail_failed:
      'La facture {{invoice_no}} à {{customer}} n’a pas pu être envoyée après plusieurs tentatives. Veuillez la télécharger et l’envoyer vous-même.',
    reclamation: 'La réclamation {{id}} de {{customer}} attend votre traitement.',
  },
  providerCodes: {
    '1006001': 'le solde de la plateforme chez {{provider}} est insuffisant (1006001).',
    '1000401': '{{provider}} n’accepte pas la clé API de la plateforme (1000401).',
  },
  providerBalanceLow:
    'Le solde de la plateforme chez {{provider}} est de {{available}}, sous le seuil d’alerte de {{threshold}}.',
};

export const texts: typeof german = { alerts: alertsFr };
