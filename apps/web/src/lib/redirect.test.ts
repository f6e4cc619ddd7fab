import { describe, expect, it } from 'vitest';
import { loadingPath, loginPath, safeRedirectTarget } from './redirect.ts';

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
