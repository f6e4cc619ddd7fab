import { RULES, type Rule } from '../rules.ts';
export const staffScreens = {
  '/seller/users/view': RULES.sellerManager,
  '/seller/user/add': RULES.sellerManager,
  '/seller/user/edit/:userId': RULES.sellerManager,
  '/users/view': RULES.users,
  '/user/add': RULES.users,
  '/user/edit/:userId': RULES.users,
  '/user/assign/:userId': RULES.users,
  '/user/assign-history': RULES.users,
} as const satisfies Record<string, Rule>;
