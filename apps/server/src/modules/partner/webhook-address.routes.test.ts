import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { ok, signInOnce } from '../selling/selling.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
});
afterAll(() => ctx.close());

const saveApi = async (api_callback_url: string | null) =>
  post(
    ctx.app,
    '/api/update_customer_api_details/',
    { customer_id: ids.seller, api_enabled: 1, api_allowed_ips: ['203.0.113.0/24'], api_callback_url },
    await signInOnce(ctx, 'reseller'),
  );
const storedUrl = async () =>
  (
    await ctx.db.execute<{ url: string | null }>(
      sql`select api_callback_url as url from customers where id = ${ids.seller}`,
    )
  ).rows[0]!.url;
const shownUrls = async () => {
  const details = await ok<{ api_callback_url: string | null }>(
    post(ctx.app, '/api/customer_details/', { customer_id: ids.seller }, await signInOnce(ctx, 'reseller')),
  );
  const keys = await ok<{ webhook: { callback_url: string | null } }>(
    get(ctx.app, '/api/seller/api_keys/', await signInOnce(ctx, 'seller')),
  );
  return [details.api_callback_url, keys.webhook.callback_url];
};

describe('a callback URL with a user or password', () => {
  it('is refused with 422 naming the field and the rule url_credentials', async () => {
    for (const url of ['https://shop:secret@hooks.example.com/in', 'https://shop@hooks.example.com/in']) {
      const res = await saveApi(url);
      expect(res.status, url).toBe(422);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ field: 'api_callback_url', rule: 'url_credentials' }),
      ]);
    }
    expect((await saveApi('https://hooks.example.com/in?a=b@c')).status).toBe(200);
    expect(await storedUrl()).toBe('https://hooks.example.com/in?a=b@c');
  });

  it('stored before, is cleaned by migration 0046 and never shown back', async () => {
    const stored = 'https://shop:p%40ss@hooks.example.com:8443/in?from=a@b#x';
    await ctx.db.execute(sql`update customers set api_callback_url = ${stored} where id = ${ids.seller}`);
    // Until the migration runs, the answers leave the credentials out all the same.
    expect(await shownUrls()).toEqual([
      'https://hooks.example.com:8443/in?from=a@b#x',
      'https://hooks.example.com:8443/in?from=a@b#x',
    ]);
    const migration = readFileSync(
      new URL('../../db/migrations/0046_callback_url_credentials.sql', import.meta.url),
      'utf8',
    );
    await ctx.db.execute(sql.raw(migration));
    expect(await storedUrl()).toBe('https://hooks.example.com:8443/in?from=a@b#x');
    // An address without credentials is left as it is.
    await ctx.db.execute(sql.raw(migration));
    expect(await storedUrl()).toBe('https://hooks.example.com:8443/in?from=a@b#x');
  });
});
