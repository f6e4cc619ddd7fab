import { endpoints, uploads } from '@portal/contract/endpoints';
import { PARTNER_API_PREFIX, partnerEndpoints } from '@portal/contract/partner';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type TestContext } from '../test/harness.ts';
import { demoIds } from './modules/customers/customers.fixtures.ts';
import { allowIps, newApiKey, TILL_IP } from './modules/partner/partner.fixtures.ts';

/**
 * Every route of the app, the partner API's included, called with malformed input (wrong types, missing and unknown
 * fields, huge numbers, impossible dates, deep nesting, NUL, arrays for objects) by a signed-in superadmin and seller
 * (and the seller's API key): no answer may be a 500. The inputs come from fast-check with a fixed seed, so a failure
 * is the same on every run, and a few per route keep the run to seconds.
 */
const SEED = 3434;
const BODIES_PER_ROUTE = 3;

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: string; name: string; schema?: Schema };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: Parameter[] };
type Doc = { paths: Record<string, Record<string, Operation>> };
interface Route {
  method: string;
  path: string;
  op: Operation;
  partner: boolean;
}

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

/** Values no honest client sends. */
const malformed = fc.constantFrom<unknown>(
  null,
  '',
  ' ',
  'a\u0000b',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T99:99:99Z',
  -1,
  0,
  1.5,
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_992,
  1e308,
  '1e308',
  '99999999999999999999999999',
  '-0.00001',
  'NaN',
  true,
  [],
  [[]],
  {},
  { nested: { deeper: [1, 'x'] } },
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  nested(20),
);

/** A value of the schema's shape, so the call gets past its first checks and deeper into the handler. */
function plausible(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return malformed;
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => plausible(a, depth)));
  if (s.allOf?.length) return plausible(s.allOf[0], depth);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'date') return fc.constantFrom('2026-11-21', '2026-02-30', '2024-02-29');
      if (s.format === 'date-time') return fc.constantFrom('2026-11-21T09:00:00Z', '2026-02-30T00:00:00Z');
      return fc.constantFrom('1', 'abc', '10.00', '2026-11-21', 'DE89370400440532013000', 'user@example.com');
    case 'integer':
    case 'number':
      return fc.constantFrom(1, 2, 0, 100, 2_147_483_647, 2_147_483_648, 1e15, -5);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(s.items, depth + 1), { maxLength: 3 });
    case 'object':
      return record(s, depth + 1);
    default:
      return malformed;
  }
}

/** An object of the schema's fields, each plausible or malformed or left out, and now and then one it does not know. */
function record(s: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([k, v]) => [
      k,
      fc.oneof({ weight: 3, arbitrary: plausible(v, depth) }, { weight: 2, arbitrary: malformed }),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.constantFrom('unknown_field', '__proto__x', 'constructor'), malformed), {
        nil: undefined,
      }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** A whole body: the schema's fields mangled, or something that is not an object of fields at all. */
function body(s: Schema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: record(s ?? {}) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], [{}], 'text', 12, null, nested(40), nested(3000)) },
  );
}

const pathValue = fc.constantFrom('1', '0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '%00', '%20');
const queryValue = fc.oneof(
  pathValue,
  fc.constantFrom('2026-02-30', '', 'a%00b', '1e308', 'true', '%7B%22a%22%3A1%7D', 'x'.repeat(3000)),
);

interface Request {
  route: Route;
  url: string;
  payload?: unknown;
  form: boolean;
}

function requestsOf(route: Route, seed: number): Request[] {
  const params = route.op.parameters ?? [];
  const path = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const content = route.op.requestBody?.content ?? {};
  const schema = (content['application/json'] ?? content['multipart/form-data'])?.schema;
  const hasBody = route.method !== 'get' && route.method !== 'delete' ? true : !!route.op.requestBody;
  const arb = fc.record({
    path: fc.tuple(...path.map(() => pathValue)),
    query: fc.array(fc.tuple(fc.constantFrom(...query.map((q) => q.name), 'unknown'), queryValue), {
      maxLength: query.length + 1,
    }),
    payload: hasBody ? body(schema) : fc.constant(undefined),
    form: fc.boolean(),
  });
  return fc.sample(arb, { seed, numRuns: BODIES_PER_ROUTE }).map((r) => {
    let url = route.path;
    path.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, r.path[i]!); // one arbitrary per path parameter
    });
    if (r.query.length) url += `?${r.query.map(([k, v]) => `${k}=${v}`).join('&')}`;
    return { route, url, payload: r.payload, form: r.form };
  });
}

