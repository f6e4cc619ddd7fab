import { IconAlertTriangle, IconClipboardCheck, IconShieldCheck } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const listPage = () =>
  import('../../features/reclamations/reclamation-list.page.tsx').then((m) => m.ReclamationListPage);
const detailPage = () =>
  import('../../features/reclamations/reclamation-detail.page.tsx').then((m) => m.ReclamationDetailPage);

export const reclamationsRoutes: AppRoute[] = [
  route('/seller-reclaim-requests', 'screen.sellerReclaimRequests', () => listPage(), {
    props: { view: 'seller' as const, title: 'screen.sellerReclaimRequests' as const },
    menu: { group: 'reports', icon: IconAlertTriangle },
  }),
  route('/reseller-reclaim-requests', 'screen.resellerReclaimRequests', () => listPage(), {
    props: { view: 'reseller' as const, title: 'screen.resellerReclaimRequests' as const },
    menu: { group: 'money', icon: IconClipboardCheck },
  }),
  route('/reclaim-requests', 'screen.reclaimRequests', () => listPage(), {
    props: { view: 'owner' as const, title: 'screen.reclaimRequests' as const },
    menu: { group: 'money', icon: IconShieldCheck },
  }),
  route('/seller-reclaim/:reclaimId', 'screen.reclaimRequest', () => detailPage()),
  route('/reclaim-request/:reclaimId', 'screen.reclaimRequest', () => detailPage()),
];
