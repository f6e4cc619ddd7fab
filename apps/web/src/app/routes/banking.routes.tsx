import { IconBuildingBank, IconFileImport, IconTrashX, IconUserDollar } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const bankingRoutes: AppRoute[] = [
  route(
    '/banking-upload',
    'screen.bankingUpload',
    () => import('../../features/banking/bank-upload/bank-upload.page.tsx').then((m) => m.BankUploadPage),
    { menu: { group: 'money', icon: IconFileImport } },
  ),
  route(
    '/banking-list',
    'screen.bankingList',
    () => import('../../features/banking/bank-records.page.tsx').then((m) => m.BankRecordsPage),
    { menu: { group: 'money', icon: IconBuildingBank } },
  ),
  route(
    '/banking-customers',
    'screen.bankingCustomers',
    () => import('../../features/banking/mapped-customers.page.tsx').then((m) => m.MappedCustomersPage),
    { menu: { group: 'money', icon: IconUserDollar } },
  ),
  route(
    '/banking-deleted',
    'screen.bankingDeleted',
    () => import('../../features/banking/bank-deleted.page.tsx').then((m) => m.BankDeletedPage),
    { menu: { group: 'money', icon: IconTrashX } },
  ),
];
