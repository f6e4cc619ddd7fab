/** Refusals of the partner API and its key screens, by their error code (decision 0097). */
export const partnerErrorCodesDe = {
  api_key_invalid: 'Unbekannter oder widerrufener API-Schlüssel.',
  api_key_expired: 'Der API-Schlüssel ist abgelaufen; erstellen Sie einen neuen.',
  ip_not_allowed: 'Anfragen von {{ip}} sind für diesen Shop nicht erlaubt.',
  api_disabled: 'Der API-Zugang des Shops ist ausgeschaltet.',
  api_keys_shops_only: 'Nur Shops erhalten API-Schlüssel; ein Reseller verkauft online über einen seiner Shops.',
};

export const partnerScreensDe = {
  sellerApi: 'API-Zugang',
};

export const partnerDe = {
  title: 'API-Schlüssel',
  hint: 'Mit einem Schlüssel kauft die Kasse oder der Webshop des Shops PINs und sendet Aufladungen über die Partner-API, als der gewählte Benutzer.',
  pageHint: 'Schlüssel für die Partner-API Ihrer Kasse oder Ihres Webshops.',
  docs: 'Dokumentation der Partner-API',
  disabled: 'Der API-Zugang ist ausgeschaltet; Ihr Reseller schaltet ihn in den API-Details ein.',
  allowedIps: 'Erlaubte Adressen: {{ips}}',
  noAllowedIps: 'Noch keine erlaubte Adresse: Anfragen werden abgelehnt, bis eine eingetragen ist.',
  noKeys: 'Noch keine Schlüssel.',
  name: 'Name',
  namePlaceholder: 'z. B. Kasse 1',
  key: 'Schlüssel',
  user: 'Benutzer',
  userHint: 'Verkäufe des Schlüssels laufen auf diesen Benutzer; seine Rechte gelten.',
  createdAt: 'Erstellt',
  lastUsed: 'Zuletzt benutzt',
  neverUsed: 'Nie',
  expiresAt: 'Gültig bis',
  neverExpires: 'Unbegrenzt',
  expiresHint:
    'Ohne Datum gilt der Schlüssel, bis er widerrufen wird; mit Datum bis zum Ende dieses Tages (Berliner Zeit).',
  status: 'Status',
  active: 'Aktiv',
  revoked: 'Widerrufen',
  expired: 'Abgelaufen',
  revoke: 'Widerrufen',
  create: 'Schlüssel erstellen',
  createdTitle: 'Schlüssel „{{name}}“ erstellt',
  shownOnce: 'Kopieren Sie den Schlüssel jetzt: Er wird nur dieses eine Mal angezeigt und ist nirgends gespeichert.',
  copy: 'Kopieren',
  copied: 'Kopiert',
  stored: 'Ich habe ihn gespeichert',
  revokeTitle: 'Schlüssel „{{name}}“ widerrufen?',
  revokeText: 'Anfragen mit diesem Schlüssel werden sofort abgelehnt. Das lässt sich nicht rückgängig machen.',
  revokedNotice: 'Schlüssel „{{name}}“ widerrufen.',
  webhooksTitle: 'Webhooks',
  webhooksHint:
    'Bei Verkäufen, abgeschlossenen Aufladungen, Guthabenbuchungen und niedrigem Guthaben erhält die Callback-URL ein signiertes Ereignis (ohne PINs). Signatur: HMAC-SHA256 mit dem Geheimnis über „Zeitstempel.Inhalt“, im Header X-Portal-Signature. Fehlgeschlagene Zustellungen werden bis zu 28 Stunden lang erneut versucht.',
  callbackUrl: 'Callback-URL: {{url}}',
  noCallbackUrl: 'Keine Callback-URL eingetragen: Es werden keine Ereignisse gesendet.',
  secretSince: 'Signatur-Geheimnis seit',
  noSecret: 'Noch kein Signatur-Geheimnis: Es werden keine Ereignisse gesendet.',
  createSecret: 'Geheimnis erstellen',
  rotateSecret: 'Geheimnis erneuern',
  secretTitle: 'Neues Signatur-Geheimnis',
  secretShownOnce:
    'Kopieren Sie das Geheimnis jetzt: Es wird nur dieses eine Mal angezeigt. Das bisherige gilt ab sofort nicht mehr.',
  noDeliveries: 'Noch keine Zustellungen.',
  deliveryLog: 'Zustellprotokoll der Webhooks',
  event: 'Ereignis',
  attempts: 'Versuche',
  lastAnswer: 'Letzte Antwort',
  lastAttempt: 'Letzter Versuch',
  resend: 'Erneut senden',
  resent: 'Zustellung erneut eingeplant.',
  deliveryStatus: {
    pending: 'Ausstehend',
    delivered: 'Zugestellt',
    failed: 'Fehlgeschlagen',
  },
  /** The webhook events, by `event_type` with `_` for its dot. */
  eventType: {
    sale_completed: 'Verkauf abgeschlossen',
    topup_completed: 'Aufladung erfolgreich',
    topup_failed: 'Aufladung fehlgeschlagen',
    topup_refunded: 'Aufladung erstattet',
    balance_low: 'Guthaben niedrig',
    credit_booked: 'Guthaben gebucht',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: partnerScreensDe, errors: { codes: partnerErrorCodesDe }, partner: partnerDe };
