import { RULES, type Rule } from '../rules.ts';
export const dynamicProductsScreens = {
  '/dynamic-products/': RULES.dynamicProducts,
  '/dynamic-products-discounts': RULES.dynamicProductsPlatform,
  '/customer/:customerId/dynamic/discount': RULES.dynamicProducts,
  '/report/dynamic-products-log': RULES.dynamicProductsLog,
  /** Provider goods as the platform sells them (issue 40): their VAT treatments, the superadmin's alone. */
  '/provider-catalogues/': RULES.providerVat,
} as const satisfies Record<string, Rule>;
