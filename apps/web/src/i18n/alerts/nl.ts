import type { alertsDe } from './de.ts';

export const alertsNl: typeof alertsDe = {
  bell: 'Meldingen',
  unread_one: '{{count}} ongelezen melding',
  unread_other: '{{count}} ongelezen meldingen',
  markAllRead: 'Alles als gelezen markeren',
  none: 'Geen meldingen.',
  kinds: {
    low_stock: 'Lage voorraad: {{name}} heeft nog {{available}} pincodes (drempel {{threshold}}).',
  },
};
