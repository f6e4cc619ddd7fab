import type { UserInfo } from '@portal/contract/auth';
import { passesRule, type Rule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import { IconHome, IconSettings, IconShieldCheck, IconStar } from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { NavItem, ScreenTitleKey } from '../lib/navigation.ts';
import { ruleSubject } from '../lib/session.ts';
import { lazyPage } from './lazy-page.ts';

export type MenuGroup = 'main' | 'account';

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
];

export interface MenuSection {
  group: MenuGroup;
  items: NavItem[];
}

const GROUP_ORDER: readonly MenuGroup[] = ['main', 'account'];

/** The menu of a user or visitor: only routed screens whose rule they pass. */
export function menuFor(user: UserInfo | null, routes: readonly AppRoute[] = ROUTES): MenuSection[] {
  const subject = ruleSubject(user);
  return GROUP_ORDER.map((group) => ({
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
