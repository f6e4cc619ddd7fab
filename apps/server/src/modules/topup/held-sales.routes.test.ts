import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestContext } from '../../../test/harness.ts';
import { shopActor } from '../../../test/provider-sales.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import type { DtOneSimulator } from '../../providers/dtone/simulator.ts';
import { externalIdOf } from '../provider-sales/provider-sale-flow.ts';
import { providerLedgerOf, untilStatus } from '../provider-sales/provider-sales.fixtures.ts';
import {
  balanceOf,
  checkInvariants,
  type Headers,
  newShop,
  signInOnce,
  topUp,
  transactionKey,
} from '../selling/selling.fixtures.ts';
import { dtOneSimulatorApp, insertPlatformStaff } from './topup.fixtures.ts';

/**
 * A sale held for the superadmin (DT One holds another transaction under its external_id, decision 0080) is decided
 * on `/top-ups-pending`: settled as failed (the reservation released, DT One not asked) or DT One's transaction
 * followed as the sale's. The portal speaks to a simulator of the test's own, so the test can put that other
 * transaction there first.
 */
let ctx: TestContext;
let sim: DtOneSimulator;
let dtOne: DtOneClient;
const h: Record<string, Headers> = {};

const PRODUCT = 5020;
/** The number the other transaction went to (its …100 suffix completes at once in the simulator). */
const OTHER = '+6595123100';
const OURS = '+6595123101';

beforeAll(async () => {
  // DT One completes on its own (real time, a small delay) and the poll job follows the sale.
  let ids: { platform: number };
  ({ sim, ctx, dtOne, ids } = await dtOneSimulatorApp({
    simulator: { delayScale: 0.01, now: Date.now },
    env: { DT_ONE_POLL_MS: '150' },
  }));
  await insertPlatformStaff(ctx, ids.platform);
  for (const u of ['seller', 'seller-staff', 'support', 'reseller', 'reseller-staff', 'superadmin', 'platform-staff'])
    h[u] = await signInOnce(ctx, u);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

/** A shop with 37.13 whose top-up is held: DT One already holds a transaction to another number under its key. */
async function heldSale(name: string) {
  const shop = await newShop(ctx, name);
  await topUp(ctx, shop.customerId, '37.13');
  const key = await transactionKey(ctx, shop.headers);
  await dtOne.createTransaction({ externalId: externalIdOf(key), productId: PRODUCT, mobileNumber: OTHER });
  const sales = ctx.app.services.topup.sales;
  if (!sales) throw new Error('no DT One');
  const sent = await sales.send(await shopActor(ctx, shop), {
    transaction_key: key,
    product_id: PRODUCT,
    mobile_number: OURS,
  });
  const saleId = (sent.answer.data as { sale_id: number }).sale_id;
  const [row] = (
    await ctx.db.execute<{ status: string; hold_reason: string | null }>(
      sql`select status, hold_reason from provider_sales where id = ${saleId}`,
    )
  ).rows;
  expect(row).toEqual({ status: 'pending', hold_reason: 'external_id_mismatch' });
  const reserved = (await balanceOf(ctx, shop.customerId)).toFixed(2);
  expect(reserved).not.toBe('37.13');
  return { shop, key, saleId, reserved };
}

const resolve = (who: string, saleId: number, resolution: string) =>
  post(ctx.app, '/api/resolve_held_top_up/', { sale_id: saleId, resolution }, h[who]);

describe('a held top-up decided by the superadmin (/top-ups-pending)', () => {
  it('settled as failed: the reservation goes back to the shop and its reseller, DT One is not asked', async () => {
    const { shop, key, saleId } = await heldSale('Held Failed');
    const asked = sim.sent().length;
    const res = await resolve('superadmin', saleId, 'failed');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ sale_id: saleId, status: 'failed', hold_reason: 'external_id_mismatch' });
    expect(sim.sent().length).toBe(asked);
    expect((await providerLedgerOf(ctx, 'dtone', key)).kinds).toEqual(['provider_reservation', 'provider_release']);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('37.13');
    // Decided once: neither decision applies to it any more, and it leaves the pending list.
    for (const again of ['failed', 'follow']) {
      const second = await resolve('superadmin', saleId, again);
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('top_up_not_held');
    }
    const list = await post(ctx.app, '/api/view_pending_top_ups/', { page: 1, limit: 100 }, h.superadmin);
    expect(list.body.data.top_ups.map((t: { sale_id: number }) => t.sale_id)).not.toContain(saleId);
    await checkInvariants(ctx);
  });

  it('followed: DT One’s transaction under the external_id becomes the sale’s, confirmed and completed', async () => {
    const { shop, key, saleId, reserved } = await heldSale('Held Followed');
    const res = await resolve('superadmin', saleId, 'follow');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ sale_id: saleId, hold_reason: null });
    const theirs = await dtOne.findByExternalId(externalIdOf(key));
    await untilStatus(`held sale ${saleId}`, 'successful', async () => {
      const { rows } = await ctx.db.execute<{ status: string; provider_transaction_id: string }>(
        sql`select status, provider_transaction_id from provider_sales where id = ${saleId}`,
      );
      return rows[0] as { status: string; provider_transaction_id: string };
    });
    const [row] = (
      await ctx.db.execute<{ tid: string }>(
        sql`select provider_transaction_id::text as tid from provider_sales where id = ${saleId}`,
      )
    ).rows;
    expect(row?.tid).toBe(String(theirs?.id));
    expect((await providerLedgerOf(ctx, 'dtone', key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe(reserved);
    await checkInvariants(ctx);
  });

  it('is the platform superadmin’s alone; a sale not held is refused', async () => {
    const { saleId } = await heldSale('Held Roles');
    for (const who of ['seller', 'seller-staff', 'support', 'reseller', 'reseller-staff', 'platform-staff']) {
      const res = await resolve(who, saleId, 'failed');
      expect(res.status, who).toBe(403);
    }
    const [row] = (
      await ctx.db.execute<{ status: string }>(sql`select status from provider_sales where id = ${saleId}`)
    ).rows;
    expect(row?.status).toBe('pending');
    expect((await resolve('superadmin', 2_000_000_000, 'failed')).status).toBe(404);
    expect((await resolve('superadmin', saleId, 'refund')).status).toBe(422);
    expect((await resolve('superadmin', saleId, 'failed')).status).toBe(200);
  });
});
