import type { Rule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { loadAllTexts, type Texts } from '../../i18n/index.ts';
import type { NavItem, ScreenTitleKey } from '../../lib/navigation.ts';
import type { SaleView } from '../../ui/ledger-table.tsx';
import { type LazyPage, lazyPage } from '../lazy-page.ts';

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
  page: LazyPage<object>;
  /** 'blank' screens (sign-in, errors) have no menu around them. */
  layout: 'app' | 'blank';
  menu?: { group: MenuGroup; icon: NavItem['icon'] };
  /** The texts the screen needs, loaded with its code: 'shell' only for the screens a visitor sees before signing in. */
  texts: Texts;
}

export function route<P extends object>(
  path: ScreenPath,
  title: ScreenTitleKey,
  load: () => Promise<ComponentType<P>>,
  options: { props?: P; layout?: AppRoute['layout']; menu?: AppRoute['menu']; texts?: Texts } = {},
): AppRoute {
  const { props, layout = 'app', menu, texts = 'all' } = options;
  const page = lazyPage(() =>
    Promise.all([load(), texts === 'all' ? loadAllTexts() : undefined]).then(([Page]) => bindProps(Page, props)),
  );
  return { path, rule: SCREENS[path], title, page, layout, menu, texts };
}

/**
 * A screen with a ledger, handed the selling feature's sale drawer that its sale lines open (decision 0123): a
 * feature imports no other feature's screens, and the drawer's code loads with the screen, not with the shell.
 */
export function withSaleView<P extends object>(
  load: () => Promise<ComponentType<P & { saleView?: SaleView }>>,
): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), import('../../features/selling/sale-drawer.tsx')]).then(([Page, { SaleDrawer }]) => {
      const WithSaleView = (props: P) => <Page {...props} saleView={SaleDrawer} />;
      WithSaleView.displayName = Page.displayName ?? Page.name;
      return WithSaleView;
    });
}

function bindProps<P extends object>(Page: ComponentType<P>, props: P | undefined): ComponentType<object> {
  if (!props) return Page as ComponentType<object>;
  const Bound = () => <Page {...props} />;
  Bound.displayName = Page.displayName ?? Page.name;
  return Bound;
}
