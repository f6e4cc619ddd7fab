import { IconHistory } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const auditRoutes: AppRoute[] = [
  route(
    '/admin/audit-log',
    'screen.auditLog',
    () => import('../../features/audit/audit-log.page.tsx').then((m) => m.AuditLogPage),
    { menu: { group: 'account', icon: IconHistory } },
  ),
];
