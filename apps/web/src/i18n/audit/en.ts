import { AUDIT_WORDS } from '@portal/contract/audit-words';
import type { auditDe, texts as german } from './de.ts';

export const auditEn: typeof auditDe = {
  tabs: { details: 'Overview', changes: 'Changes' },
  description: 'Who changed what and when, on this customer and its users, assignments, discounts and keys.',
  logDescription: 'Every change on your platform: who, when, what, before and after.',
  empty: 'No changes recorded yet.',
  error: 'The changes could not be loaded.',
  record: '{{kind}} {{key}}',
  filters: {
    actor: 'Who',
    customer: 'Customer',
    kind: 'What',
    allKinds: 'Everything',
    all: 'All: {{what}}',
    from: 'From',
    to: 'To',
    nothingFound: 'Nothing found',
    searching: 'Searching …',
    error: 'The choices could not be loaded.',
  },
  columns: AUDIT_WORDS.en.columns,
  kinds: AUDIT_WORDS.en.kinds,
  actions: AUDIT_WORDS.en.actions,
};

export const texts: typeof german = { screen: { auditLog: 'Change log' }, audit: auditEn };
