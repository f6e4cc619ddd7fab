import { AUDIT_WORDS } from '@portal/contract/audit-words';
import type { auditDe, texts as german } from './de.ts';

export const auditNl: typeof auditDe = {
  tabs: { details: 'Overzicht', changes: 'Wijzigingen' },
  description: 'Wie wat wanneer wijzigde, aan deze klant en zijn gebruikers, toewijzingen, kortingen en sleutels.',
  logDescription: 'Elke wijziging op uw platform: wie, wanneer, wat, voor en na.',
  empty: 'Nog geen wijzigingen vastgelegd.',
  error: 'De wijzigingen konden niet worden geladen.',
  record: '{{kind}} {{key}}',
  filters: {
    actor: 'Wie',
    customer: 'Klant',
    kind: 'Wat',
    allKinds: 'Alles',
    all: 'Alle: {{what}}',
    from: 'Van',
    to: 'Tot',
    nothingFound: 'Niets gevonden',
    searching: 'Zoeken …',
    error: 'De keuzes konden niet worden geladen.',
  },
  columns: AUDIT_WORDS.nl.columns,
  kinds: AUDIT_WORDS.nl.kinds,
  actions: AUDIT_WORDS.nl.actions,
};

export const texts: typeof german = { screen: { auditLog: 'Wijzigingslogboek' }, audit: auditNl };
