import { IconCloudDownload, IconDiscount2, IconListSearch, IconReceiptTax } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

/** Soft pins and dynamic products (decision 0104): the platform's configuration, the discounts, the provider log. */
export const dynamicProductsRoutes: AppRoute[] = [
  route(
    '/dynamic-products/',
    'screen.dynamicProducts',
    () => import('../../features/dynamic-products/dynamic-products.page.tsx').then((m) => m.DynamicProductsPage),
    { menu: { group: 'catalogue', icon: IconCloudDownload } },
  ),
  route(
    '/dynamic-products-discounts',
    'screen.dynamicProductsDiscounts',
    () =>
      import('../../features/dynamic-products/platform-dynamic-discounts.page.tsx').then(
        (m) => m.PlatformDynamicDiscountsPage,
      ),
    { menu: { group: 'catalogue', icon: IconDiscount2 } },
  ),
  route(
    '/provider-catalogues/',
    'screen.providerCatalogues',
    () => import('../../features/dynamic-products/provider-catalogues.page.tsx').then((m) => m.ProviderCataloguesPage),
    { menu: { group: 'catalogue', icon: IconReceiptTax } },
  ),
  route('/customer/:customerId/dynamic/discount', 'screen.customerDynamicDiscount', () =>
    import('../../features/dynamic-products/customer-dynamic-discount.page.tsx').then(
      (m) => m.CustomerDynamicDiscountPage,
    ),
  ),
  route(
    '/report/dynamic-products-log',
    'screen.dynamicProductsLog',
    () => import('../../features/dynamic-products/dynamic-products-log.page.tsx').then((m) => m.DynamicProductsLogPage),
    { menu: { group: 'reports', icon: IconListSearch } },
  ),
];
