import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { allowIps, callPartner, newApiKey } from '../modules/partner/partner.fixtures.ts';
import { signInOnce } from '../modules/selling/selling.fixtures.ts';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './body-depth.ts';
import { registerTextGuard } from './text-guard.ts';

/** `{"a":{"a":…{"a":leaf}…}}`, `levels` objects deep, as text. */
const nested = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

describe('nesting depth of JSON text', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(3)}${']'.repeat(3)}`, 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[{{{{","b":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[{"a":[1]},{"b":[2]},{"c":[3]}]', 3)).toBe(false);
  });
});

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
});
afterAll(() => ctx.close());

const send = async (url: string, payload: string, headers: Record<string, string>, type = 'application/json') => {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { host: 'localhost', 'content-type': type, ...headers },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('bodies nested 3 000 levels deep', () => {
  it('are 400 body_too_deep on update_customer_api_details and update_platform_details (500 before)', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    for (const [url, field] of [
      ['/api/update_customer_api_details/', `"customer_id":${ids.seller},"api_enabled":1,"api_allowed_ips":`],
      ['/api/update_platform_details/', '"legal_name":'],
    ] as const) {
      const res = await send(url, `{${field}${nested(3000)}}`, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ message_type: 0, code: 'body_too_deep', params: { max: MAX_BODY_DEPTH } });
    }
  });

  it('are refused at the limit plus one and taken up to the limit', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const url = '/api/update_platform_details/';
    // One level is the body itself; the rest nest inside a field the schema then refuses as not text.
    const deepest = await send(url, `{"legal_name":${nested(MAX_BODY_DEPTH - 1)}}`, admin);
    expect(deepest.status, JSON.stringify(deepest.body)).toBe(422);
    const over = await send(url, `{"legal_name":${nested(MAX_BODY_DEPTH)}}`, admin);
    expect(over.body.code).toBe('body_too_deep');
  });

  it('are refused on the partner API too, before the key is even looked at', async () => {
    const key = (await newApiKey(ctx)).api_key;
    await allowIps(ctx, ids.seller, ['203.0.113.0/24']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/v1/purchases',
      payload: `{"configuration_id":1,"quantity":${nested(3000)}}`,
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${key}` },
      remoteAddress: '203.0.113.10',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('body_too_deep');
    // The key still works: the refusal was the body's.
    expect((await callPartner(ctx, 'GET', '/balance', key)).status).toBe(200);
  });

  it("are refused in a form field's JSON (filters) as well", async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const form = `page=1&filters=${encodeURIComponent(nested(3000))}`;
    const res = await send('/api/get_sales_report_list/', form, admin, 'application/x-www-form-urlencoded');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('body_too_deep');
  });
});

describe('the text guard', () => {
  it('walks a value nested 100 000 levels deep without overflowing the stack, and still finds the NUL', async () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const hooks: ((req: unknown) => Promise<void>)[] = [];
    registerTextGuard({ addHook: (_: string, h: (req: unknown) => Promise<void>) => hooks.push(h) } as never);
    const err = await hooks[0]!({ params: {}, query: {}, body: deep }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'validation_failed' });
    const field = (err as { details: { errors: { field: string }[] } }).details.errors[0]!.field;
    expect(field.split('.')).toHaveLength(100_000);
  });
});
