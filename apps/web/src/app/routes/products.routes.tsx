import { IconPackage } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const productsRoutes: AppRoute[] = [
  route(
    '/products/view',
    'screen.products',
    () => import('../../features/products/product-list.page.tsx').then((m) => m.ProductListPage),
    { menu: { group: 'catalogue', icon: IconPackage } },
  ),
  route('/products/add', 'screen.productAdd', () =>
    import('../../features/products/product-add.page.tsx').then((m) => m.ProductAddPage),
  ),
  route('/products/view/:productId', 'screen.productDetails', () =>
    import('../../features/products/product-details/product-details.page.tsx').then((m) => m.ProductDetailsPage),
  ),
];
