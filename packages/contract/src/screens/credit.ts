import { RULES, type Rule } from '../rules.ts';
export const creditScreens = {
  '/seller/ledger': RULES.seller,
  '/customer/:customerId/credit/add': RULES.credit,
  '/customer/credit/add': RULES.credit,
  '/customer/credit/multi': RULES.credit,
  '/customer/credit/history': RULES.credit,
  '/customer/:customerId/credit/auto': RULES.credit,
  '/customer/credit/auto': RULES.credit,
  '/admin/ledger': { roles: [1], feature: 'has_credit_and_balance' },
  '/admin/customer-ledger': RULES.balances,
} as const satisfies Record<string, Rule>;
