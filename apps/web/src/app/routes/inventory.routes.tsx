import { IconBuildingWarehouse, IconGift, IconPhoneCall, IconSearch } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const configurationStockPage = () =>
  import('../../features/inventory/configuration-stock.page.tsx').then((m) => m.ConfigurationStockPage);
// A gift card is a product: its list, form and editor are the product screens' (features/products).
const productsPage = () => import('../../features/products/product-list.page.tsx').then((m) => m.ProductListPage);
const productDetailsPage = () =>
  import('../../features/products/product-details/product-details.page.tsx').then((m) => m.ProductDetailsPage);

/** Stock, the PIN import, pools, gift cards and the PIN search. */
export const inventoryRoutes: AppRoute[] = [
  route(
    '/inventory/view',
    'screen.inventory',
    () => import('../../features/inventory/inventory-list.page.tsx').then((m) => m.InventoryListPage),
    { menu: { group: 'catalogue', icon: IconBuildingWarehouse } },
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
    { menu: { group: 'catalogue', icon: IconPhoneCall } },
  ),
  route('/inventory/pool/add', 'screen.poolAdd', () =>
    import('../../features/inventory/pool-add.page.tsx').then((m) => m.PoolAddPage),
  ),
  route('/inventory/pool/pad/:poolId', 'screen.poolPad', () =>
    import('../../features/inventory/pool-pad.page.tsx').then((m) => m.PoolPadPage),
  ),
  route('/admin/giftcards/', 'screen.giftCards', productsPage, {
    props: { giftCards: true },
    menu: { group: 'catalogue', icon: IconGift },
  }),
  route('/admin/giftcards/search', 'screen.giftCardSearch', () =>
    import('../../features/inventory/gift-card-search.page.tsx').then((m) => m.GiftCardSearchPage),
  ),
  route('/admin/giftcard/:card', 'screen.giftCardDetails', () =>
    import('../../features/inventory/gift-card-details.page.tsx').then((m) => m.GiftCardDetailsPage),
  ),
  route('/admin/giftcard/edit/:card', 'screen.giftCardEdit', productDetailsPage, { props: { giftCard: true } }),
  route(
    '/admin/giftcards/add',
    'screen.giftCardAdd',
    () => import('../../features/products/product-add.page.tsx').then((m) => m.ProductAddPage),
    { props: { productType: 'gift_card' as const } },
  ),
  route(
    '/report/inventory-search',
    'screen.inventorySearch',
    () => import('../../features/inventory/inventory-search.page.tsx').then((m) => m.InventorySearchPage),
    { menu: { group: 'reports', icon: IconSearch } },
  ),
];
