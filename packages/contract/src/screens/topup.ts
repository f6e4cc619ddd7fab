import { RULES, type Rule } from '../rules.ts';
export const topupScreens = {
  '/international-topup/': RULES.internationalTopup,
  '/seller/recharge-summary': RULES.seller,
  '/top-ups-pending': RULES.topupsPending,
} as const satisfies Record<string, Rule>;
