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
  },
};

export const texts: typeof german = { alerts: alertsFr };
