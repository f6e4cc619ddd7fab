/** Refusals of the international top-up calls, by their error code. */
export const topupErrorCodesDe = {
  provider_unavailable:
    'Der Anbieter antwortet gerade nicht. Es wurde nichts verkauft oder belastet; bitte versuchen Sie es gleich noch einmal.',
  provider_product_unavailable: 'Diese Aufladung wird nicht mehr angeboten. Bitte wählen Sie ein anderes Produkt.',
  top_up_not_held: 'Diese Aufladung wartet auf keine Entscheidung (mehr). Bitte die Liste neu laden.',
  provider_transaction_not_found:
    'Der Anbieter führt unter dieser Aufladung keine Transaktion. Sie kann nur als fehlgeschlagen abgeschlossen werden.',
  topup_offer_closed:
    'Dieses Angebot ist abgelehnt, abgelaufen oder schon bestätigt. Bitte ein neues Angebot einholen.',
};

export const topupScreensDe = {
  internationalTopup: 'Internationale Aufladung',
  rechargeSummary: 'Aufladungsübersicht',
  topupsPending: 'Ausstehende Aufladungen',
};

export const topupDe = {
  description: 'Guthaben ins Ausland senden: Land und Nummer eingeben, Betreiber und Produkt wählen, bestätigen.',
  country: 'Land',
  region: 'Region',
  allRegions: 'Alle Regionen',
  regions: {
    africa: 'Afrika',
    asia: 'Asien',
    europe: 'Europa',
    north_america: 'Nordamerika',
    south_america: 'Südamerika',
    oceania: 'Ozeanien',
  },
  mobileNumber: 'Mobilnummer',
  mobileNumberHint: 'Die Nummer im Land, ohne Vorwahl des Landes',
  findOperator: 'Betreiber suchen',
  invalidNumber: 'Keine gültige Mobilnummer in {{country}}.',
  operator: 'Betreiber',
  operatorUnknown: 'Der Betreiber der Nummer wurde nicht erkannt; die Produkte des Landes werden gezeigt.',
  product: 'Produkt',
  receives: 'Empfänger erhält',
  retailPrice: 'Verkaufspreis',
  yourPrice: 'Ihr Preis',
  charged: 'Belastet',
  buy: 'Kaufen',
  confirmTitle: 'Aufladung bestätigen',
  confirmText:
    'Bitte prüfen Sie die Angaben. Nach der Bestätigung wird die Aufladung gesendet und Ihr Guthaben belastet.',
  confirm: 'Bestätigen und senden',
  status: 'Status',
  reference: 'Referenz',
  print: 'Beleg drucken',
  again: 'Neue Aufladung',
  date: 'Datum',
  soldBy: 'Verkauft von',
  history: 'Ihre Aufladungen',
  allStatuses: 'Alle Status',
  noServices: 'Keine Dienste verfügbar',
  statuses: {
    pending: 'Ausstehend',
    successful: 'Erfolgreich',
    failed: 'Fehlgeschlagen',
    refunded: 'Erstattet',
  },
  summary: {
    range: 'Der Zeitraum darf höchstens 366 Tage umfassen und nicht vor seinem Beginn enden.',
    description: 'Ihre Aufladungen nach Tag, Art, Betreiber und Status, mit Summen.',
    from: 'Von',
    to: 'Bis',
    day: 'Tag',
    kind: 'Art',
    count: 'Anzahl',
    retailTotal: 'Verkaufswert',
    sellerTotal: 'Ihr Einkauf',
    total: 'Summe',
    totalOf: 'Summe {{status}}',
    empty: 'Keine Aufladungen in diesem Zeitraum.',
  },
  kinds: {
    international_topup: 'Internationale Aufladung',
    direct_recharge: 'Direktaufladung',
    bus_ticket: 'Busticket',
    soft_pin: 'Soft-PIN',
  },
  /** One provider sale, as a ledger line opens it. */
  details: {
    title: '{{kind}} {{id}}',
    sale: 'Anbieterverkauf {{id}}',
    shop: 'Shop',
    finalAt: 'Abgeschlossen',
    providerReference: 'Anbieterreferenz',
  },
  pending: {
    description:
      'Aufladungen, die länger als 24 Stunden ausstehen. Geld bewegt nur die endgültige Antwort des Anbieters; hier kann sie erneut abgefragt werden.',
    shop: 'Shop',
    provider: 'Anbieter',
    providerStatus: 'Status beim Anbieter',
    lastAsked: 'Zuletzt gefragt',
    check: 'Jetzt abfragen',
    checked: 'Status abgefragt: {{status}}',
    empty: 'Keine Aufladung wartet länger als 24 Stunden.',
    hold: 'Angehalten',
    holds: {
      external_id_mismatch:
        'Angehalten: unter dieser Referenz führt der Anbieter eine andere Aufladung. Das Geld bleibt reserviert; bitte mit dem Support des Anbieters klären.',
      confirmed_without_reservation:
        'Angehalten: der Anbieter führt ein Angebot aus, das der Shop nie bestätigt hat; es ist nichts reserviert. Nur „Als fehlgeschlagen abschließen“ ist möglich.',
    },
    resolve: {
      fail: 'Als fehlgeschlagen abschließen',
      follow: 'Aufladung des Anbieters übernehmen',
      failTitle: 'Als fehlgeschlagen abschließen?',
      failText:
        'Der reservierte Betrag geht an den Shop und seinen Reseller zurück. Der Anbieter wird nicht gefragt: Liefert er die andere Aufladung doch aus, trägt die Plattform die Kosten.',
      followTitle: 'Aufladung des Anbieters übernehmen?',
      followText:
        'Die Transaktion, die der Anbieter unter dieser Referenz führt, wird als dieser Verkauf verfolgt; ihr endgültiger Status bewegt das reservierte Geld, auch wenn sie an eine andere Nummer ging.',
      done: 'Entschieden: {{status}}',
    },
  },
  offer: {
    asking: 'DT One wird nach dem Angebot gefragt …',
    askAgain: 'Erneut fragen',
    validUntil: 'Angebot gültig bis',
    reject: 'Angebot ablehnen',
    rejected: 'Angebot abgelehnt; es wurde nichts belastet.',
  },
  reconciliation: {
    title: 'DT One: Guthaben und täglicher Abgleich',
    balance: 'Guthaben bei DT One',
    balanceUnknown: 'DT One antwortet gerade nicht',
    threshold: 'Warnschwelle',
    below: 'Das Guthaben bei DT One liegt unter der Warnschwelle. Bitte aufladen, bevor Aufladungen abgelehnt werden.',
    lastRun: 'Letzter Abgleich: {{day}}, {{count}} Transaktionen ({{status}})',
    noRun: 'Noch kein Abgleich gelaufen.',
    runStatus: { running: 'läuft', done: 'fertig' },
    differences: 'Abweichungen des täglichen Abgleichs',
    empty: 'Keine Abweichungen gefunden.',
    day: 'Tag',
    kind: 'Abweichung',
    kinds: {
      unknown_transaction: 'Transaktion bei DT One, die das Portal nicht kennt',
      status_differs: 'Status weicht ab',
      offer_not_cancelled: 'Angebot bei DT One nie storniert',
    },
    providerTransaction: 'DT-One-Transaktion',
    portalStatus: 'Verkauf im Portal',
    found: 'Gefunden',
  },
  outcome: {
    pending: 'Die Aufladung wird ausgeführt …',
    successful: 'Die Aufladung ist angekommen.',
    failed: 'Die Aufladung ist fehlgeschlagen; der Betrag wurde zurückgebucht.',
    refunded: 'Die Aufladung wurde rückgängig gemacht; der Betrag wurde erstattet.',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: topupScreensDe, errors: { codes: topupErrorCodesDe }, topup: topupDe };
