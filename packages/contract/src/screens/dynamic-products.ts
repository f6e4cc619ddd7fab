import { RULES, type Rule } from '../rules.ts';
export const dynamicProductsScreens = {
  '/dynamic-products/': RULES.dynamicProducts,
  '/dynamic-products-discounts': RULES.dynamicProductsPlatform,
  '/customer/:customerId/dynamic/discount': RULES.dynamicProducts,
  '/report/dynamic-products-log': RULES.dynamicProductsLog,
} as const satisfies Record<string, Rule>;
