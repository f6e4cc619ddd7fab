import { RULES, type Rule } from '../rules.ts';
export const sellingScreens = {
  '/dashboard': RULES.dashboard,
  '/cashcards/': RULES.cashCards,
  '/callingcards/': RULES.callingCards,
  '/giftcards/': RULES.giftCards,
  '/seller/sales': RULES.seller,
  '/seller/zreport': RULES.seller,
  '/download/:downloadId': { roles: [0, 1, 2, 3] },
} as const satisfies Record<string, Rule>;
