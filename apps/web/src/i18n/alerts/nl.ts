import type { alertsDe, texts as german } from './de.ts';

export const alertsNl: typeof alertsDe = {
  bell: 'Meldingen',
  unread_one: '{{count}} ongelezen melding',
  unread_other: '{{count}} ongelezen meldingen',
  markAllRead: 'Alles als gelezen markeren',
  none: 'Geen meldingen.',
  kinds: {
    low_balance: 'Laag saldo: {{customer}} heeft {{balance}}, onder de drempel van {{trigger}}.',
    low_stock: 'Lage voorraad: {{name}} heeft nog {{available}} pincodes (drempel {{threshold}}).',
  },
};

export const texts: typeof german = { alerts: alertsNl };
