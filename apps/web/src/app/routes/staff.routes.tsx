import { IconHistory, IconUsersGroup } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const staffList = () => import('../../features/staff/staff-list.page.tsx').then((m) => m.StaffListPage);

export const staffRoutes: AppRoute[] = [
  route('/users/view', 'screen.users', staffList, {
    props: { scope: 'operator' },
    menu: { group: 'staff', icon: IconUsersGroup },
  }),
  route(
    '/user/add',
    'screen.userAdd',
    () => import('../../features/staff/staff-add.page.tsx').then((m) => m.StaffAddPage),
    { props: { scope: 'operator' } },
  ),
  route(
    '/user/edit/:userId',
    'screen.userEdit',
    () => import('../../features/staff/staff-edit.page.tsx').then((m) => m.StaffEditPage),
    {
      props: { scope: 'operator' },
    },
  ),
  route('/user/assign/:userId', 'screen.userAssign', () =>
    import('../../features/staff/staff-assign.page.tsx').then((m) => m.StaffAssignPage),
  ),
  route(
    '/user/assign-history',
    'screen.assignHistory',
    () => import('../../features/staff/assign-history.page.tsx').then((m) => m.AssignHistoryPage),
    { menu: { group: 'staff', icon: IconHistory } },
  ),
  route('/seller/users/view', 'screen.sellerUsers', staffList, {
    props: { scope: 'shop' },
    menu: { group: 'staff', icon: IconUsersGroup },
  }),
  route(
    '/seller/user/add',
    'screen.sellerUserAdd',
    () => import('../../features/staff/staff-add.page.tsx').then((m) => m.StaffAddPage),
    {
      props: { scope: 'shop' },
    },
  ),
  route(
    '/seller/user/edit/:userId',
    'screen.sellerUserEdit',
    () => import('../../features/staff/staff-edit.page.tsx').then((m) => m.StaffEditPage),
    {
      props: { scope: 'shop' },
    },
  ),
];
