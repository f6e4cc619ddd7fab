import type { UserInfo } from '@portal/contract/auth';
import { LIMITS } from '@portal/contract/limits';
import { flagsFrom, ROLE, ROLE_FLAGS, type Role } from '@portal/contract/roles';
import { RULES } from '@portal/contract/rules';
import { SCREENS } from '@portal/contract/screens';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../lib/session.ts';
import { decideAccess, NOT_AUTHORIZED_PATH } from './guard.ts';
import { generalRoutes } from './routes/general.routes.tsx';
import { menuFor, ROUTES, starredFor } from './routes.tsx';
import { inactivityExpired, shouldRecheckUser, tokenRemovedElsewhere } from './session-policy.ts';

function user(role: Role, overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    user_id: 1,
    customer_id: 10,
    session_id: 's',
    username: 'demo',
    name: 'Demo',
    organisation_name: 'Org',
    address: { address: '', house_no: '', postal: '', city: '' },
    account_role: role,
    internal_role: 0,
    is_manager: 1,
    enable_web_view: 1,
    flag: 1,
    contact_details: { support_info: { email: null, phone: null, text: null } },
    layout: 'horizontal',
    theme: 'light',
    language: 'de',
    template: 0,
    show_print_popup: 1,
    merge_receipts: 0,
    download_csv: 0,
    starred_pages: [],
    ...flagsFrom(ROLE_FLAGS[role]),
    ...overrides,
  };
}

const signedIn = (u: UserInfo | null): SessionState => ({
  session: { access_token: 't', session_id: 's', customer_id: 10 },
  user: u,
});
const visitor: SessionState = { session: null, user: null };

describe('decideAccess', () => {
  it('opens public screens to everyone', () => {
    expect(decideAccess(SCREENS['/settings'], visitor, '/settings')).toEqual({ kind: 'allow' });
  });

  it('sends a visitor to sign in with the wanted path', () => {
    expect(decideAccess(SCREENS['/login-requests'], visitor, '/login-requests?status=all')).toEqual({
      kind: 'login',
      redirect: '/login?to=%2Flogin-requests%3Fstatus%3Dall',
    });
  });

  it('waits for the user details of a fresh session', () => {
    expect(decideAccess(SCREENS['/login-requests'], signedIn(null), '/login-requests')).toEqual({ kind: 'wait' });
  });

  it.each([ROLE.superadmin, ROLE.reseller, ROLE.seller, ROLE.webSupport])(
    'opens /login-requests to role %i',
    (role) => {
      expect(decideAccess(SCREENS['/login-requests'], signedIn(user(role)), '/login-requests').kind).toBe('allow');
    },
  );

  it('refuses a web_support user without enable_web_view (spec section 5)', () => {
    const decision = decideAccess(
      SCREENS['/login-requests'],
      signedIn(user(ROLE.webSupport, { enable_web_view: 0 })),
      '/x',
    );
    expect(decision).toEqual({ kind: 'forbidden', redirect: NOT_AUTHORIZED_PATH });
  });

  it('needs the role and the flag of a feature rule', () => {
    expect(decideAccess(RULES.dashboard, signedIn(user(ROLE.seller)), '/dashboard').kind).toBe('allow');
    expect(decideAccess(RULES.dashboard, signedIn(user(ROLE.seller, { has_transaction: 0 })), '/dashboard').kind).toBe(
      'forbidden',
    );
    expect(
      decideAccess(RULES.dashboard, signedIn(user(ROLE.reseller, { has_transaction: 1 })), '/dashboard').kind,
    ).toBe('forbidden');
  });

  it('lets the customers view rule pass with has_customers_read alone', () => {
    const readOnly = user(ROLE.reseller, { has_customers: 0, has_customers_read: 1 });
    expect(decideAccess(RULES.customersView, signedIn(readOnly), '/customers/view').kind).toBe('allow');
    expect(decideAccess(RULES.customersChange, signedIn(readOnly), '/customer/add').kind).toBe('forbidden');
  });

  it('applies the users rule: superadmin, or reseller with internal_role 0', () => {
    expect(decideAccess(RULES.users, signedIn(user(ROLE.superadmin, { internal_role: 1 })), '/users/view').kind).toBe(
      'allow',
    );
    expect(decideAccess(RULES.users, signedIn(user(ROLE.reseller)), '/users/view').kind).toBe('allow');
    expect(decideAccess(RULES.users, signedIn(user(ROLE.reseller, { internal_role: 1 })), '/users/view').kind).toBe(
      'forbidden',
    );
  });
});

describe('route table', () => {
  it('takes every rule from SCREENS', () => {
    for (const route of ROUTES) expect(route.rule).toBe(SCREENS[route.path]);
  });

  it('routes each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('routes the public registration form without a menu around it', () => {
    const register = ROUTES.find((r) => r.path === '/user/register');
    expect(register?.layout).toBe('blank');
    expect(register?.rule).toBe('public');
  });

  it('keeps every screen without a menu among the general screens, which the router knows before the others load', () => {
    const blank = (routes: typeof ROUTES) => routes.filter((r) => r.layout === 'blank').map((r) => r.path);
    expect(blank(generalRoutes)).toEqual(blank(ROUTES));
  });
});