/** A body as form data (the spec's clients post forms): nested values as JSON text, as they send `filters`. */
function asForm(payload: unknown): string {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload))
    return `data=${encodeURIComponent(String(payload))}`;
  return Object.entries(payload)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    )
    .join('&');
}

let ctx: TestContext;
let routes: Route[];
const sessions: Record<string, Record<string, string>> = {};
let apiKey: string;
let ipCounter = 0;

async function signIn(username: string) {
  ipCounter++;
  const res = await login(ctx, { username }, { ip: `10.34.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  sessions[username] = authHeaders(res.body.data);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const ids = await demoIds(ctx.db);
  apiKey = (await newApiKey(ctx)).api_key;
  await allowIps(ctx, ids.seller, ['203.0.113.0/24']);
  await signIn('superadmin');
  await signIn('seller');
  const portal = ctx.app.swagger() as Doc;
  const partner = (await ctx.app.inject({ method: 'GET', url: '/api/partner/docs/json' })).json() as Doc;
  routes = [
    ...Object.entries(portal.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path, op, partner: false })),
    ),
    ...Object.entries(partner.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path, op, partner: true })),
    ),
  ].filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs'));
});
afterAll(() => ctx.close());

describe('malformed input on every route', () => {
  it('covers every call of the contract and of the partner API', () => {
    const known = new Set(routes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const openApiPath = (p: string) => `/api${p.replace(/:(\w+)/g, '{$1}')}`;
    const missing = [
      ...Object.entries({ ...endpoints, ...uploads }).map(
        ([p, e]) => `${(e as { method?: string }).method ?? 'POST'} ${openApiPath(p)}`,
      ),
      ...Object.keys(partnerEndpoints).map((k) => {
        const [method, p] = k.split(' ');
        return `${method} ${PARTNER_API_PREFIX}${p}`;
      }),
    ].filter((k) => !known.has(k));
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(200);
  });

  it('answers 422 out_of_range for an id past its integer column (found by this test as 500s)', async () => {
    for (const [url, body] of [
      ['/api/view_auto_credit/', { customer_id: 2_147_483_648 }],
      ['/api/check_top_up_status/', { sale_id: 1e15 }],
      ['/api/customer/webhook_secret/rotate/', { customer_id: 1e15 }],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { host: 'localhost', ...sessions.superadmin },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual([expect.objectContaining({ field: 'body', rule: 'out_of_range' })]);
    }
  });

  it('never answers 500', async () => {
    const started = Date.now();
    const failures: string[] = [];
    let sent = 0;
    for (const [i, route] of routes.entries()) {
      // Logging out and signing in again are calls too; they are last, so the sessions last the run.
      const callers = route.partner ? ['key'] : ['superadmin', 'seller'];
      for (const request of requestsOf(route, SEED + i)) {
        for (const caller of callers) {
          const headers: Record<string, string> =
            caller === 'key' ? { authorization: `Bearer ${apiKey}` } : { ...sessions[caller] };
          const form = request.form && request.payload !== undefined;
          const res = await ctx.app.inject({
            method: route.method.toUpperCase() as 'POST',
            url: request.url,
            headers: {
              host: 'localhost',
              ...headers,
              ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            remoteAddress: TILL_IP,
            ...(request.payload === undefined
              ? {}
              : { payload: form ? asForm(request.payload) : JSON.stringify(request.payload) }),
            ...(request.payload !== undefined && !form
              ? { headers: { host: 'localhost', ...headers, 'content-type': 'application/json' } }
              : {}),
          });
          sent++;
          if (res.statusCode >= 500 && res.json().code !== 'provider_unavailable') {
            failures.push(
              `${res.statusCode} ${route.method.toUpperCase()} ${request.url} as ${caller}: ${JSON.stringify(request.payload)?.slice(0, 300)}${form ? ' (form)' : ''}`,
            );
          }
          // A call that ended the session (logout, a password change) is followed by a fresh sign-in.
          if (res.statusCode === 401 && caller !== 'key') await signIn(caller);
        }
      }
    }
    console.log(`fuzz: ${sent} requests on ${routes.length} routes in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
  }, 300_000);
});
