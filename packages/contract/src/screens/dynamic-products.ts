import { RULES, type Rule } from '../rules.ts';
export const dynamicProductsScreens = {
  '/dynamic-products/': RULES.dynamicProducts,
  '/dynamic-products-discounts': RULES.dynamicProductsPlatform,
  '/customer/:customerId/dynamic/discount': RULES.dynamicProducts,
  '/report/dynamic-products-log': RULES.dynamicProductsLog,
  /**
   * Provider goods as the platform sells them (issue 40): offers with cost and price, each provider's health and
   * the VAT treatments (`providerVat`, the same roles), the superadmin's alone.
   */
  '/provider-catalogues/': RULES.providerCatalogues,
} as const satisfies Record<string, Rule>;
