export const alertsDe = {
  bell: 'Hinweise',
  unread_one: '{{count}} ungelesener Hinweis',
  unread_other: '{{count}} ungelesene Hinweise',
  markAllRead: 'Alle als gelesen markieren',
  none: 'Keine Hinweise.',
  kinds: {
    low_stock: 'Niedriger Bestand: {{name}} hat noch {{available}} PINs (Schwellenwert {{threshold}}).',
  },
};
