import { IconDevices, IconTruckDelivery } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const hardwareOrders = () =>
  import('../../features/hardware/hardware-orders.page.tsx').then((m) => m.HardwareOrdersPage);

export const hardwareRoutes: AppRoute[] = [
  route(
    '/hardware',
    'screen.hardwareShop',
    () => import('../../features/hardware/hardware-categories.page.tsx').then((m) => m.HardwareCategoriesPage),
    { menu: { group: 'money', icon: IconDevices } },
  ),
  route('/hardware/category/:categoryId', 'screen.hardwareCategory', () =>
    import('../../features/hardware/hardware-products.page.tsx').then((m) => m.HardwareProductsPage),
  ),
  route('/admin/hardware/sales', 'screen.hardwareSales', hardwareOrders, {
    props: { manage: true },
    menu: { group: 'money', icon: IconTruckDelivery },
  }),
  route(
    '/hardware/categories',
    'screen.shopHardware',
    () => import('../../features/hardware/shop-categories.page.tsx').then((m) => m.ShopCategoriesPage),
    { menu: { group: 'selling', icon: IconDevices } },
  ),
  route('/hardware/:categoryId', 'screen.shopHardwareCategory', () =>
    import('../../features/hardware/shop-products.page.tsx').then((m) => m.ShopProductsPage),
  ),
  route('/report/hardware/sales', 'screen.hardwareReport', hardwareOrders, {
    props: { manage: false },
    menu: { group: 'reports', icon: IconTruckDelivery },
  }),
];
