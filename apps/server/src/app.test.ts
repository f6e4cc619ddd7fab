import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { endpoints, files, uploads } from '@portal/contract/endpoints';
import { partnerEndpoints } from '@portal/contract/partner';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../test/harness.ts';
import type { RouteEntry } from './platform/routes.ts';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
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

  it('sends a hashed asset precompressed and cached for a year, and the shell never cached', async () => {
    const js = `export const big = '${'x'.repeat(4000)}';`;
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), js);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(js));
    const asset = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await asset('gzip')).headers['content-encoding']).toBe('gzip');
    expect((await asset('identity')).body).toBe(js);
    for (const url of ['/', '/customers/view'])
      expect((await fetchPath(url)).headers['cache-control'], url).toBe('no-cache');
  });

  it('answers HEAD on an app route like GET', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: '/customers/view', headers: { host: 'localhost' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
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

  it('sends the security headers on every answer: the app shell, API calls, errors and 404s', async () => {
    const answers = await Promise.all([
      fetchPath('/'),
      fetchPath('/assets/missing.js'),
      ctx.app.inject({ method: 'POST', url: '/api/p_check/', payload: {}, headers: { host: 'localhost' } }),
      ctx.app.inject({ method: 'POST', url: '/api/auth_check/', headers: { host: 'localhost' } }),
      fetchPath('/api/missing/'),
    ]);
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp, res.body).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('the API document', () => {
  it('declares an answer for every API call: a JSON schema, or a file with its content types', async () => {
    const doc = (await fetchPath('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const calls = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/'));
    expect(calls.length).toBeGreaterThan(80);
    const undeclared = calls.flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.entries(op.responses ?? {}).some(([code, r]) => code.startsWith('2') && r.content))
        .map(([method]) => `${method} ${path}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('serves every row of the contract’s tables, and no call beside them', async () => {
    // Every route is registered from a row (`routesOf`, refused otherwise at start-up); this holds the rows to the
    // tables the web client and the partner's document read: a row left out of them, or never registered, shows.
    const portal = operations((await fetchPath('/api/docs/json')).json());
    const tables = [endpoints, uploads, files];
    expect(portal).toEqual(tables.flatMap((table) => rowOperations(table, '/api')).sort());
    const partner = operations((await fetchPath('/api/partner/docs/json')).json());
    expect(partner).toEqual(rowOperations(partnerEndpoints, '/api/partner/v1').sort());
  });
});

/** The calls of an OpenAPI document under `/api`, as `METHOD /path/{name}`. */
function operations(doc: unknown): string[] {
  const { paths } = doc as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** The calls a table's rows declare: the partner's keys name their method, the others default to POST. */
function rowOperations(table: Record<string, RouteEntry>, prefix: string): string[] {
  return Object.entries(table).flatMap(([key, row]) => {
    const space = key.indexOf(' ');
    const method = space < 0 ? (row.method ?? 'POST') : key.slice(0, space);
    const path = `${prefix}${(space < 0 ? key : key.slice(space + 1)).replace(/:(\w+)/g, '{$1}')}`;
    return row.alsoPost ? [`${method} ${path}`, `POST ${path}`] : [`${method} ${path}`];
  });
}

describe('methods under /api', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: 'localhost', ...headers },
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  it('answers a known path called with another method 405 with Allow', async () => {
    const post = await call('GET', '/api/add_customer/');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('POST');
    expect(post.json()).toMatchObject({ code: 'method_not_allowed', allow: ['POST'] });
    const patch = await call('DELETE', '/api/hardware_category/update/7/?x=1');
    expect(patch.statusCode).toBe(405);
    expect(patch.headers.allow).toBe('PATCH');
    const get = await call('PUT', '/api/platform_details/');
    expect(get.headers.allow).toBe('GET, HEAD');
    expect((await call('POST', '/api/no_such_call/')).statusCode).toBe(404);
  });

  it('answers the calls the spec lists without a method to GET and POST alike', async () => {
    const headers = await signIn(ctx, 'superadmin');
    for (const url of ['/api/get_softapi_products/', '/api/get_flixbus_cities/']) {
      const [viaGet, viaPost] = [await call('GET', url, headers), await call('POST', url, headers)];
      expect(viaPost.statusCode, url).toBe(viaGet.statusCode);
      expect(viaPost.statusCode, url).not.toBe(404);
      expect(viaPost.body, url).toBe(viaGet.body);
    }
  });
});

describe('the installable counter app', () => {
  it("serves a manifest per host with that organisation's name", async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`insert into organisations (name) values ('Späti Kassen GmbH') returning id`,
    );
    await ctx.db.execute(
      sql`insert into organisation_hosts (host, organisation_id) values ('kasse.example', ${rows[0]!.id})`,
    );
    const manifest = (host: string) =>
      ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
    const own = await manifest('kasse.example');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('application/manifest+json');
    expect(own.headers['cache-control']).toBe('no-cache');
    expect(own.json()).toMatchObject({ name: 'Späti Kassen GmbH', start_url: '/', display: 'standalone' });
    expect(own.json().theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect((await manifest('localhost')).json().name).not.toBe('Späti Kassen GmbH');
    expect((await manifest('unknown.example')).statusCode).toBe(404);
  });

  it('serves the service worker uncached, so a new one reaches every counter', async () => {
    const res = await fetchPath('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
