import type { ScreenPath } from '@portal/contract/screens';
import { IconHome, IconSettings, IconShieldCheck } from '@tabler/icons-react';
import type { StatusKind } from '../../features/pages/status.page.tsx';
import type { ScreenTitleKey } from '../../lib/navigation.ts';
import { type AppRoute, route } from './route.tsx';

const auth = () => import('../../features/auth/login.page.tsx');
const statusPage = () => import('../../features/pages/status.page.tsx').then((m) => m.StatusPage);
/** A status page: no menu around it, and only the shell's texts, since a visitor may land on it before signing in. */
const statusRoute = (path: ScreenPath, title: ScreenTitleKey, kind: StatusKind) =>
  route(path, title, statusPage, { layout: 'blank', texts: 'shell', props: { kind } });
const legalPage = () => import('../../features/pages/legal.page.tsx').then((m) => m.LegalPage);

export const generalRoutes: AppRoute[] = [
  route('/', 'screen.home', () => import('../../features/home/home.page.tsx').then((m) => m.HomePage), {
    menu: { group: 'main', icon: IconHome },
  }),
  route(
    '/login-requests',
    'screen.loginRequests',
    () => import('../../features/login-requests/login-requests.page.tsx').then((m) => m.LoginRequestsPage),
    { menu: { group: 'main', icon: IconShieldCheck } },
  ),
  route(
    '/settings',
    'screen.settings',
    () => import('../../features/settings/settings.page.tsx').then((m) => m.SettingsPage),
    {
      menu: { group: 'account', icon: IconSettings },
    },
  ),
  route('/version', 'screen.version', () => import('../../features/pages/version.page.tsx').then((m) => m.VersionPage)),
  route('/agb', 'screen.agb', legalPage, { props: { document: 'agb' } }),
  route('/terms', 'screen.terms', legalPage, { props: { document: 'terms' } }),
  route('/impressum', 'screen.impressum', legalPage, { props: { document: 'impressum' } }),
  route('/login', 'screen.login', () => auth().then((m) => m.LoginPage), {
    layout: 'blank',
    texts: 'shell',
  }),
  route('/loading', 'screen.loading', () => import('../../features/auth/loading.page.tsx').then((m) => m.LoadingPage), {
    layout: 'blank',
    texts: 'shell',
  }),
  route(
    '/registration/set-password/:id',
    'screen.setPassword',
    () => import('../../features/auth/set-password.page.tsx').then((m) => m.SetPasswordPage),
    { layout: 'blank' },
  ),
  statusRoute('/pages/error-404', 'screen.notFound', 'not-found'),
  statusRoute('/pages/error-500', 'screen.serverError', 'server-error'),
  statusRoute('/pages/not-authorized', 'screen.notAuthorized', 'not-authorized'),
  statusRoute('/pages/comingsoon', 'screen.comingSoon', 'coming-soon'),
  statusRoute('/pages/maintenance', 'screen.maintenance', 'maintenance'),
  route(
    '/user/register',
    'screen.register',
    () => import('../../features/customers/register.page.tsx').then((m) => m.RegisterPage),
    { layout: 'blank' },
  ),
];
