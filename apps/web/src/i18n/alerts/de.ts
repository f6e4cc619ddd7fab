export const alertsDe = {
  bell: 'Hinweise',
  unread_one: '{{count}} ungelesener Hinweis',
  unread_other: '{{count}} ungelesene Hinweise',
  markAllRead: 'Alle als gelesen markieren',
  none: 'Keine Hinweise.',
  kinds: {
    low_balance: 'Niedriges Guthaben: {{customer}} hat {{balance}}, weniger als die Schwelle von {{trigger}}.',
    low_stock: 'Niedriger Bestand: {{name}} hat noch {{available}} PINs (Schwellenwert {{threshold}}).',
    provider_alert: '{{provider}} hat eine Aufladung abgelehnt: {{reason}}',
    invoice_mail_failed:
      'Die Rechnung {{invoice_no}} an {{customer}} konnte nach mehreren Versuchen nicht versandt werden. Bitte laden Sie sie herunter und senden Sie sie selbst.',
    reclamation: 'Reklamation {{id}} von {{customer}} wartet auf Ihre Bearbeitung.',
  },
  providerCodes: {
    '1006001': 'das Guthaben der Plattform bei {{provider}} reicht nicht (1006001).',
    '1000401': '{{provider}} nimmt den API-Schlüssel der Plattform nicht an (1000401).',
  },
  providerBalanceLow:
    'Das Guthaben der Plattform bei {{provider}} ist {{available}}, unter der Warnschwelle von {{threshold}}.',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { alerts: alertsDe };
