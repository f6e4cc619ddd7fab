import type { LegalMessages } from './de.ts';

export const legalNl: LegalMessages = {
  agb: {
    intro: 'Algemene voorwaarden van {{organisation}} voor de aankoop van prepaidproducten via dit portaal.',
    sections: {
      scope: {
        heading: '1. Toepassingsgebied',
        body: 'Deze voorwaarden gelden voor alle overeenkomsten tussen {{organisation}} (hierna „aanbieder”) en zakelijke klanten die via dit portaal prepaidproducten afnemen. Het portaal is uitsluitend bedoeld voor ondernemers in de zin van § 14 van het Duitse Burgerlijk Wetboek (BGB). Afwijkende voorwaarden van de klant gelden alleen als de aanbieder daar schriftelijk mee instemt.',
      },
      contract: {
        heading: '2. Klantaccount en totstandkoming van de overeenkomst',
        body: 'Voor het gebruik is een door de aanbieder geactiveerd klantaccount nodig. Een koopovereenkomst voor een product komt tot stand zodra de klant de bestelling in het portaal afrondt en het portaal de uitvoering bevestigt.',
      },
      prices: {
        heading: '3. Prijzen en betaling',
        body: 'De prijzen en kortingen die op het moment van bestellen in het portaal worden getoond, zijn van toepassing. Aankopen worden verrekend met het saldo van het klantaccount. Verleend krediet kan tot de overeengekomen kredietlimiet worden gebruikt en moet volgens factuur worden voldaan.',
      },
      delivery: {
        heading: '4. Levering van digitale producten',
        body: 'Pincodes, vouchercodes, tickets en opwaarderingen worden direct na de aankoop elektronisch geleverd. Vanaf de levering is de klant verantwoordelijk voor het veilig bewaren en doorgeven van de codes.',
      },
      claims: {
        heading: '5. Reclamaties',
        body: 'Codes die niet werken, moeten onverwijld en uiterlijk 14 dagen na aankoop via de reclamatiefunctie van het portaal worden gemeld. Gegronde reclamaties worden opgelost door vervanging of een creditnota. Geleverde, werkende codes kunnen niet worden geretourneerd.',
      },
      liability: {
        heading: '6. Aansprakelijkheid',
        body: 'De aanbieder is onbeperkt aansprakelijk bij opzet en grove nalatigheid en bij letsel aan leven, lichaam of gezondheid. Bij lichte nalatigheid is hij alleen aansprakelijk voor schending van wezenlijke contractuele verplichtingen, beperkt tot de voorzienbare, voor de overeenkomst typische schade.',
      },
      final: {
        heading: '7. Slotbepalingen',
        body: 'Het recht van de Bondsrepubliek Duitsland is van toepassing, met uitsluiting van het Weens Koopverdrag. Voor zover wettelijk toegestaan is de rechtbank van de vestigingsplaats van de aanbieder bevoegd. Is een bepaling ongeldig, dan blijven de overige bepalingen van kracht.',
      },
    },
  },
  terms: {
    intro: 'Voorwaarden voor het gebruik van het portaal van {{organisation}}.',
    sections: {
      access: {
        heading: '1. Toegang',
        body: 'Alleen geactiveerde gebruikers mogen het portaal gebruiken. Iedere gebruiker logt in met zijn persoonlijke inloggegevens. Aanmeldingen vanaf nieuwe apparaten kunnen een bevestiging per code of goedkeuring door een beheerder vereisen.',
      },
      credentials: {
        heading: '2. Inloggegevens',
        body: 'Wachtwoorden en verificatiecodes moeten geheim worden gehouden en mogen niet worden gedeeld. Bij vermoeden van misbruik moet het wachtwoord direct worden gewijzigd en de ondersteuning worden ingelicht.',
      },
      use: {
        heading: '3. Toegestaan gebruik',
        body: 'Het portaal mag alleen voor uw eigen bedrijfsvoering worden gebruikt. Geautomatiseerde massale verzoeken, pogingen om beveiligingsmechanismen te omzeilen en toegang tot gegevens van anderen zijn verboden.',
      },
      availability: {
        heading: '4. Beschikbaarheid',
        body: 'De aanbieder streeft naar een hoge beschikbaarheid. Onderhoud wordt zo mogelijk buiten de gebruikelijke kantooruren uitgevoerd en vooraf aangekondigd.',
      },
      suspension: {
        heading: '5. Sessies en blokkering',
        body: 'Om veiligheidsredenen wordt een sessie na drie uur zonder activiteit automatisch beëindigd. Bij schending van deze voorwaarden of bij betalingsachterstanden kan de toegang geheel of gedeeltelijk worden geblokkeerd.',
      },
      privacy: {
        heading: '6. Gegevensbescherming',
        body: 'Persoonsgegevens worden alleen verwerkt voor de uitvoering van de overeenkomst en de beveiliging van het portaal, in het bijzonder inlogtijden, IP-adressen en apparaatgegevens om onbevoegde toegang te herkennen.',
      },
    },
  },
  impressum: {
    intro: 'Gegevens volgens § 5 van de Duitse Wet digitale diensten (DDG)',
    sections: {
      provider: {
        heading: 'Aanbieder',
        body: 'Dit portaal wordt beheerd door {{organisation}}. {{organisation}} is verantwoordelijk voor de inhoud.',
      },
      disputes: {
        heading: 'Geschillenbeslechting',
        body: 'Het portaal is uitsluitend bedoeld voor ondernemers. Wij zijn niet bereid en niet verplicht deel te nemen aan geschillenbeslechting voor een consumentengeschillencommissie.',
      },
      content: {
        heading: 'Aansprakelijkheid voor inhoud',
        body: 'De inhoud van dit portaal is met de grootste zorg samengesteld. Wij kunnen echter niet garanderen dat deze juist, volledig en actueel is.',
      },
      copyright: {
        heading: 'Auteursrecht en merken',
        body: 'Teksten, afbeeldingen en vormgeving van dit portaal zijn auteursrechtelijk beschermd. Productnamen en logo’s zijn merken van hun respectieve eigenaars.',
      },
    },
  },
};
