import { IconTruck } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const supplierFormPage = () =>
  import('../../features/suppliers/supplier-form.page.tsx').then((m) => m.SupplierFormPage);

export const suppliersRoutes: AppRoute[] = [
  route(
    '/suppliers/view',
    'screen.suppliers',
    () => import('../../features/suppliers/supplier-list.page.tsx').then((m) => m.SupplierListPage),
    { menu: { group: 'catalogue', icon: IconTruck } },
  ),
  route('/supplier/add', 'screen.supplierAdd', supplierFormPage),
  route('/supplier/edit/:supplierId', 'screen.supplierEdit', supplierFormPage),
];
