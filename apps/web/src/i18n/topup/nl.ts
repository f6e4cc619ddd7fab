import type { texts as german, topupDe, topupErrorCodesDe, topupScreensDe } from './de.ts';

/** Refusals of the international top-up calls, by their error code. */
export const topupErrorCodesNl: typeof topupErrorCodesDe = {
  provider_unavailable:
    'De aanbieder reageert op dit moment niet. Er is niets verkocht of afgeschreven; probeer het zo opnieuw.',
  provider_product_unavailable: 'Deze opwaardering wordt niet meer aangeboden. Kies een ander product.',
  top_up_not_held: 'Deze opwaardering wacht niet (meer) op een beslissing. Laad de lijst opnieuw.',
  provider_transaction_not_found:
    'De aanbieder heeft geen transactie onder deze opwaardering. Ze kan alleen als mislukt worden afgesloten.',
  topup_offer_closed: 'Dit aanbod is afgewezen, verlopen of al bevestigd. Vraag een nieuw aanbod aan.',
};

export const topupScreensNl: typeof topupScreensDe = {
  internationalTopup: 'Internationale opwaardering',
  rechargeSummary: 'Overzicht opwaarderingen',
  topupsPending: 'Openstaande opwaarderingen',
};

export const topupNl: typeof topupDe = {
  description: 'Beltegoed naar het buitenland sturen: voer land en nummer in, kies operator en product, bevestig.',
  country: 'Land',
  region: 'Regio',
  allRegions: 'Alle regio’s',
  regions: {
    africa: 'Afrika',
    asia: 'Azië',
    europe: 'Europa',
    north_america: 'Noord-Amerika',
    south_america: 'Zuid-Amerika',
    oceania: 'Oceanië',
  },
  mobileNumber: 'Mobiel nummer',
  mobileNumberHint: 'Het nummer binnen het land, zonder landnummer',
  findOperator: 'Operator zoeken',
  invalidNumber: 'Geen geldig mobiel nummer in {{country}}.',
  operator: 'Operator',
  operatorUnknown: 'De operator van het nummer is niet herkend; de producten van het land worden getoond.',
  product: 'Product',
  receives: 'Ontvanger krijgt',
  retailPrice: 'Verkoopprijs',
  yourPrice: 'Uw prijs',
  charged: 'Afgeschreven',
  buy: 'Kopen',
  confirmTitle: 'Opwaardering bevestigen',
  confirmText: 'Controleer de gegevens. Na bevestiging wordt de opwaardering verstuurd en uw saldo belast.',
  confirm: 'Bevestigen en versturen',
  status: 'Status',
  reference: 'Referentie',
  print: 'Bon afdrukken',
  again: 'Nieuwe opwaardering',
  date: 'Datum',
  soldBy: 'Verkocht door',
  history: 'Uw opwaarderingen',
  allStatuses: 'Alle statussen',
  noServices: 'Geen diensten beschikbaar',
  statuses: {
    pending: 'In behandeling',
    successful: 'Geslaagd',
    failed: 'Mislukt',
    refunded: 'Terugbetaald',
  },
  summary: {
    range: 'De periode mag hoogstens 366 dagen beslaan en niet eindigen vóór het begin.',
    description: 'Uw opwaarderingen per dag, soort, operator en status, met totalen.',
    from: 'Van',
    to: 'Tot',
    day: 'Dag',
    kind: 'Soort',
    count: 'Aantal',
    retailTotal: 'Verkoopwaarde',
    sellerTotal: 'Uw inkoop',
    total: 'Totaal',
    totalOf: 'Totaal {{status}}',
    empty: 'Geen opwaarderingen in deze periode.',
  },
  kinds: {
    international_topup: 'Internationale opwaardering',
    direct_recharge: 'Directe opwaardering',
    bus_ticket: 'Busticket',
    soft_pin: 'Soft-pincode',
  },
  /** One provider sale, as a ledger line opens it. */
  details: {
    title: '{{kind}} {{id}}',
    sale: 'Verkoop via aanbieder {{id}}',
    shop: 'Winkel',
    finalAt: 'Afgerond',
    providerReference: 'Referentie aanbieder',
  },
  pending: {
    description:
      'Opwaarderingen die langer dan 24 uur openstaan. Alleen het definitieve antwoord van de aanbieder verplaatst geld; vraag het hier opnieuw op.',
    shop: 'Winkel',
    provider: 'Aanbieder',
    providerStatus: 'Status bij aanbieder',
    lastAsked: 'Laatst gevraagd',
    check: 'Nu opvragen',
    checked: 'Status opgevraagd: {{status}}',
    empty: 'Geen opwaardering staat langer dan 24 uur open.',
    hold: 'Aangehouden',
    holds: {
      external_id_mismatch:
        'Aangehouden: de aanbieder heeft een andere opwaardering onder deze referentie. Het bedrag blijft gereserveerd; regel dit met de support van de aanbieder.',
      confirmed_without_reservation:
        'Aangehouden: de aanbieder voert een aanbod uit dat de winkel nooit heeft bevestigd; er is niets gereserveerd. Het kan alleen als mislukt worden afgesloten.',
    },
    resolve: {
      fail: 'Afsluiten als mislukt',
      follow: 'Opwaardering van de aanbieder volgen',
      failTitle: 'Afsluiten als mislukt?',
      failText:
        'Het gereserveerde bedrag gaat terug naar de winkel en zijn reseller. De aanbieder wordt niet gevraagd: levert hij de andere opwaardering toch, dan draagt het platform de kosten.',
      followTitle: 'Opwaardering van de aanbieder volgen?',
      followText:
        'De transactie die de aanbieder onder deze referentie heeft, wordt als deze verkoop gevolgd; haar definitieve status verplaatst het gereserveerde geld, ook als ze naar een ander nummer ging.',
      done: 'Beslist: {{status}}',
    },
  },
  offer: {
    asking: 'Aanbod wordt bij DT One opgevraagd …',
    askAgain: 'Opnieuw vragen',
    validUntil: 'Aanbod geldig tot',
    reject: 'Aanbod afwijzen',
    rejected: 'Aanbod afgewezen; er is niets afgeschreven.',
  },
  reconciliation: {
    title: 'DT One: saldo en dagelijkse afstemming',
    balance: 'Saldo bij DT One',
    balanceUnknown: 'DT One reageert op dit moment niet',
    threshold: 'Waarschuwingsgrens',
    below:
      'Het saldo bij DT One ligt onder de waarschuwingsgrens. Vul het aan voordat opwaarderingen worden geweigerd.',
    lastRun: 'Laatste afstemming: {{day}}, {{count}} transacties ({{status}})',
    noRun: 'Er is nog geen afstemming uitgevoerd.',
    runStatus: { running: 'bezig', done: 'klaar' },
    differences: 'Verschillen uit de dagelijkse afstemming',
    empty: 'Geen verschillen gevonden.',
    day: 'Dag',
    kind: 'Verschil',
    kinds: {
      unknown_transaction: 'Transactie bij DT One die het portaal niet kent',
      status_differs: 'Status wijkt af',
      offer_not_cancelled: 'Aanbod nooit geannuleerd bij DT One',
    },
    providerTransaction: 'DT One-transactie',
    portalStatus: 'Verkoop in het portaal',
    found: 'Gevonden',
  },
  outcome: {
    pending: 'De opwaardering is onderweg …',
    successful: 'De opwaardering is aangekomen.',
    failed: 'De opwaardering is mislukt; het bedrag is teruggeboekt.',
    refunded: 'De opwaardering is teruggedraaid; het bedrag is terugbetaald.',
  },
};

export const texts: typeof german = { screen: topupScreensNl, errors: { codes: topupErrorCodesNl }, topup: topupNl };