describe('menuFor', () => {
  const paths = (u: UserInfo | null) => menuFor(u).flatMap((s) => s.items.map((i) => i.path));

  it('shows a visitor only public screens', () => {
    expect(paths(null)).toEqual(['/', '/settings']);
  });

  const shopManagerMenu = [
    '/',
    '/login-requests',
    '/dashboard',
    '/cashcards/',
    '/callingcards/',
    '/giftcards/',
    '/seller/sales',
    '/seller/zreport',
    '/international-topup/',
    '/direct-recharge/',
    '/direct-recharge/history',
    '/flixbus',
    '/hardware/categories',
    '/seller/users/view',
    '/seller/ledger',
    '/invoices-all',
    '/invoices-all-reclamation',
    // Open for seller, reseller and superadmin (spec section 2), each with the claims it may see.
    '/reseller-reclaim-requests',
    '/seller/recharge-summary',
    '/report/hardware/sales',
    '/seller-reclaim-requests',
    '/settings',
    '/seller/api',
  ];

  it('gives a shop manager login requests, the selling screens, its users, ledger and API keys', () => {
    expect(paths(user(ROLE.seller))).toEqual(shopManagerMenu);
  });

  it("keeps a shop's staff out of the shop's user management but shows them selling and their ledger", () => {
    const managersOnly = ['/seller/users/view', '/invoices-all', '/invoices-all-reclamation', '/seller/api'];
    expect(paths(user(ROLE.seller, { internal_role: 1 }))).toEqual(
      shopManagerMenu.filter((path) => !managersOnly.includes(path)),
    );
  });

  it("shows a reseller's manager the customer, staff and money screens its flags open", () => {
    const menu = paths(user(ROLE.reseller));
    for (const path of [
      '/customers/view',
      '/customers/pad',
      '/discount-slabs/',
      '/users/view',
      '/admin/ledger',
      '/reseller-reclaim-requests',
      '/seller-reclaim-requests',
      '/my-reclamation-invoices-all',
    ]) {
      expect(menu).toContain(path);
    }
    expect(menu).not.toContain('/seller/ledger');
    expect(menu).not.toContain('/dashboard');
    // Reseller staff (internal_role 1) do not manage users (the users rule).
    expect(paths(user(ROLE.reseller, { internal_role: 1 }))).not.toContain('/users/view');
    // Without the credit flag, no credit screens.
    expect(paths(user(ROLE.reseller, { has_credit: 0 }))).not.toContain('/customer/credit/add');
  });

  it('hides screens a web_support user without web view may not open', () => {
    expect(paths(user(ROLE.webSupport, { enable_web_view: 0 }))).toEqual(['/', '/settings']);
  });
});

describe('starredFor', () => {
  it('lists starred screens the user may open, with their titles', () => {
    const items = starredFor(user(ROLE.seller), ['/login-requests', '/settings']);
    expect(items.map((i) => [i.path, i.title])).toEqual([
      ['/login-requests', 'screen.loginRequests'],
      ['/settings', 'screen.settings'],
    ]);
  });

  it('drops unknown paths, screens without a menu layout and screens the user may not open', () => {
    expect(
      starredFor(null, ['/login-requests', '/nowhere', '/login', '/pages/error-404', '/agb']).map((i) => i.path),
    ).toEqual(['/agb']);
  });
});

describe('session policy', () => {
  it('expires a session after more than three hours without activity', () => {
    const now = 1_000_000_000;
    expect(inactivityExpired(now - LIMITS.inactivityMs, now)).toBe(false);
    expect(inactivityExpired(now - LIMITS.inactivityMs - 1, now)).toBe(true);
    expect(inactivityExpired(null, now)).toBe(true);
  });

  it('rechecks a seller at most every 15 s, and nobody else', () => {
    const seller = user(ROLE.seller);
    expect(shouldRecheckUser(seller, '/dynamic_balance/', 0, LIMITS.authRecheckMs)).toBe(true);
    expect(shouldRecheckUser(seller, '/dynamic_balance/', 0, LIMITS.authRecheckMs - 1)).toBe(false);
    expect(shouldRecheckUser(seller, '/auth_check/', 0, LIMITS.authRecheckMs)).toBe(false);
    expect(shouldRecheckUser(user(ROLE.reseller), '/dynamic_balance/', 0, LIMITS.authRecheckMs)).toBe(false);
    expect(shouldRecheckUser(null, '/p_check/', 0, LIMITS.authRecheckMs)).toBe(false);
  });

  it('notices the access token removed in another tab', () => {
    expect(tokenRemovedElsewhere({ key: 'portal.access_token', newValue: null })).toBe(true);
    expect(tokenRemovedElsewhere({ key: null, newValue: null })).toBe(true);
    expect(tokenRemovedElsewhere({ key: 'portal.access_token', newValue: 'new' })).toBe(false);
    expect(tokenRemovedElsewhere({ key: 'portal.settings', newValue: null })).toBe(false);
  });
});
