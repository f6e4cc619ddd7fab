import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../src/app/routes.tsx';
import { callKey } from '../src/lib/early-answers.ts';
import {
  allRouteModules,
  type BootManifest,
  bootCalls,
  bootManifest,
  bootScript,
  pathPattern,
  routeModules,
} from './first-screen.ts';

const srcDir = join(import.meta.dirname, '../src');

describe('routeModules', () => {
  it('finds the module of inline loaders, shared loaders, wrapped ones and loaders built on shared ones', () => {
    const source = `
      const form = () => import('../../features/x/form.page.tsx');
      const list = () => import('../../features/x/list.page.tsx').then((m) => m.ListPage);
      const ledger = withEntryViews(() => import('../../features/x/ledger.page.tsx').then((m) => m.LedgerPage));
      export const xRoutes = [
        route('/x/view', 'screen.x', list, { menu: { group: 'main', icon: IconX } }),
        route('/x/add', 'screen.xAdd', () => form().then((m) => m.AddPage)),
        route('/x/:id', 'screen.xDetails', () => import('../../features/x/details.page.tsx').then((m) => m.Page)),
        route('/x/ledger', 'screen.xLedger', ledger),
      ];`;
    expect(routeModules('/app/src/app/routes/x.routes.tsx', source)).toEqual([
      { path: '/x/view', module: '/app/src/features/x/list.page.tsx' },
      { path: '/x/add', module: '/app/src/features/x/form.page.tsx' },
      { path: '/x/:id', module: '/app/src/features/x/details.page.tsx' },
      { path: '/x/ledger', module: '/app/src/features/x/ledger.page.tsx' },
    ]);
  });

  it('knows the page module of every screen of the app, and each exists', () => {
    const found = allRouteModules(srcDir);
    for (const route of ROUTES) {
      const entry = found.find((r) => r.path === route.path);
      expect(entry, route.path).toBeDefined();
      expect(existsSync(entry!.module), entry!.module).toBe(true);
    }
  });
});

describe('pathPattern', () => {
  it('matches like the router: a parameter is one segment, trailing slash and case do not matter', () => {
    const details = new RegExp(pathPattern('/customer/details/:customerId'), 'i');
    expect(details.test('/customer/details/12')).toBe(true);
    expect(details.test('/Customer/Details/12/')).toBe(true);
    expect(details.test('/customer/details/12/pad')).toBe(false);
    expect(details.test('/customer/details/')).toBe(false);
    const home = new RegExp(pathPattern('/'), 'i');
    expect(home.test('/')).toBe(true);
    expect(home.test('/dashboard')).toBe(false);
    expect(new RegExp(pathPattern('/cashcards/'), 'i').test('/cashcards')).toBe(true);
  });
});

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  facadeModuleId: moduleIds[0] ?? null,
  moduleIds,
  imports,
});

describe('bootManifest', () => {
  const chunks = [
    chunk('assets/index.js', [`${srcDir}/main.tsx`], [], true),
    chunk('assets/signed-in.js', [`${srcDir}/app/signed-in-routes.tsx`], ['assets/index.js', 'assets/layout.js']),
    chunk('assets/layout.js', [`${srcDir}/ui/layout.tsx`], ['assets/index.js']),
    chunk(
      'assets/list.js',
      [`${srcDir}/features/x/list.page.tsx`],
      ['assets/index.js', 'assets/layout.js', 'assets/table.js'],
    ),
    chunk('assets/table.js', [`${srcDir}/ui/table.tsx`]),
    chunk('assets/de-all.js', [`${srcDir}/i18n/all/de.ts`], ['assets/de-shell.js', 'assets/domains.js']),
    chunk('assets/de-shell.js', [`${srcDir}/i18n/shell/de.ts`]),
    chunk('assets/domains.js', [`${srcDir}/i18n/domains.ts`]),
    chunk('assets/en-all.js', [`${srcDir}/i18n/all/en.ts`], ['assets/domains.js']),
  ];
  const manifest = bootManifest(chunks, [{ path: '/x/view', module: `${srcDir}/features/x/list.page.tsx` }], srcDir);
  const names = (indexes: number[]) => indexes.map((i) => manifest.files[i]);

  it('lists the route tables with their imports, never the entry', () => {
    expect(names(manifest.signedIn)).toEqual(['assets/signed-in.js', 'assets/layout.js']);
  });

  it("lists a screen's chunk with the imports the route tables do not already bring", () => {
    expect(manifest.screens.map(([pattern, files]) => [pattern, names(files)])).toEqual([
      ['^/x/view/?$', ['assets/list.js', 'assets/table.js']],
    ]);
  });

  it("lists each language's shell and whole texts with what they import", () => {
    expect(names(manifest.texts.de ?? []).sort()).toEqual([
      'assets/de-all.js',
      'assets/de-shell.js',
      'assets/domains.js',
    ]);
    expect(names(manifest.texts.en ?? [])).toEqual(['assets/en-all.js', 'assets/domains.js']);
  });
});

