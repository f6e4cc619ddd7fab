export const alertsDe = {
  bell: 'Hinweise',
  unread_one: '{{count}} ungelesener Hinweis',
  unread_other: '{{count}} ungelesene Hinweise',
  markAllRead: 'Alle als gelesen markieren',
  none: 'Keine Hinweise.',
  kinds: {
    low_balance: 'Niedriges Guthaben: {{customer}} hat {{balance}}, weniger als die Schwelle von {{trigger}}.',
    low_stock: 'Niedriger Bestand: {{name}} hat noch {{available}} PINs (Schwellenwert {{threshold}}).',
  },
};
