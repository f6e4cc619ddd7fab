import { AUDIT_WORDS } from '@portal/contract/audit-words';

/** Texts of the audit trail's screens: a customer's "Changes" tab and the superadmin's log (issue 41). */
export const auditDe = {
  tabs: { details: 'Übersicht', changes: 'Änderungen' },
  description:
    'Wer hat wann was geändert, an diesem Kunden und seinen Benutzern, Zuweisungen, Rabatten und Schlüsseln.',
  logDescription: 'Jede Änderung Ihrer Plattform: wer, wann, was, vorher und nachher.',
  empty: 'Noch keine Änderungen aufgezeichnet.',
  error: 'Die Änderungen konnten nicht geladen werden.',
  record: '{{kind}} {{key}}',
  filters: {
    actor: 'Wer',
    customer: 'Kunde',
    kind: 'Was',
    allKinds: 'Alles',
    all: 'Alle: {{what}}',
    from: 'Von',
    to: 'Bis',
    nothingFound: 'Nichts gefunden',
    searching: 'Suche läuft …',
    error: 'Die Auswahl konnte nicht geladen werden.',
  },
  columns: AUDIT_WORDS.de.columns,
  kinds: AUDIT_WORDS.de.kinds,
  actions: AUDIT_WORDS.de.actions,
};

export const texts = { screen: { auditLog: 'Änderungsprotokoll' }, audit: auditDe };
