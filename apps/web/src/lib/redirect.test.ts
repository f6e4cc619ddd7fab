import type { UserInfo } from '@portal/contract/auth';
import { flagsFrom, ROLE_FLAGS, type Role } from '@portal/contract/roles';
import { describe, expect, it } from 'vitest';
import { homePathFor, loadingPath, loginPath, safeRedirectTarget } from './redirect.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/login-requests?page=2', '/login-requests?page=2'],
    ['/settings#receipts', '/settings#receipts'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?to=/x', '/'],
    ['/loading', '/'],
  ])('%s → %s', (to, expected) => {
    expect(safeRedirectTarget(to)).toBe(expected);
  });
});

describe('loginPath and loadingPath', () => {
  it('carry the wanted path as the to parameter', () => {
    expect(loginPath('/login-requests?status=all')).toBe('/login?to=%2Flogin-requests%3Fstatus%3Dall');
    expect(loadingPath('/settings')).toBe('/loading?to=%2Fsettings');
  });

  it('leave out a target that is home or unsafe', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loadingPath(null)).toBe('/loading');
  });
});

describe('homePathFor', () => {
  const user = (role: Role, extra: Partial<UserInfo> = {}) =>
    ({
      account_role: role,
      internal_role: 0,
      enable_web_view: 1,
      ...flagsFrom(ROLE_FLAGS[role]),
      ...extra,
    }) as UserInfo;

  it('sends sellers and web support to their dashboard, everyone else home', () => {
    expect(homePathFor(user(2))).toBe('/dashboard');
    expect(homePathFor(user(3))).toBe('/dashboard');
    expect(homePathFor(user(0))).toBe('/');
    expect(homePathFor(user(1))).toBe('/');
    expect(homePathFor(user(3, { enable_web_view: 0 }))).toBe('/');
    expect(homePathFor(user(2, { has_transaction: 0 }))).toBe('/');
  });
});
