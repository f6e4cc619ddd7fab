import type { TestContext } from '../../../test/harness.ts';
import { post } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { ok, signInOnce } from '../selling/selling.fixtures.ts';

/** The address a test till calls from unless told otherwise; the shops' allow-lists include it. */
export const TILL_IP = '203.0.113.10';

export interface PartnerCallOpts {
  ip?: string;
  body?: unknown;
  idempotencyKey?: string;
}

/** A partner call as a till makes it: its key as bearer token, from its address. */
export async function callPartner(
  ctx: TestContext,
  method: 'GET' | 'POST',
  url: string,
  key: string,
  o: PartnerCallOpts = {},
) {
  const res = await ctx.app.inject({
    method,
    url: `/api/partner/v1${url}`,
    payload: o.body as object | undefined,
    headers: {
      host: 'localhost',
      authorization: `Bearer ${key}`,
      ...(o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {}),
    },
    remoteAddress: o.ip ?? TILL_IP,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A new key of the demo shop's `user`, made by the shop's main account. */
export async function newApiKey(
  ctx: TestContext,
  user = 'seller',
  name = 'Till 1',
): Promise<{ api_key: string; api_key_id: string }> {
  const ids = await demoIds(ctx.db);
  const body = { name, user_id: ids.user(user) };
  return ok(post(ctx.app, '/api/seller/api_key/add/', body, await signInOnce(ctx, 'seller')));
}

/** Switches a shop's API on for these CIDR ranges, as its reseller does on the customer's details. */
export async function allowIps(ctx: TestContext, customerId: number, ips: string[], enabled = 1) {
  await ok(
    post(
      ctx.app,
      '/api/update_customer_api_details/',
      { customer_id: customerId, api_enabled: enabled, api_allowed_ips: ips },
      await signInOnce(ctx, 'reseller'),
    ),
  );
}
