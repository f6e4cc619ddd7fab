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
    provider_alert: '{{provider}} heeft een opwaardering geweigerd: {{reason}}',
    invoice_mail_failed:
      'Factuur {{invoice_no}} aan {{customer}} kon na meerdere pogingen niet worden verzonden. Download en verstuur deze zelf.',
    reclamation: 'Reclamatie {{id}} van {{customer}} wacht op uw behandeling.',
  },
  providerCodes: {
    '1006001': 'het saldo van het platform bij {{provider}} is te laag (1006001).',
    '1000401': '{{provider}} accepteert de API-sleutel van het platform niet (1000401).',
  },
  providerBalanceLow:
    'Het saldo van het platform bij {{provider}} is {{available}}, onder de waarschuwingsgrens van {{threshold}}.',
};

export const texts: typeof german = { alerts: alertsNl };
