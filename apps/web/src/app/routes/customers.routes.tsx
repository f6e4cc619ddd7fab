import {
  IconBuildingBank,
  IconDeviceMobileCog,
  IconDiscount,
  IconPackage,
  IconReportMoney,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { type AppRoute, route, withEntryViews } from './route.tsx';

const customerList = () => import('../../features/customers/customer-list.page.tsx').then((m) => m.CustomerListPage);

export const customerRoutes: AppRoute[] = [
  route('/customers/view', 'screen.customers', customerList, { menu: { group: 'customers', icon: IconUsers } }),
  route('/stopped-customers/view', 'screen.stoppedCustomers', customerList, {
    props: { stopped: true },
    menu: { group: 'customers', icon: IconUserOff },
  }),
  route(
    '/customers/registrations',
    'screen.registrations',
    () => import('../../features/customers/registrations.page.tsx').then((m) => m.RegistrationsPage),
    { menu: { group: 'customers', icon: IconUserPlus } },
  ),
  route(
    '/customers/terminals',
    'screen.terminals',
    () => import('../../features/customers/terminals.page.tsx').then((m) => m.TerminalsPage),
    { menu: { group: 'customers', icon: IconDeviceMobileCog } },
  ),
  route('/customer/add', 'screen.customerAdd', () =>
    import('../../features/customers/customer-form/customer-add.page.tsx').then((m) => m.CustomerAddPage),
  ),
  route('/customer/edit/:customerId', 'screen.customerEdit', () =>
    import('../../features/customers/customer-form/customer-edit.page.tsx').then((m) => m.CustomerEditPage),
  ),
  route(
    '/customer/details/:customerId',
    'screen.customerDetails',
    withEntryViews(() =>
      import('../../features/customers/customer-details/customer-details.page.tsx').then((m) => m.CustomerDetailsPage),
    ),
  ),
  route(
    '/platform-details',
    'screen.platformDetails',
    () => import('../../features/customers/platform-details.page.tsx').then((m) => m.PlatformDetailsPage),
    { menu: { group: 'account', icon: IconBuildingBank } },
  ),
  route(
    '/customers/pad',
    'screen.customersPad',
    () => import('../../features/assignments/customers-pad.page.tsx').then((m) => m.CustomersPadPage),
    {
      menu: { group: 'customers', icon: IconPackage },
    },
  ),
  route('/customer/:customerId/pad', 'screen.customerPad', () =>
    import('../../features/assignments/customer-pad.page.tsx').then((m) => m.CustomerPadPage),
  ),
  route(
    '/discount-slabs/',
    'screen.discountSlabs',
    () => import('../../features/assignments/discount-slabs.page.tsx').then((m) => m.DiscountSlabsPage),
    { menu: { group: 'customers', icon: IconDiscount } },
  ),
  route('/discount-slabs/add', 'screen.discountSlabAdd', () =>
    import('../../features/assignments/slab-add.page.tsx').then((m) => m.SlabAddPage),
  ),
  route('/product-discount-slabs/:discountSlabId', 'screen.discountSlabEdit', () =>
    import('../../features/assignments/slab-edit.page.tsx').then((m) => m.SlabEditPage),
  ),
  route(
    '/report/product-discounts-list',
    'screen.productDiscounts',
    () => import('../../features/assignments/product-discounts.page.tsx').then((m) => m.ProductDiscountsPage),
    { menu: { group: 'reports', icon: IconReportMoney } },
  ),
];
