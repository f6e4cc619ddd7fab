import { IconHome, IconSettings, IconShieldCheck } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const auth = () => import('../../features/auth/login.page.tsx');
const statusPage = () => import('../../features/pages/status.page.tsx').then((m) => m.StatusPage);
/**
 * The screens a visitor sees before signing in: no menu around them, and only the shell's texts. (Each route stays a
 * literal `route('/path', …)` call: the build reads the paths from this file for the first screen's preloads.)
 */
const beforeSignIn = { layout: 'blank', texts: 'shell' } as const;
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
  route('/login', 'screen.login', () => auth().then((m) => m.LoginPage), beforeSignIn),
  route(
    '/loading',
    'screen.loading',
    () => import('../../features/auth/loading.page.tsx').then((m) => m.LoadingPage),
    beforeSignIn,
  ),
  route(
    '/registration/set-password/:id',
    'screen.setPassword',
    () => import('../../features/auth/set-password.page.tsx').then((m) => m.SetPasswordPage),
    { layout: 'blank' },
  ),
  route('/pages/error-404', 'screen.notFound', statusPage, { ...beforeSignIn, props: { kind: 'not-found' } }),
  route('/pages/error-500', 'screen.serverError', statusPage, { ...beforeSignIn, props: { kind: 'server-error' } }),
  route('/pages/not-authorized', 'screen.notAuthorized', statusPage, {
    ...beforeSignIn,
    props: { kind: 'not-authorized' },
  }),
  route('/pages/comingsoon', 'screen.comingSoon', statusPage, { ...beforeSignIn, props: { kind: 'coming-soon' } }),
  route('/pages/maintenance', 'screen.maintenance', statusPage, { ...beforeSignIn, props: { kind: 'maintenance' } }),
  route(
    '/user/register',
    'screen.register',
    () => import('../../features/customers/register.page.tsx').then((m) => m.RegisterPage),
    { layout: 'blank' },
  ),
];
