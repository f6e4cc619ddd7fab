import { RULES, type Rule } from '../rules.ts';
export const customersScreens = {
  '/customers/view': RULES.customersView,
  '/stopped-customers/view': RULES.customersView,
  '/customers/registrations': RULES.customersChange,
  '/customers/terminals': RULES.superadmin,
  '/customer/add': RULES.customersChange,
  '/customer/details/:customerId': RULES.customersView,
  '/customer/edit/:customerId': RULES.customersChange,
  '/customer/:customerId/pad': RULES.assignProducts,
  '/customers/pad': RULES.assignProducts,
  '/discount-slabs/': RULES.discountSlabs,
  '/discount-slabs/add': RULES.discountSlabs,
  '/product-discount-slabs/:discountSlabId': RULES.discountSlabs,
  '/report/product-discounts-list': RULES.reportsOperators,
  '/platform-details': RULES.platformDetails,
} as const satisfies Record<string, Rule>;
