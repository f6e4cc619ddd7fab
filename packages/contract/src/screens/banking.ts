import { RULES, type Rule } from '../rules.ts';
export const bankingScreens = {
  '/banking-upload': RULES.banking,
  '/banking-list': RULES.banking,
  '/banking-customers': RULES.banking,
  '/banking-deleted': RULES.banking,
} as const satisfies Record<string, Rule>;
