import type { UserInfo } from '@portal/contract/auth';
import { passesRule, type Rule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import {
  IconBook,
  IconBuildingBank,
  IconBuildingWarehouse,
  IconCoins,
  IconCreditCard,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDevices,
  IconDiscount,
  IconFileImport,
  IconGift,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconListDetails,
  IconPackage,
  IconPhoneCall,
  IconReceipt,
  IconRefresh,
  IconReportAnalytics,
  IconReportMoney,
  IconSearch,
  IconSettings,
  IconShieldCheck,
  IconStack2,
  IconStar,
  IconTrashX,
  IconTruck,
  IconTruckDelivery,
  IconUserDollar,
  IconUserOff,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { NavItem, ScreenTitleKey } from '../lib/navigation.ts';
import { ruleSubject } from '../lib/session.ts';
import { lazyPage } from './lazy-page.ts';

/** Menu groups, in menu order; the horizontal menu shows each group of several screens as one dropdown. */
export const MENU_GROUPS = [
  'main',
  'selling',
  'catalogue',
  'customers',
  'staff',
  'money',
  'reports',
  'account',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface AppRoute {
  path: ScreenPath;
  /** Taken from SCREENS, the table the server guard reads too. */
  rule: Rule;
  title: ScreenTitleKey;
  page: LazyExoticComponent<ComponentType<object>>;
  /** 'blank' screens (sign-in, errors) have no menu around them. */
  layout: 'app' | 'blank';
  menu?: { group: MenuGroup; icon: NavItem['icon'] };
}

function route<P extends object>(
  path: ScreenPath,
  title: ScreenTitleKey,
  load: () => Promise<ComponentType<P>>,
  options: { props?: P; layout?: AppRoute['layout']; menu?: AppRoute['menu'] } = {},
): AppRoute {
  const { props, layout = 'app', menu } = options;
  const page = lazyPage(() => load().then((Page) => bindProps(Page, props)));
  return { path, rule: SCREENS[path], title, page, layout, menu };
}

function bindProps<P extends object>(Page: ComponentType<P>, props: P | undefined): ComponentType<object> {
  if (!props) return Page as ComponentType<object>;
  const Bound = () => <Page {...props} />;
  Bound.displayName = Page.displayName ?? Page.name;
  return Bound;
}

const auth = () => import('../features/auth/login.page.tsx');
const statusPage = () => import('../features/pages/status.page.tsx').then((m) => m.StatusPage);
const legalPage = () => import('../features/pages/legal.page.tsx').then((m) => m.LegalPage);

const productsPage = () => import('../features/products/product-list.page.tsx');
const productDetailsPage = () => import('../features/products/product-details.page.tsx');
const supplierFormPage = () => import('../features/suppliers/supplier-form.page.tsx').then((m) => m.SupplierFormPage);
const sellerProductsPage = () =>
  import('../features/selling/seller-products.page.tsx').then((m) => m.SellerProductsPage);
const configurationStockPage = () =>
  import('../features/inventory/configuration-stock.page.tsx').then((m) => m.ConfigurationStockPage);
const customerList = () => import('../features/customers/customer-list.page.tsx').then((m) => m.CustomerListPage);
const customerForm = () => import('../features/customers/customer-form.page.tsx');
const staffList = () => import('../features/staff/staff-list.page.tsx').then((m) => m.StaffListPage);
const staffForm = () => import('../features/staff/staff-form.page.tsx');
const slabForm = () => import('../features/assignments/slab-form.page.tsx');
const padPages = () => import('../features/assignments/pad.page.tsx');
const creditAdd = () => import('../features/credit/credit-add.page.tsx').then((m) => m.CreditAddPage);
const autoCredit = () => import('../features/credit/auto-credit.page.tsx').then((m) => m.AutoCreditPage);
const deviceForm = () => import('../features/devices/device-form.page.tsx');
const assignDevices = () => import('../features/devices/assign-devices.page.tsx').then((m) => m.AssignDevicesPage);
const hardwareCatalogue = () => import('../features/hardware/hardware-catalogue.page.tsx');
const hardwareProducts = () => import('../features/hardware/hardware-products.page.tsx');
const hardwareOrders = () => import('../features/hardware/hardware-orders.page.tsx').then((m) => m.HardwareOrdersPage);
const bankRecordsPages = () => import('../features/banking/bank-records.page.tsx');
const ownLedger = () => import('../features/credit/ledger.page.tsx').then((m) => m.OwnLedgerPage);

/**
 * Every screen of the app, once. A screen added here is routed, guarded with its SCREENS rule, titled and, with
 * `menu`, listed in the menu and on the home page for the users who pass its rule.
 */
export const ROUTES: readonly AppRoute[] = [
  route('/', 'screen.home', () => import('../features/home/home.page.tsx').then((m) => m.HomePage), {
    menu: { group: 'main', icon: IconHome },
  }),
  route(
    '/login-requests',
    'screen.loginRequests',
    () => import('../features/login-requests/login-requests.page.tsx').then((m) => m.LoginRequestsPage),
    { menu: { group: 'main', icon: IconShieldCheck } },
  ),
  route(
    '/settings',
    'screen.settings',
    () => import('../features/settings/settings.page.tsx').then((m) => m.SettingsPage),
    {
      menu: { group: 'account', icon: IconSettings },
    },
  ),
  route('/version', 'screen.version', () => import('../features/pages/version.page.tsx').then((m) => m.VersionPage)),
  route('/agb', 'screen.agb', legalPage, { props: { document: 'agb' } }),
  route('/terms', 'screen.terms', legalPage, { props: { document: 'terms' } }),
  route('/impressum', 'screen.impressum', legalPage, { props: { document: 'impressum' } }),
  route('/login', 'screen.login', () => auth().then((m) => m.LoginPage), { layout: 'blank' }),
  route('/loading', 'screen.loading', () => import('../features/auth/loading.page.tsx').then((m) => m.LoadingPage), {
    layout: 'blank',
  }),
  route(
    '/registration/set-password/:id',
    'screen.setPassword',
    () => import('../features/auth/set-password.page.tsx').then((m) => m.SetPasswordPage),
    { layout: 'blank' },
  ),
  route('/pages/error-404', 'screen.notFound', statusPage, { layout: 'blank', props: { kind: 'not-found' } }),
  route('/pages/error-500', 'screen.serverError', statusPage, { layout: 'blank', props: { kind: 'server-error' } }),
  route('/pages/not-authorized', 'screen.notAuthorized', statusPage, {
    layout: 'blank',
    props: { kind: 'not-authorized' },
  }),
  route('/pages/comingsoon', 'screen.comingSoon', statusPage, { layout: 'blank', props: { kind: 'coming-soon' } }),
  route('/pages/maintenance', 'screen.maintenance', statusPage, { layout: 'blank', props: { kind: 'maintenance' } }),
  // Selling at the counter (issue 5): one product page for the three product types.
  route(
    '/dashboard',
    'screen.dashboard',
    () => import('../features/selling/dashboard.page.tsx').then((m) => m.DashboardPage),
    { menu: { group: 'selling', icon: IconLayoutDashboard } },
  ),
  route('/cashcards/', 'screen.cashCards', sellerProductsPage, {
    props: { productType: 'cash_card' as const },
    menu: { group: 'selling', icon: IconCreditCard },
  }),
  route('/callingcards/', 'screen.callingCards', sellerProductsPage, {
    props: { productType: 'calling_card' as const },
    menu: { group: 'selling', icon: IconDeviceMobile },
  }),
  route('/giftcards/', 'screen.sellerGiftCards', sellerProductsPage, {
    props: { productType: 'gift_card' as const },
    menu: { group: 'selling', icon: IconGift },
  }),
  route(
    '/seller/sales',
    'screen.sellerSales',
    () => import('../features/selling/sales.page.tsx').then((m) => m.SalesPage),
    { menu: { group: 'selling', icon: IconReceipt } },
  ),
  route(
    '/seller/zreport',
    'screen.zReport',
    () => import('../features/selling/z-report.page.tsx').then((m) => m.ZReportPage),
    { menu: { group: 'selling', icon: IconReportMoney } },
  ),
  route('/download/:downloadId', 'screen.download', () =>
    import('../features/selling/download.page.tsx').then((m) => m.DownloadPage),
  ),
  // Catalogue and PIN inventory (issue 3).
  route('/products/view', 'screen.products', () => productsPage().then((m) => m.ProductListPage), {
    menu: { group: 'catalogue', icon: IconPackage },
  }),
  route('/products/add', 'screen.productAdd', () =>
    import('../features/products/product-add.page.tsx').then((m) => m.ProductAddPage),
  ),
  route('/products/view/:productId', 'screen.productDetails', () =>
    productDetailsPage().then((m) => m.ProductDetailsPage),
  ),
  route(
    '/suppliers/view',
    'screen.suppliers',
    () => import('../features/suppliers/supplier-list.page.tsx').then((m) => m.SupplierListPage),
    {
      menu: { group: 'catalogue', icon: IconTruck },
    },
  ),
  route('/supplier/add', 'screen.supplierAdd', supplierFormPage),
  route('/supplier/edit/:supplierId', 'screen.supplierEdit', supplierFormPage),
  route(
    '/inventory/view',
    'screen.inventory',
    () => import('../features/inventory/inventory-list.page.tsx').then((m) => m.InventoryListPage),
    {
      menu: { group: 'catalogue', icon: IconBuildingWarehouse },
    },
  ),
  route('/inventory/details/:configId', 'screen.inventoryDetails', configurationStockPage, {
    props: { title: 'screen.inventoryDetails' as const },
  }),
  route('/inventory/add', 'screen.inventoryAdd', () =>
    import('../features/inventory/inventory-add.page.tsx').then((m) => m.InventoryAddPage),
  ),
  route('/inventory/approve', 'screen.inventoryApprove', () =>
    import('../features/inventory/inventory-approve.page.tsx').then((m) => m.InventoryApprovePage),
  ),
  route('/stock/details/:configId', 'screen.stockDetails', configurationStockPage, {
    props: { title: 'screen.stockDetails' as const },
  }),
  route('/stock/details/:configId/:batch', 'screen.stockBatch', () =>
    import('../features/inventory/batch-pins.page.tsx').then((m) => m.BatchPinsPage),
  ),
  route(
    '/inventory/pool',
    'screen.pools',
    () => import('../features/inventory/pools.page.tsx').then((m) => m.PoolsPage),
    {
      menu: { group: 'catalogue', icon: IconPhoneCall },
    },
  ),
  route('/inventory/pool/add', 'screen.poolAdd', () =>
    import('../features/inventory/pool-add.page.tsx').then((m) => m.PoolAddPage),
  ),
  route('/inventory/pool/pad/:poolId', 'screen.poolPad', () =>
    import('../features/inventory/pool-pad.page.tsx').then((m) => m.PoolPadPage),
  ),
  route('/admin/giftcards/', 'screen.giftCards', () => productsPage().then((m) => m.ProductListPage), {
    props: { giftCards: true },
    menu: { group: 'catalogue', icon: IconGift },
  }),
  route('/admin/giftcards/search', 'screen.giftCardSearch', () =>
    import('../features/inventory/gift-card-search.page.tsx').then((m) => m.GiftCardSearchPage),
  ),
  route('/admin/giftcard/:card', 'screen.giftCardDetails', () =>
    import('../features/inventory/gift-card-details.page.tsx').then((m) => m.GiftCardDetailsPage),
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
    () => import('../features/products/product-add.page.tsx').then((m) => m.ProductAddPage),
    {
      props: { productType: 'gift_card' as const },
    },
  ),
  route(
    '/reports-stock',
    'screen.stockReport',
    () => import('../features/stock-reports/stock-report.page.tsx').then((m) => m.StockReportPage),
    {
      menu: { group: 'reports', icon: IconReportAnalytics },
    },
  ),
  route(
    '/reports-inventory',
    'screen.inventoryReport',
    () => import('../features/stock-reports/inventory-report.page.tsx').then((m) => m.InventoryReportPage),
    {
      menu: { group: 'reports', icon: IconHistory },
    },
  ),
  route(
    '/report/inventory-search',
    'screen.inventorySearch',
    () => import('../features/inventory/inventory-search.page.tsx').then((m) => m.InventorySearchPage),
    {
      menu: { group: 'reports', icon: IconSearch },
    },
  ),
  // Customers, staff, product assignment and money (issue 4).
  route('/customers/view', 'screen.customers', customerList, { menu: { group: 'customers', icon: IconUsers } }),
  route('/stopped-customers/view', 'screen.stoppedCustomers', customerList, {
    props: { stopped: true },
    menu: { group: 'customers', icon: IconUserOff },
  }),
  route(
    '/customers/registrations',
    'screen.registrations',
    () => import('../features/customers/registrations.page.tsx').then((m) => m.RegistrationsPage),
    { menu: { group: 'customers', icon: IconUserPlus } },
  ),
  route('/customer/add', 'screen.customerAdd', () => customerForm().then((m) => m.CustomerAddPage)),
  route('/customer/edit/:customerId', 'screen.customerEdit', () => customerForm().then((m) => m.CustomerEditPage)),
  route('/customer/details/:customerId', 'screen.customerDetails', () =>
    import('../features/customers/customer-details.page.tsx').then((m) => m.CustomerDetailsPage),
  ),
  route('/customers/pad', 'screen.customersPad', () => padPages().then((m) => m.CustomersPadPage), {
    menu: { group: 'customers', icon: IconPackage },
  }),
  route('/customer/:customerId/pad', 'screen.customerPad', () => padPages().then((m) => m.CustomerPadPage)),
  route(
    '/discount-slabs/',
    'screen.discountSlabs',
    () => import('../features/assignments/discount-slabs.page.tsx').then((m) => m.DiscountSlabsPage),
    { menu: { group: 'customers', icon: IconDiscount } },
  ),
  route('/discount-slabs/add', 'screen.discountSlabAdd', () => slabForm().then((m) => m.SlabAddPage)),
  route('/product-discount-slabs/:discountSlabId', 'screen.discountSlabEdit', () =>
    slabForm().then((m) => m.SlabEditPage),
  ),
  route(
    '/report/product-discounts-list',
    'screen.productDiscounts',
    () => import('../features/assignments/product-discounts.page.tsx').then((m) => m.ProductDiscountsPage),
    { menu: { group: 'reports', icon: IconReportMoney } },
  ),
  route('/users/view', 'screen.users', staffList, {
    props: { scope: 'operator' },
    menu: { group: 'staff', icon: IconUsersGroup },
  }),
  route('/user/add', 'screen.userAdd', () => staffForm().then((m) => m.StaffAddPage), { props: { scope: 'operator' } }),
  route('/user/edit/:userId', 'screen.userEdit', () => staffForm().then((m) => m.StaffEditPage), {
    props: { scope: 'operator' },
  }),
  route('/user/assign/:userId', 'screen.userAssign', () =>
    import('../features/staff/staff-assign.page.tsx').then((m) => m.StaffAssignPage),
  ),
  route(
    '/user/assign-history',
    'screen.assignHistory',
    () => import('../features/staff/assign-history.page.tsx').then((m) => m.AssignHistoryPage),
    { menu: { group: 'staff', icon: IconHistory } },
  ),
  route('/seller/users/view', 'screen.sellerUsers', staffList, {
    props: { scope: 'shop' },
    menu: { group: 'staff', icon: IconUsersGroup },
  }),
  route('/seller/user/add', 'screen.sellerUserAdd', () => staffForm().then((m) => m.StaffAddPage), {
    props: { scope: 'shop' },
  }),
  route('/seller/user/edit/:userId', 'screen.sellerUserEdit', () => staffForm().then((m) => m.StaffEditPage), {
    props: { scope: 'shop' },
  }),
  route('/customer/credit/add', 'screen.creditAdd', creditAdd, { menu: { group: 'money', icon: IconCoins } }),
  route('/customer/:customerId/credit/add', 'screen.creditAdd', creditAdd),
  route(
    '/customer/credit/multi',
    'screen.creditMulti',
    () => import('../features/credit/credit-multi.page.tsx').then((m) => m.CreditMultiPage),
    { menu: { group: 'money', icon: IconStack2 } },
  ),
  route(
    '/customer/credit/history',
    'screen.creditHistory',
    () => import('../features/credit/credit-history.page.tsx').then((m) => m.CreditHistoryPage),
    { menu: { group: 'money', icon: IconHistory } },
  ),
  route('/customer/credit/auto', 'screen.autoCredit', autoCredit, { menu: { group: 'money', icon: IconRefresh } }),
  route('/customer/:customerId/credit/auto', 'screen.autoCredit', autoCredit),
  route('/admin/ledger', 'screen.adminLedger', ownLedger, {
    props: { scope: 'reseller' },
    menu: { group: 'money', icon: IconBook },
  }),
  route(
    '/admin/customer-ledger',
    'screen.customerLedger',
    () => import('../features/credit/customer-ledger.page.tsx').then((m) => m.CustomerLedgerPage),
    { menu: { group: 'money', icon: IconListDetails } },
  ),
  route('/seller/ledger', 'screen.sellerLedger', ownLedger, {
    props: { scope: 'seller' },
    menu: { group: 'money', icon: IconBook },
  }),
  route(
    '/devices',
    'screen.devices',
    () => import('../features/devices/device-list.page.tsx').then((m) => m.DeviceListPage),
    {
      menu: { group: 'catalogue', icon: IconDeviceDesktop },
    },
  ),
  route('/device/add', 'screen.deviceAdd', () => deviceForm().then((m) => m.DeviceAddPage)),
  route('/device/edit/:data', 'screen.deviceEdit', () => deviceForm().then((m) => m.DeviceEditPage)),
  route('/assign/devices/', 'screen.assignDevices', assignDevices, {
    props: { manage: true },
    menu: { group: 'customers', icon: IconDeviceDesktop },
  }),
  route('/user/devices', 'screen.userDevices', assignDevices, { props: { manage: false } }),
  route('/customer/devices/:customerId', 'screen.customerDevices', assignDevices, { props: { manage: true } }),
  route('/hardware', 'screen.hardwareShop', () => hardwareCatalogue().then((m) => m.HardwareCategoriesPage), {
    menu: { group: 'money', icon: IconDevices },
  }),
  route('/hardware/category/:categoryId', 'screen.hardwareCategory', () =>
    hardwareProducts().then((m) => m.HardwareProductsPage),
  ),
  route('/admin/hardware/sales', 'screen.hardwareSales', hardwareOrders, {
    props: { manage: true },
    menu: { group: 'money', icon: IconTruckDelivery },
  }),
  route('/hardware/categories', 'screen.shopHardware', () => hardwareCatalogue().then((m) => m.ShopCategoriesPage), {
    menu: { group: 'selling', icon: IconDevices },
  }),
  route('/hardware/:categoryId', 'screen.shopHardwareCategory', () =>
    hardwareProducts().then((m) => m.ShopProductsPage),
  ),
  route('/report/hardware/sales', 'screen.hardwareReport', hardwareOrders, {
    props: { manage: false },
    menu: { group: 'reports', icon: IconTruckDelivery },
  }),
  route(
    '/banking-upload',
    'screen.bankingUpload',
    () => import('../features/banking/bank-upload.page.tsx').then((m) => m.BankUploadPage),
    { menu: { group: 'money', icon: IconFileImport } },
  ),
  route('/banking-list', 'screen.bankingList', () => bankRecordsPages().then((m) => m.BankRecordsPage), {
    menu: { group: 'money', icon: IconBuildingBank },
  }),
  route(
    '/banking-customers',
    'screen.bankingCustomers',
    () => import('../features/banking/mapped-customers.page.tsx').then((m) => m.MappedCustomersPage),
    { menu: { group: 'money', icon: IconUserDollar } },
  ),
  route('/banking-deleted', 'screen.bankingDeleted', () => bankRecordsPages().then((m) => m.BankDeletedPage), {
    menu: { group: 'money', icon: IconTrashX },
  }),
  route(
    '/user/register',
    'screen.register',
    () => import('../features/customers/register.page.tsx').then((m) => m.RegisterPage),
    { layout: 'blank' },
  ),
];

export interface MenuSection {
  group: MenuGroup;
  items: NavItem[];
}

/** The menu of a user or visitor: only routed screens whose rule they pass. */
export function menuFor(user: UserInfo | null, routes: readonly AppRoute[] = ROUTES): MenuSection[] {
  const subject = ruleSubject(user);
  return MENU_GROUPS.map((group) => ({
    group,
    items: routes
      .filter((r) => r.menu?.group === group && passesRule(subject, r.rule))
      .map((r) => ({ path: r.path, title: r.title, icon: r.menu!.icon })),
  })).filter((section) => section.items.length > 0);
}

/** Starred paths the user may still open, with their screen titles; stale or foreign entries are left out. */
export function starredFor(user: UserInfo | null, starred: readonly string[], routes = ROUTES): NavItem[] {
  const subject = ruleSubject(user);
  return starred.flatMap((path) => {
    const r = routes.find((candidate) => matchPath(candidate.path, path.split(/[?#]/)[0]));
    if (!r || r.layout === 'blank' || !passesRule(subject, r.rule)) return [];
    return [{ path, title: r.title, icon: r.menu?.icon ?? IconStar }];
  });
}
