/** Legal texts, loaded only by the legal pages; {{organisation}} is the organisation the host resolved to. */
export type LegalMessages = typeof legalDe;

export const legalDe = {
  agb: {
    intro:
      'Allgemeine Geschäftsbedingungen von {{organisation}} für den Bezug von Prepaid-Produkten über dieses Portal.',
    sections: {
      scope: {
        heading: '1. Geltungsbereich',
        body: 'Diese Bedingungen gelten für alle Verträge zwischen {{organisation}} (nachfolgend „Anbieter“) und gewerblichen Kunden, die über dieses Portal Prepaid-Produkte beziehen. Das Portal richtet sich ausschließlich an Unternehmer im Sinne von § 14 BGB. Abweichende Bedingungen des Kunden gelten nur, wenn der Anbieter ihnen schriftlich zustimmt.',
      },
      contract: {
        heading: '2. Kundenkonto und Vertragsschluss',
        body: 'Die Nutzung setzt ein vom Anbieter freigeschaltetes Kundenkonto voraus. Ein Kaufvertrag über ein Produkt kommt zustande, sobald der Kunde die Bestellung im Portal abschließt und das Portal die Ausführung bestätigt.',
      },
      prices: {
        heading: '3. Preise und Zahlung',
        body: 'Es gelten die zum Zeitpunkt der Bestellung im Portal angezeigten Preise und Rabatte. Käufe werden mit dem Guthaben des Kundenkontos verrechnet. Ein eingeräumter Kredit kann bis zum vereinbarten Kreditlimit genutzt werden und ist gemäß Rechnung auszugleichen.',
      },
      delivery: {
        heading: '4. Bereitstellung digitaler Produkte',
        body: 'PINs, Gutscheincodes, Tickets und Aufladungen werden unmittelbar nach dem Kauf elektronisch bereitgestellt. Ab der Bereitstellung ist der Kunde für die sichere Aufbewahrung und Weitergabe der Codes verantwortlich.',
      },
      claims: {
        heading: '5. Reklamationen',
        body: 'Nicht funktionsfähige Codes sind unverzüglich, spätestens 14 Tage nach dem Kauf, über die Reklamationsfunktion des Portals zu melden. Berechtigte Reklamationen werden durch Ersatz oder Gutschrift ausgeglichen. Die Rückgabe bereitgestellter, funktionsfähiger Codes ist ausgeschlossen.',
      },
      liability: {
        heading: '6. Haftung',
        body: 'Der Anbieter haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit. Bei leichter Fahrlässigkeit haftet er nur für die Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.',
      },
      final: {
        heading: '7. Schlussbestimmungen',
        body: 'Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gerichtsstand ist, soweit gesetzlich zulässig, der Sitz des Anbieters. Sollte eine Bestimmung unwirksam sein, bleiben die übrigen Bestimmungen wirksam.',
      },
    },
  },
  terms: {
    intro: 'Bedingungen für die Nutzung des Portals von {{organisation}}.',
    sections: {
      access: {
        heading: '1. Zugang',
        body: 'Das Portal darf nur von freigeschalteten Nutzern verwendet werden. Jeder Nutzer meldet sich mit seinen persönlichen Zugangsdaten an. Anmeldungen von neuen Geräten können eine Bestätigung per Code oder die Freigabe durch einen Administrator erfordern.',
      },
      credentials: {
        heading: '2. Zugangsdaten',
        body: 'Passwörter und Bestätigungscodes sind geheim zu halten und dürfen nicht weitergegeben werden. Bei Verdacht auf Missbrauch ist das Passwort sofort zu ändern und der Support zu informieren.',
      },
      use: {
        heading: '3. Zulässige Nutzung',
        body: 'Das Portal darf nur für den eigenen Geschäftsbetrieb genutzt werden. Automatisierte Massenabfragen, Versuche, Sicherheitsmechanismen zu umgehen, und der Zugriff auf fremde Daten sind untersagt.',
      },
      availability: {
        heading: '4. Verfügbarkeit',
        body: 'Der Anbieter bemüht sich um eine hohe Verfügbarkeit. Wartungsarbeiten werden nach Möglichkeit außerhalb der üblichen Geschäftszeiten durchgeführt und angekündigt.',
      },
      suspension: {
        heading: '5. Sitzungen und Sperrung',
        body: 'Aus Sicherheitsgründen wird eine Sitzung nach drei Stunden ohne Aktivität automatisch beendet. Bei Verstößen gegen diese Bedingungen oder bei Zahlungsrückständen kann der Zugang ganz oder teilweise gesperrt werden.',
      },
      privacy: {
        heading: '6. Datenschutz',
        body: 'Personenbezogene Daten werden nur zur Vertragsabwicklung und zum Schutz des Portals verarbeitet, insbesondere Anmeldezeitpunkte, IP-Adressen und Geräteinformationen zur Erkennung unbefugter Zugriffe.',
      },
    },
  },
  impressum: {
    intro: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)',
    sections: {
      provider: {
        heading: 'Anbieter',
        body: 'Dieses Portal wird betrieben von {{organisation}}. Verantwortlich für den Inhalt ist {{organisation}}.',
      },
      disputes: {
        heading: 'Streitbeilegung',
        body: 'Das Portal richtet sich ausschließlich an Unternehmer. Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
      },
      content: {
        heading: 'Haftung für Inhalte',
        body: 'Die Inhalte dieses Portals wurden mit größter Sorgfalt erstellt. Für die Richtigkeit, Vollständigkeit und Aktualität der Inhalte können wir jedoch keine Gewähr übernehmen.',
      },
      copyright: {
        heading: 'Urheberrecht und Marken',
        body: 'Texte, Bilder und Gestaltung dieses Portals sind urheberrechtlich geschützt. Produktnamen und Logos sind Marken der jeweiligen Rechteinhaber.',
      },
    },
  },
};
