import type { UserInfo } from '@portal/contract/auth';
import { passesRule } from '@portal/contract/rules';
import { IconStar } from '@tabler/icons-react';
import { matchPath } from 'react-router';
import type { NavItem } from '../lib/navigation.ts';
import { ruleSubject } from '../lib/session.ts';
import { auditRoutes } from './routes/audit.routes.tsx';
import { bankingRoutes } from './routes/banking.routes.tsx';
import { creditRoutes } from './routes/credit.routes.tsx';
import { customerRoutes } from './routes/customers.routes.tsx';
import { deviceRoutes } from './routes/devices.routes.tsx';
import { directRechargeRoutes } from './routes/direct-recharge.routes.tsx';
import { dynamicProductsRoutes } from './routes/dynamic-products.routes.tsx';
import { flixbusRoutes } from './routes/flixbus.routes.tsx';
import { generalRoutes } from './routes/general.routes.tsx';
import { hardwareRoutes } from './routes/hardware.routes.tsx';
import { inventoryRoutes } from './routes/inventory.routes.tsx';
import { invoicesRoutes } from './routes/invoices.routes.tsx';
import { partnerRoutes } from './routes/partner.routes.tsx';
import { productsRoutes } from './routes/products.routes.tsx';
import { reclamationsRoutes } from './routes/reclamations.routes.tsx';
import { reportsRoutes } from './routes/reports.routes.tsx';
import { type AppRoute, MENU_GROUPS, type MenuGroup } from './routes/route.tsx';
import { sellingRoutes } from './routes/selling.routes.tsx';
import { staffRoutes } from './routes/staff.routes.tsx';
import { stockReportsRoutes } from './routes/stock-reports.routes.tsx';
import { suppliersRoutes } from './routes/suppliers.routes.tsx';
import { topupRoutes } from './routes/topup.routes.tsx';

/**
 * Every screen of the app, once, in menu order. A screen added to a domain's list is routed, guarded with its
 * SCREENS rule, titled and, with `menu`, listed in the menu and on the home page for the users who pass its rule.
 */
export const ROUTES: readonly AppRoute[] = [
  ...generalRoutes,
  ...sellingRoutes,
  ...topupRoutes,
  ...directRechargeRoutes,
  ...flixbusRoutes,
  ...reportsRoutes,
  ...productsRoutes,
  ...suppliersRoutes,
  // Before the inventory's screens: the stock reports come before the PIN search in the reports menu.
  ...stockReportsRoutes,
  ...inventoryRoutes,
  ...customerRoutes,
  // After the customers' screens: its customer screen is opened from a customer's details.
  ...dynamicProductsRoutes,
  ...staffRoutes,
  ...creditRoutes,
  ...deviceRoutes,
  ...hardwareRoutes,
  ...bankingRoutes,
  ...invoicesRoutes,
  ...reclamationsRoutes,
  ...partnerRoutes,
  ...auditRoutes,
];

export interface MenuSection {
  group: MenuGroup;
  items: NavItem[];
}

/** The menu of a user or visitor: only routed screens whose rule they pass. */
export function menuFor(user: UserInfo | null, routes: readonly AppRoute[] = ROUTES): MenuSection[] {
  const subject = ruleSubject(user);
  return MENU_GROUPS.map((group) => ({
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
    const r = routes.find((candidate) => matchPath(candidate.path, path.split(/[?#]/)[0]!));
    if (!r || r.layout === 'blank' || !passesRule(subject, r.rule)) return [];
    return [{ path, title: r.title, icon: r.menu?.icon ?? IconStar }];
  });
}
