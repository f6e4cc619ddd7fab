import { RULES, type Rule } from '../rules.ts';
export const reportsScreens = {
  '/reports-sales': RULES.reportsOperators,
  '/reports-sales-new': RULES.reportsOperators,
  '/report-sales-summary': RULES.reportsOperators,
  '/reports-sales-comparison': RULES.reportsOperators,
  '/reseller-reports-sales': RULES.reportsOperators,
} as const satisfies Record<string, Rule>;
