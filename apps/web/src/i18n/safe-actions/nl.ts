import type { texts as german, safeActionsDe } from './de.ts';

export const safeActionsNl: typeof safeActionsDe = {
  undo: 'Ongedaan maken',
  block: {
    title: '{{name}} deactiveren?',
    withShops_one: '{{name}} en zijn winkel worden geblokkeerd en afgemeld.',
    withShops_other: '{{name}} en zijn {{count}} winkels worden geblokkeerd en afgemeld.',
    alone: '{{name}} wordt geblokkeerd en afgemeld.',
    signedOut_one: '{{count}} gebruiker verliest meteen de toegang, tot het account weer actief is.',
    signedOut_other: '{{count}} gebruikers verliezen meteen de toegang, tot het account weer actief is.',
    confirm: 'Deactiveren',
  },
  creditNote: {
    title: 'Correctiefactuur voor reclamatie {{id}} uitreiken?',
    shop: '{{shop}} krijgt {{amount}} terug op zijn saldo.',
    reseller: 'De reseller van de winkel krijgt {{amount}} terug.',
    final: 'Het document wordt meteen uitgereikt en kan alleen met een nieuw document worden gecorrigeerd.',
    done: 'Correctiefactuur voor reclamatie {{id}} uitgereikt.',
  },
  hardwareCancel: {
    title: 'Bestelling {{id}} annuleren?',
    consequence:
      '{{shop}} krijgt {{amount}} voor {{quantity}} × {{product}} terug op zijn saldo. De terugbetaling is een boeking en blijft staan.',
    done: 'Bestelling {{id}} geannuleerd, {{amount}} terugbetaald.',
  },
  hardwareOrder: {
    title: 'Bestelling plaatsen?',
    consequence:
      '{{quantity}} × {{product}} worden bij uw reseller besteld; {{amount}} wordt meteen van uw saldo afgeschreven.',
    confirm: 'Bestellen en betalen',
    done: '{{quantity}} × {{product}} besteld.',
  },
  catalogueDelete: {
    categoryTitle: 'Categorie {{name}} verwijderen?',
    category: 'De categorie {{name}} verdwijnt uit de hardwarecatalogus van uw winkels.',
    productTitle: 'Product {{name}} verwijderen?',
    product: 'Het product {{name}} verdwijnt uit de hardwarecatalogus van uw winkels; bestaande bestellingen blijven.',
    done: '{{name}} verwijderd.',
  },
  device: {
    title: 'Apparaat {{tag}} verwijderen?',
    consequence: 'Het apparaat {{tag}} (serienummer {{serial}}) wordt verwijderd.',
    withShop: 'Het apparaat {{tag}} (serienummer {{serial}}) wordt verwijderd en van de winkel {{shop}} afgenomen.',
    done: 'Apparaat {{tag}} verwijderd.',
  },
  bankLine: {
    title: 'Boeking verwijderen?',
    consequence:
      'De betaling van {{payer}} van {{amount}} op {{date}} wordt verwijderd en aan geen klant bijgeschreven.',
    debit: 'De afschrijving aan {{payer}} van {{amount}} op {{date}} wordt uit de lijst verwijderd.',
    done: 'Boeking van {{payer}} verwijderd.',
    undone: 'Boeking van {{payer}} hersteld.',
  },
  mapping: {
    title: 'Koppeling verwijderen?',
    consequence: 'Betalingen van {{payer}} worden niet meer automatisch aan {{customer}} gekoppeld.',
    done: 'Koppeling van {{payer}} verwijderd.',
  },
  favourite: {
    title: 'Favoriet verwijderen?',
    consequence: '{{product}} verdwijnt uit uw favorieten op de startpagina.',
    confirm: 'Verwijderen',
    done: '{{product}} uit de favorieten verwijderd.',
    undone: '{{product}} is weer een favoriet.',
    resetTitle: 'Favorieten herstellen naar standaard?',
    reset_one: 'Uw eigen favoriet wordt verwijderd; de startpagina toont weer uw best verkochte producten.',
    reset_other:
      'Uw {{count}} eigen favorieten worden verwijderd; de startpagina toont weer uw best verkochte producten.',
    resetDone: 'Favorieten teruggezet.',
    resetUndone: 'Uw eigen favorieten zijn terug.',
  },
  busTicket: {
    title: 'Ticket betalen?',
    consequence_one:
      '{{amount}} wordt meteen van uw saldo afgeschreven: {{from}} → {{to}}, {{departure}}, {{count}} reiziger.',
    consequence_other:
      '{{amount}} wordt meteen van uw saldo afgeschreven: {{from}} → {{to}}, {{departure}}, {{count}} reizigers.',
    masked_one: 'Het ticket wordt meteen van uw saldo betaald: {{from}} → {{to}}, {{departure}}, {{count}} reiziger.',
    masked_other:
      'Het ticket wordt meteen van uw saldo betaald: {{from}} → {{to}}, {{departure}}, {{count}} reizigers.',
    confirm: 'Nu betalen',
    done: 'Betaling verstuurd: {{from}} → {{to}}.',
  },
  credit: {
    customer: 'Klant nr. {{id}}',
    creditTitle: '{{amount}} krediet voor {{name}} boeken?',
    credit: '{{name}} krijgt {{amount}} krediet: saldo en openstaand krediet stijgen met {{amount}}.',
    paymentTitle: 'Betaling van {{name}} boeken?',
    payment:
      'Een betaling van {{name}} van {{amount}} ({{method}}) wordt geboekt: eerst wordt het openstaande krediet afgelost, de rest verhoogt het saldo.',
    final: 'De boeking blijft staan en wordt alleen met een nieuwe boeking gecorrigeerd.',
    creditDone: '{{amount}} krediet voor {{name}} geboekt.',
    paymentDone: 'Betaling van {{name}} van {{amount}} geboekt.',
    multiTitle_one: '{{count}} boeking uitvoeren?',
    multiTitle_other: '{{count}} boekingen uitvoeren?',
    multiCredit_one: '{{count}} klant krijgt {{total}} krediet:',
    multiCredit_other: '{{count}} klanten krijgen samen {{total}} krediet:',
    multiPayment_one: '{{count}} betaling van {{total}} ({{method}}) wordt geboekt:',
    multiPayment_other: '{{count}} betalingen van samen {{total}} ({{method}}) worden geboekt:',
    row: '{{name}}: {{amount}}',
    more_one: '… en nog {{count}} klant',
    more_other: '… en nog {{count}} klanten',
    multiFinal:
      'Elke boeking wordt afzonderlijk uitgevoerd; een weigering houdt de andere niet tegen. Wat geboekt is, wordt alleen met nieuwe boekingen gecorrigeerd.',
  },
  deleteConfirm: 'Verwijderen',
};

export const texts: typeof german = { safeActions: safeActionsNl };
