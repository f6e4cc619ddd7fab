import { RULES, type Rule } from '../rules.ts';
export const partnerScreens = {
  '/seller/api': RULES.apiKeysShop,
} as const satisfies Record<string, Rule>;
