import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, type TestContext } from '../../../test/harness.ts';
import { berlinDate } from '../../platform/berlin-time.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import type { DtOneSimulator } from '../../providers/dtone/simulator.ts';
import { externalIdOf } from '../provider-sales/provider-sale-flow.ts';
import { type Headers, newShop, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';
import { dtOneSimulatorApp, insertPlatformStaff } from './topup.fixtures.ts';

/**
 * The daily reconciliation (decision 0080, "Reconciliation"): DT One's transactions of a Berlin day (`GET
 * /transactions` with from_date and to_date, at most 24 hours apart) against `provider_sales`, each difference
 * listed once on `/top-ups-pending`; DT One's balance shown there with a notice below the threshold. The simulator
 * is the test's own, on the test app's clock, with 1000.00 EUR; the threshold is 991.37.
 */
let ctx: TestContext;
let sim: DtOneSimulator;
let dtOne: DtOneClient;
const h: Record<string, Headers> = {};
let platformId: number;

beforeAll(async () => {
  let ids: { platform: number };
  ({ sim, ctx, dtOne, ids } = await dtOneSimulatorApp({
    simulator: { balance: '1000.00' },
    env: { DT_ONE_BALANCE_ALERT_BELOW: '991.37' },
  }));
  platformId = ids.platform;
  await insertPlatformStaff(ctx, platformId);
  for (const u of ['seller', 'support', 'reseller', 'superadmin', 'platform-staff']) h[u] = await signInOnce(ctx, u);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

const view = (who: string) => post(ctx.app, '/api/view_provider_reconciliation/', { page: 1, limit: 50 }, h[who]);
const balanceNotices = async () =>
  (
    await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from notices where customer_id = ${platformId} and kind = 'provider_alert'
        and params->>'code' = 'balance_low'`)
  ).rows[0]?.n;

describe('DT One’s balance and the daily reconciliation (/top-ups-pending)', () => {
  it('is the platform superadmin’s alone', async () => {
    for (const who of ['seller', 'support', 'reseller', 'platform-staff'])
      expect((await view(who)).status, who).toBe(403);
    expect((await view('superadmin')).status).toBe(200);
  });

  it('shows the balance against its threshold: above it no notice', async () => {
    const res = await view('superadmin');
    expect(res.body.data).toMatchObject({
      balance: { available: '1000.00', unit: 'EUR', threshold: '991.37', below: false },
      last_run: null,
      differences: [],
    });
    expect(await balanceNotices()).toBe(0);
  });

  it('lists every kind of difference once, resumes a broken run, and alerts below the threshold once', async () => {
    const day = berlinDate(ctx.clock.now());
    const shop = await newShop(ctx, 'Reconciled Shop');
    await topUp(ctx, shop.customerId, '31.09');
    const offer = async (mobile = '+905321234100') => {
      const key = await transactionKey(ctx, shop.headers);
      const res = await post(
        ctx.app,
        '/api/dt_one/',
        { configuration: 3, transaction_key: key, product_id: 5000, mobile_number: mobile },
        shop.headers,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { key, saleId: res.body.data.sale.sale_id as number };
    };
    const decide = (key: string, cancel?: 1) =>
      post(ctx.app, '/api/dt_one/', { configuration: 6, transaction_key: key, cancel }, shop.headers);

    // Agreeing: a completed top-up, a rejected offer DT One cancelled, an offer still open on both sides.
    const completed = await offer();
    expect((await decide(completed.key)).status).toBe(200);
    const rejected = await offer();
    expect((await decide(rejected.key, 1)).body.data.sale.status).toBe('failed');
    await offer();
    // A transaction at DT One the portal never made.
    const stranger = await dtOne.createTransaction({
      externalId: 'pp-not-made-by-this-portal-0001',
      productId: 5000,
      mobileNumber: '+905321234100',
    });
    // An open offer someone confirmed at DT One: COMPLETED there, still an open offer here.
    const elsewhere = await offer();
    const theirs = await dtOne.findByExternalId(externalIdOf(elsewhere.key));
    await dtOne.confirmTransaction(theirs?.id as number);
    // A rejected offer whose cancel DT One did not answer: still open there.
    const uncancelled = await offer();
    sim.inject('cancel', { answer: 'http', status: 500, body: 'errors' }, 3);
    expect((await decide(uncancelled.key, 1)).body.data.sale).toMatchObject({
      status: 'pending',
      offer_state: 'rejected',
    });
    // DT One's own delays pass.
    ctx.clock.advance(60_000);
    expect(
      (await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: completed.key }, shop.headers)).body
        .data.sale.status,
    ).toBe('successful');

    const reconciliation = ctx.app.services.topup.reconciliation;
    if (!reconciliation) throw new Error('no DT One');
    // The first run breaks (DT One answers 503): the day stays running, and the job's retry does it again.
    sim.inject('list', { answer: 'http', status: 503, body: 'errors' }, 1);
    await expect(reconciliation.reconcile(day)).rejects.toThrow();
    expect((await view('superadmin')).body.data.last_run).toMatchObject({ day, status: 'running' });
    const run = await reconciliation.reconcile(day);
    expect(run).toEqual({ day, compared: 6 });

    const res = await view('superadmin');
    expect(res.status).toBe(200);
    const diffs = res.body.data.differences as {
      kind: string;
      external_id: string;
      sale_id: number | null;
      provider_status: string;
      portal_status: string | null;
    }[];
    expect(
      diffs.map((d) => `${d.kind} ${d.external_id} ${d.sale_id} ${d.provider_status} ${d.portal_status}`).sort(),
    ).toEqual(
      [
        `offer_not_cancelled ${externalIdOf(uncancelled.key)} ${uncancelled.saleId} CREATED pending`,
        `status_differs ${externalIdOf(elsewhere.key)} ${elsewhere.saleId} COMPLETED pending`,
        `unknown_transaction ${stranger.external_id} null CREATED null`,
      ].sort(),
    );
    expect(res.body.data.last_run).toMatchObject({ day, status: 'done', compared: 6 });

    // DT One holds or has taken 5 × 4.75 of its 1000.00 (all but the cancelled offer): 976.25, below 991.37: one
    // notice, however often it is read.
    expect(res.body.data.balance).toEqual({ available: '976.25', unit: 'EUR', threshold: '991.37', below: true });
    await view('superadmin');
    expect(await balanceNotices()).toBe(1);

    // The same day compared twice (a crash after its last page, before it was marked done): each difference once.
    await ctx.db.execute(sql`update provider_reconciliations set status = 'running' where day = ${day}`);
    expect(await reconciliation.reconcile(day)).toEqual({ day, compared: 6 });
    expect((await view('superadmin')).body.data.differences).toHaveLength(3);

    // The next morning's job compares the day before; this day is done and is not compared again.
    ctx.clock.advance(24 * 3_600_000);
    expect(await reconciliation.reconcile()).toEqual({ day, compared: null });
    h.superadmin = (await signIn(ctx, 'superadmin')) as Headers;
    expect((await view('superadmin')).body.data.differences).toHaveLength(3);
  });
});

describe('the simulator’s GET /transactions', () => {
  it('filters by creation date and refuses a window over 24 hours, as the description says', async () => {
    const now = ctx.clock.now().getTime();
    const wide = await dtOne
      .listTransactions({
        fromDate: new Date(now - 25 * 3_600_000).toISOString(),
        toDate: new Date(now).toISOString(),
      })
      .catch((e: unknown) => e);
    expect(wide).toMatchObject({ httpStatus: 400, errors: [{ code: 1000400 }] });
    const none = await dtOne.listTransactions({
      fromDate: new Date(now + 3_600_000).toISOString(),
      toDate: new Date(now + 7_200_000).toISOString(),
    });
    expect(none.items).toEqual([]);
  });
});
