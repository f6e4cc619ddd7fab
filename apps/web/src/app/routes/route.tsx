import type { Rule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { NavItem, ScreenTitleKey } from '../../lib/navigation.ts';
import { lazyPage } from '../lazy-page.ts';

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

export function route<P extends object>(
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
