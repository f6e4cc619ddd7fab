import type { Rule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import type { ComponentType } from 'react';
import { loadAllTexts, type Texts } from '../../i18n/index.ts';
import type { NavItem, ScreenTitleKey } from '../../lib/navigation.ts';
import type { EntryViews } from '../../ui/ledger-table.tsx';
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
 * A screen with a ledger, handed the views its lines open (decision 0123): the selling feature's sale drawer and the
 * top-up feature's provider sale drawer. A feature imports no other feature's screens, and the drawers' code loads
 * with the screen, not with the shell.
 */
export function withEntryViews<P extends object>(
  load: () => Promise<ComponentType<P & { entryViews?: EntryViews }>>,
): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([
      load(),
      import('../../features/selling/sale-drawer.tsx'),
      import('../../features/topup/provider-sale-drawer.tsx'),
    ]).then(([Page, { SaleDrawer }, { ProviderSaleDrawer }]) => {
      const entryViews: EntryViews = {
        sale: ({ id, onClose }) => <SaleDrawer saleIds={id ? [id] : []} onClose={onClose} />,
        provider_sale: ProviderSaleDrawer,
      };
      const WithEntryViews = (props: P) => <Page {...props} entryViews={entryViews} />;
      WithEntryViews.displayName = Page.displayName ?? Page.name;
      return WithEntryViews;
    });
}

function bindProps<P extends object>(Page: ComponentType<P>, props: P | undefined): ComponentType<object> {
  if (!props) return Page as ComponentType<object>;
  const Bound = () => <Page {...props} />;
  Bound.displayName = Page.displayName ?? Page.name;
  return Bound;
}
