import type { texts as german, partnerDe, partnerErrorCodesDe, partnerScreensDe } from './de.ts';

export const partnerErrorCodesNl: typeof partnerErrorCodesDe = {
  api_key_invalid: 'Onbekende of ingetrokken API-sleutel.',
  api_key_expired: 'De API-sleutel is verlopen; maak een nieuwe aan.',
  ip_not_allowed: 'Verzoeken vanaf {{ip}} zijn voor deze winkel niet toegestaan.',
  api_disabled: 'De API-toegang van de winkel staat uit.',
  api_keys_shops_only: 'Alleen winkels krijgen API-sleutels; een reseller verkoopt online via een van zijn winkels.',
};

export const partnerScreensNl: typeof partnerScreensDe = {
  sellerApi: 'API-toegang',
};

export const partnerNl: typeof partnerDe = {
  title: 'API-sleutels',
  hint: 'Met een sleutel koopt de kassa of webwinkel van de winkel pincodes en verstuurt opwaarderingen via de partner-API, als de gekozen gebruiker.',
  pageHint: 'Sleutels voor de partner-API van uw kassa of webwinkel.',
  docs: 'Documentatie van de partner-API',
  disabled: 'API-toegang staat uit; uw reseller zet deze aan in de API-gegevens.',
  allowedIps: 'Toegestane adressen: {{ips}}',
  noAllowedIps: 'Nog geen toegestaan adres: verzoeken worden geweigerd tot er een is ingevuld.',
  noKeys: 'Nog geen sleutels.',
  name: 'Naam',
  namePlaceholder: 'bijv. Kassa 1',
  key: 'Sleutel',
  user: 'Gebruiker',
  userHint: 'De verkopen van de sleutel staan op naam van deze gebruiker; diens rechten gelden.',
  createdAt: 'Aangemaakt',
  lastUsed: 'Laatst gebruikt',
  neverUsed: 'Nooit',
  expiresAt: 'Geldig tot',
  neverExpires: 'Onbeperkt',
  expiresHint:
    'Zonder datum werkt de sleutel tot hij wordt ingetrokken; met een datum tot het einde van die dag (Berlijnse tijd).',
  status: 'Status',
  active: 'Actief',
  revoked: 'Ingetrokken',
  expired: 'Verlopen',
  revoke: 'Intrekken',
  create: 'Sleutel aanmaken',
  createdTitle: 'Sleutel "{{name}}" aangemaakt',
  shownOnce: 'Kopieer de sleutel nu: hij wordt alleen deze keer getoond en nergens bewaard.',
  copy: 'Kopiëren',
  copied: 'Gekopieerd',
  stored: 'Ik heb hem bewaard',
  revokeTitle: 'Sleutel "{{name}}" intrekken?',
  revokeText: 'Verzoeken met deze sleutel worden direct geweigerd. Dit kan niet ongedaan worden gemaakt.',
  revokedNotice: 'Sleutel "{{name}}" ingetrokken.',
  webhooksTitle: 'Webhooks',
  webhooksHint:
    'Bij verkopen, afgeronde opwaarderingen, tegoedboekingen en een laag saldo ontvangt de callback-URL een ondertekende gebeurtenis (zonder pincodes). Handtekening: HMAC-SHA256 met het geheim over "tijdstempel.inhoud", in de header X-Portal-Signature. Mislukte leveringen worden tot 28 uur lang opnieuw geprobeerd.',
  callbackUrl: 'Callback-URL: {{url}}',
  noCallbackUrl: 'Geen callback-URL ingevuld: er worden geen gebeurtenissen verstuurd.',
  secretSince: 'Ondertekeningsgeheim sinds',
  noSecret: 'Nog geen ondertekeningsgeheim: er worden geen gebeurtenissen verstuurd.',
  createSecret: 'Geheim aanmaken',
  rotateSecret: 'Geheim vernieuwen',
  secretTitle: 'Nieuw ondertekeningsgeheim',
  secretShownOnce: 'Kopieer het geheim nu: het wordt alleen deze keer getoond. Het vorige werkt direct niet meer.',
  noDeliveries: 'Nog geen leveringen.',
  deliveryLog: 'Leveringslogboek van de webhooks',
  event: 'Gebeurtenis',
  attempts: 'Pogingen',
  lastAnswer: 'Laatste antwoord',
  lastAttempt: 'Laatste poging',
  resend: 'Opnieuw versturen',
  resent: 'Levering opnieuw ingepland.',
  deliveryStatus: {
    pending: 'In afwachting',
    delivered: 'Geleverd',
    failed: 'Mislukt',
  },
  eventType: {
    sale_completed: 'Verkoop voltooid',
    topup_completed: 'Opwaardering geslaagd',
    topup_failed: 'Opwaardering mislukt',
    topup_refunded: 'Opwaardering terugbetaald',
    balance_low: 'Saldo laag',
    credit_booked: 'Tegoed geboekt',
  },
};

export const texts: typeof german = {
  screen: partnerScreensNl,
  errors: { codes: partnerErrorCodesNl },
  partner: partnerNl,
};
