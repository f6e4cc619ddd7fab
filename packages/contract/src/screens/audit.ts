import { RULES, type Rule } from '../rules.ts';

/** The audit trail's screens (issue 41, decision 0141): the superadmin's log of its platform's changes. */
export const auditScreens = {
  '/admin/audit-log': RULES.superadmin,
} as const satisfies Record<string, Rule>;
