import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  mkdirSync(join(dist, 'assets'));
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => ctx.close());

const fetchPath = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

describe('serving the web app', () => {
  it('answers the app shell for / and for the app routes', async () => {
    for (const url of ['/', '/login', '/customers/view?page=2']) {
      const res = await fetchPath(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>app</title>');
    }
  });

  it('serves build files, including those written after start', async () => {
    writeFileSync(join(dist, 'assets', 'late-chunk.js'), 'export const late = 1;');
    const res = await fetchPath('/assets/late-chunk.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('late = 1');
  });

  it('answers 404 for a missing build file or API call, never the app shell', async () => {
    for (const url of ['/assets/missing.js', '/api/missing/']) {
      const res = await fetchPath(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message_type, url).toBe(0);
    }
  });

  it('marks every API answer no-store, errors and public calls included', async () => {
    const calls = [
      ctx.app.inject({ method: 'POST', url: '/api/p_check/', payload: {}, headers: { host: 'localhost' } }),
      ctx.app.inject({ method: 'POST', url: '/api/auth_check/', headers: { host: 'localhost' } }),
      fetchPath('/api/missing/'),
    ];
    for (const res of await Promise.all(calls)) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});
