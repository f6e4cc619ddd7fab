import {
  IconBuildingWarehouse,
  IconCoins,
  IconGift,
  IconHistory,
  IconPackage,
  IconPhoneCall,
  IconReportAnalytics,
  IconScale,
  IconSearch,
  IconTruck,
} from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const productsPage = () => import('../../features/products/product-list.page.tsx');
const productDetailsPage = () => import('../../features/products/product-details/product-details.page.tsx');
const supplierFormPage = () =>
  import('../../features/suppliers/supplier-form.page.tsx').then((m) => m.SupplierFormPage);
const configurationStockPage = () =>
  import('../../features/inventory/configuration-stock.page.tsx').then((m) => m.ConfigurationStockPage);

export const catalogueRoutes: AppRoute[] = [
  route('/products/view', 'screen.products', () => productsPage().then((m) => m.ProductListPage), {
    menu: { group: 'catalogue', icon: IconPackage },
  }),
  route('/products/add', 'screen.productAdd', () =>
    import('../../features/products/product-add.page.tsx').then((m) => m.ProductAddPage),
  ),
  route('/products/view/:productId', 'screen.productDetails', () =>
    productDetailsPage().then((m) => m.ProductDetailsPage),
  ),
  route(
    '/suppliers/view',
    'screen.suppliers',
    () => import('../../features/suppliers/supplier-list.page.tsx').then((m) => m.SupplierListPage),
    {
      menu: { group: 'catalogue', icon: IconTruck },
    },
  ),
  route('/supplier/add', 'screen.supplierAdd', supplierFormPage),
  route('/supplier/edit/:supplierId', 'screen.supplierEdit', supplierFormPage),
  route(
    '/inventory/view',
    'screen.inventory',
    () => import('../../features/inventory/inventory-list.page.tsx').then((m) => m.InventoryListPage),
    {
      menu: { group: 'catalogue', icon: IconBuildingWarehouse },
    },
  ),
  route('/inventory/details/:configId', 'screen.inventoryDetails', configurationStockPage, {
    props: { title: 'screen.inventoryDetails' as const },
  }),
  route('/inventory/add', 'screen.inventoryAdd', () =>
    import('../../features/inventory/inventory-add.page.tsx').then((m) => m.InventoryAddPage),
  ),
  route('/inventory/approve', 'screen.inventoryApprove', () =>
    import('../../features/inventory/inventory-approve.page.tsx').then((m) => m.InventoryApprovePage),
  ),
  route('/stock/details/:configId', 'screen.stockDetails', configurationStockPage, {
    props: { title: 'screen.stockDetails' as const },
  }),
  route('/stock/details/:configId/:batch', 'screen.stockBatch', () =>
    import('../../features/inventory/batch-pins.page.tsx').then((m) => m.BatchPinsPage),
  ),
  route(
    '/inventory/pool',
    'screen.pools',
    () => import('../../features/inventory/pools.page.tsx').then((m) => m.PoolsPage),
    {
      menu: { group: 'catalogue', icon: IconPhoneCall },
    },
  ),
  route('/inventory/pool/add', 'screen.poolAdd', () =>
    import('../../features/inventory/pool-add.page.tsx').then((m) => m.PoolAddPage),
  ),
  route('/inventory/pool/pad/:poolId', 'screen.poolPad', () =>
    import('../../features/inventory/pool-pad.page.tsx').then((m) => m.PoolPadPage),
  ),
  route('/admin/giftcards/', 'screen.giftCards', () => productsPage().then((m) => m.ProductListPage), {
    props: { giftCards: true },
    menu: { group: 'catalogue', icon: IconGift },
  }),
  route('/admin/giftcards/search', 'screen.giftCardSearch', () =>
    import('../../features/inventory/gift-card-search.page.tsx').then((m) => m.GiftCardSearchPage),
  ),
  route('/admin/giftcard/:card', 'screen.giftCardDetails', () =>
    import('../../features/inventory/gift-card-details.page.tsx').then((m) => m.GiftCardDetailsPage),
  ),
  route(
    '/admin/giftcard/edit/:card',
    'screen.giftCardEdit',
    () => productDetailsPage().then((m) => m.ProductDetailsPage),
    {
      props: { giftCard: true },
    },
  ),
  route(
    '/admin/giftcards/add',
    'screen.giftCardAdd',
    () => import('../../features/products/product-add.page.tsx').then((m) => m.ProductAddPage),
    {
      props: { productType: 'gift_card' as const },
    },
  ),
  route(
    '/reports-stock',
    'screen.stockReport',
    () => import('../../features/stock-reports/stock-report.page.tsx').then((m) => m.StockReportPage),
    {
      menu: { group: 'reports', icon: IconReportAnalytics },
    },
  ),
  route(
    '/reports-inventory',
    'screen.inventoryReport',
    () => import('../../features/stock-reports/inventory-report.page.tsx').then((m) => m.InventoryReportPage),
    {
      menu: { group: 'reports', icon: IconHistory },
    },
  ),
  // The books at a date (decision 0136).
  route(
    '/reports-stock-value',
    'screen.stockValue',
    () => import('../../features/stock-reports/stock-value.page.tsx').then((m) => m.StockValuePage),
    {
      menu: { group: 'reports', icon: IconCoins },
    },
  ),
  route(
    '/reports-supplier-debt',
    'screen.supplierDebt',
    () => import('../../features/stock-reports/supplier-debt.page.tsx').then((m) => m.SupplierDebtPage),
    {
      menu: { group: 'reports', icon: IconScale },
    },
  ),
  route(
    '/report/inventory-search',
    'screen.inventorySearch',
    () => import('../../features/inventory/inventory-search.page.tsx').then((m) => m.InventorySearchPage),
    {
      menu: { group: 'reports', icon: IconSearch },
    },
  ),
];