describe('bootScript', () => {
  const manifest: BootManifest = {
    files: ['a/routes.js', 'a/de.js', 'a/en.js', 'a/details.js'],
    signedIn: [0],
    texts: { de: [1], en: [2] },
    screens: [[pathPattern('/customer/details/:id'), [3]]],
  };

  const calls = bootCalls([{ method: 'POST', path: '/auth_check/', body: {} }], {
    '/customer/details/:id': [
      { method: 'GET', path: '/dynamic_balance/' },
      { method: 'POST', path: '/view_customers/', body: { page: 1 } },
    ],
  });
  const SESSION = { token: 't', session: 's1', customer: '7' };
  let requests: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  let early: Map<string, Promise<Response | null>> | undefined;

  /** Runs the boot script against a fake page and answers with the links it added; `requests` has its calls. */
  async function preloadsOf(
    items: Record<string, string>,
    pathname: string,
    search = '',
    appStarted = false,
  ): Promise<string[]> {
    const links: { rel: string; href: string }[] = [];
    requests = [];
    const script = bootScript(manifest, {
      accessTokenKey: 'token',
      sessionIdKey: 'session',
      customerIdKey: 'customer',
      settingsKey: 'settings',
      defaultLanguage: 'de',
      calls,
    });
    const global: { __portalEarly?: typeof early; __portalStarted?: boolean } = { __portalStarted: appStarted };
    const page = {
      globalThis: global,
      fetch: async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
        requests.push({ url, ...init });
        return new Response(url);
      },
      localStorage: { getItem: (key: string) => items[key] ?? null },
      location: { pathname, search, hostname: 'shop.example' },
      document: {
        createElement: () => ({ rel: '', href: '' }),
        head: { append: (l: (typeof links)[0]) => links.push(l) },
      },
    };
    new Function(...Object.keys(page), script)(...Object.values(page));
    early = global.__portalEarly;
    return links.map((l) => `${l.rel} ${l.href}`);
  }

  it('preloads nothing without a session', async () => {
    expect(await preloadsOf({}, '/customer/details/4')).toEqual([]);
  });

  it("preloads the route tables, the user's language and the screen's chunks with a session", async () => {
    expect(await preloadsOf({ ...SESSION, settings: '{"language":"en"}' }, '/customer/details/4')).toEqual([
      'modulepreload /a/routes.js',
      'modulepreload /a/en.js',
      'modulepreload /a/details.js',
    ]);
  });

  it('falls back to the default language and skips unknown screens', async () => {
    expect(await preloadsOf({ ...SESSION, settings: 'not json' }, '/nowhere')).toEqual([
      'modulepreload /a/routes.js',
      'modulepreload /a/de.js',
    ]);
  });

  it("asks for the organisation, the signed-in calls and the screen's calls first, under the api client's keys", async () => {
    await preloadsOf({ ...SESSION }, '/customer/details/4');
    expect(requests.map((r) => `${r.method} ${r.url} ${r.body ?? ''}`)).toEqual([
      'POST /api/p_check/ {"organisation_name":"shop.example"}',
      'POST /api/auth_check/ {}',
      'GET /api/dynamic_balance/ ',
      'POST /api/view_customers/ {"page":1}',
    ]);
    // The organisation is asked for without the session, as the api client does; the others carry it.
    expect(requests[0]?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(requests[2]?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer t',
      'X-Session-Id': 's1',
      'X-Customer-Id': '7',
    });
    expect([...(early?.keys() ?? [])]).toEqual([
      callKey('POST', '/p_check/', '{"organisation_name":"shop.example"}'),
      callKey('POST', '/auth_check/', '{}'),
      callKey('GET', '/dynamic_balance/', undefined),
      callKey('POST', '/view_customers/', '{"page":1}'),
    ]);
    expect(await (await early?.get(callKey('GET', '/dynamic_balance/', undefined)))?.text()).toBe(
      '/api/dynamic_balance/',
    );
  });

  it("asks for no screen's calls when the address carries filters, and for nothing without a whole session", async () => {
    await preloadsOf({ ...SESSION }, '/customer/details/4', '?page=2');
    expect(requests.map((r) => r.url)).toEqual(['/api/p_check/', '/api/auth_check/']);
    await preloadsOf({ token: 't' }, '/customer/details/4');
    expect(requests).toEqual([]);
    expect(early).toBeUndefined();
  });

  it('asks for nothing and preloads nothing when the app started before it', async () => {
    expect(await preloadsOf({ ...SESSION }, '/customer/details/4', '', true)).toEqual([]);
    expect(requests).toEqual([]);
    expect(early).toBeUndefined();
  });
});
