import { IconBook, IconCoins, IconHistory, IconListDetails, IconRefresh, IconStack2 } from '@tabler/icons-react';
import { type AppRoute, route, withEntryViews } from './route.tsx';

const creditAdd = () => import('../../features/credit/credit-add.page.tsx').then((m) => m.CreditAddPage);
const autoCredit = () => import('../../features/credit/auto-credit.page.tsx').then((m) => m.AutoCreditPage);
const ownLedger = withEntryViews(() => import('../../features/credit/ledger.page.tsx').then((m) => m.OwnLedgerPage));

export const creditRoutes: AppRoute[] = [
  route('/customer/credit/add', 'screen.creditAdd', creditAdd, { menu: { group: 'money', icon: IconCoins } }),
  route('/customer/:customerId/credit/add', 'screen.creditAdd', creditAdd),
  route(
    '/customer/credit/multi',
    'screen.creditMulti',
    () => import('../../features/credit/credit-multi.page.tsx').then((m) => m.CreditMultiPage),
    { menu: { group: 'money', icon: IconStack2 } },
  ),
  route(
    '/customer/credit/history',
    'screen.creditHistory',
    () => import('../../features/credit/credit-history.page.tsx').then((m) => m.CreditHistoryPage),
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
    withEntryViews(() => import('../../features/credit/customer-ledger.page.tsx').then((m) => m.CustomerLedgerPage)),
    { menu: { group: 'money', icon: IconListDetails } },
  ),
  route('/seller/ledger', 'screen.sellerLedger', ownLedger, {
    props: { scope: 'seller' },
    menu: { group: 'money', icon: IconBook },
  }),
];
