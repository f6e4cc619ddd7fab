import { RULES, type Rule } from '../rules.ts';
export const directRechargeScreens = {
  '/direct-recharge/': RULES.directRecharge,
  '/direct-recharge/history': RULES.directRecharge,
} as const satisfies Record<string, Rule>;
