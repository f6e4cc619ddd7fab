import type { ReclamationAction, ReclamationDetails } from '@portal/contract/reclamations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestContext } from '../../../test/harness.ts';
import { type DemoIds, portalCopyDeps, providerSalesApp, sellerActor } from '../../../test/provider-sales.ts';
import { createSoftPinClient } from '../../providers/softpin/client.ts';
import { type SoftPinSimulator, startSoftPinSimulator } from '../../providers/softpin/simulator.ts';
import { createDynamicProductsRepository } from '../dynamic-products/dynamic-products.repository.ts';
import { createDynamicProductsService } from '../dynamic-products/dynamic-products.service.ts';
import { createSoftPinCalls } from '../dynamic-products/softpin-calls.ts';
import { providerLedgerOf, untilStatus } from '../provider-sales/provider-sales.fixtures.ts';
import {
  balanceOf,
  checkInvariants,
  type Headers,
  ok,
  signInOnce,
  topUp,
  transactionKey,
} from '../selling/selling.fixtures.ts';
import { softPinCreditedIn } from './reclamations.module.ts';

/**
 * Soft pins reclaimed like stock PINs (issue 37): filed from the sale or by the PIN's code (the keyed blind index),
 * the platform the stock owner, the credit notes through `issueCreditNote` at S and R with the provider sale's VAT
 * treatment, the cost lines kept; a soft pin the provider refunded cannot be reclaimed, and a provider reversal of a
 * credited one refunds nothing a second time — in both orders. Product 5100 "SimCash 10 €" sells at F 10.00 with the
 * demo reseller's 4 % (R 9.60) and its shop's 2 % (S 9.80); the provider's cost is 9.50. 5104 is the same card that
 * the provider voids and refunds 0.3 s after delivering it (the simulator's delay scale 0.1).
 */

let ctx: TestContext;
let ids: DemoIds;
let seller: Headers;
const dp: Record<number, number> = {};
const DP = '/api/dynamic_products/';

const file = (who: Headers, body: object) => post(ctx.app, '/api/post_reclam_pins/', body, who);
const move = async (username: string, reclamation_id: number, action: ReclamationAction) =>
  post(ctx.app, '/api/view_update_reclam_pins/', { reclamation_id, action }, await signInOnce(ctx, username));

/** A claim taken along the happy path up to (not including) `stopBefore`. */
async function walk(id: number, stopBefore?: ReclamationAction) {
  const steps: [ReclamationAction, string][] = [
    ['open', 'reseller'],
    ['accept', 'reseller'],
    ['forward', 'reseller'],
    ['approve', 'superadmin'],
    ['issue_credit_note', 'superadmin'],
  ];
  for (const [action, who] of steps) {
    if (action === stopBefore) return;
    const res = await move(who, id, action);
    expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  }
}

async function buy(providerProductId: number) {
  const transaction_key = await transactionKey(ctx, seller);
  const res = await post(
    ctx.app,
    DP,
    { action: 'buy', transaction_key, dynamic_product_id: dp[providerProductId] },
    seller,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { sale: res.body.data.sale as { sale_id: number; status: string; pin: string | null }, key: transaction_key };
}

const saleRow = async (saleId: number) =>
  (
    await ctx.db.execute<{ status: string; refund_entry_id: number | null }>(
      sql`select status, refund_entry_id from provider_sales where id = ${saleId}`,
    )
  ).rows[0];

beforeAll(async () => {
  ({ ctx, ids } = await providerSalesApp('SOFTPIN', { SOFTPIN_SIMULATOR_DELAY_SCALE: '0.1' }, '2000'));
  const admin = await signInOnce(ctx, 'superadmin');
  for (const id of [5100, 5104]) {
    const saved = await ok<{ dynamic_product: { id: number } }>(
      post(
        ctx.app,
        '/api/save_dynamic_product/',
        {
          provider_product_id: id,
          name: `Cash 10 (${id})`,
          product_type: 'cash_card',
          face_value: '10',
          enabled: true,
        },
        admin,
      ),
    );
    dp[id] = saved.dynamic_product.id;
  }
  const discounts = (customer_id: number, discount: number) => ({
    customer_id,
    discounts: Object.values(dp).map((id) => ({ dynamic_product_id: id, discount })),
  });
  await ok(post(ctx.app, '/api/view_update_super_admin_discounts/', discounts(ids.reseller, 4), admin));
  await ok(post(ctx.app, '/api/api_discounts/', discounts(ids.seller, 2), await signInOnce(ctx, 'reseller')));
  seller = await signInOnce(ctx, 'seller');
  await topUp(ctx, ids.seller, '200');
}, 120_000);
afterAll(async () => ctx.close());

describe('a soft pin reclaimed like a stock PIN', () => {
  it('is filed by its PIN’s code, credited at S and R with its sale’s VAT treatment, its cost lines kept', async () => {
    const { sale, key } = await buy(5100);
    expect(sale.status).toBe('successful');
    const shop0 = await balanceOf(ctx, ids.seller);
    const reseller0 = await balanceOf(ctx, ids.reseller);

    // By the code printed on the card: the same keyed blind index as stock PINs, among the shop's own sales.
    const filed = await ok<ReclamationDetails>(file(seller, { pin: sale.pin, reason: 'Card says invalid code' }));
    expect(filed).toMatchObject({
      sale_id: sale.sale_id,
      sale_kind: 'softpin',
      stock: 'platform',
      quantity: 1,
      value: '10.00',
      seller_amount: '9.80',
      status: 'new',
    });
    expect(filed.pins).toEqual([
      { pin_id: sale.sale_id, pin_masked: `${'*'.repeat(12)}${sale.pin?.slice(-4)}`, serial: expect.any(String) },
    ]);
    // Once, ever: from the sale again, or by the code again.
    for (const body of [{ soft_pin_sale_id: sale.sale_id }, { pin: sale.pin }]) {
      const again = await file(seller, { ...body, reason: 'again' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'reclamation_pin_taken', params: { pin_id: sale.sale_id } });
    }
    // The platform is the stock owner: its review queue has the claim once the reseller forwards it.
    await walk(filed.reclamation_id, 'approve');
    const owner = await ok<{ reclamations: { reclamation_id: number }[] }>(
      post(ctx.app, '/api/view_update_reclam_pins/', { page: 1, view: 'owner' }, await signInOnce(ctx, 'superadmin')),
    );
    expect(owner.reclamations.map((r) => r.reclamation_id)).toContain(filed.reclamation_id);
    const saleEntries = async () => {
      const l = await providerLedgerOf(ctx, 'softpin', key);
      return {
        kinds: l.kinds,
        cost: l.net(ids.platform, 'cost_of_sales'),
        payables: l.net(ids.platform, 'supplier_payables'),
      };
    };
    const costBefore = await saleEntries();
    expect(costBefore).toEqual({
      kinds: ['provider_reservation', 'provider_success'],
      cost: '9.50',
      payables: '-9.50',
    });
    for (const action of ['approve', 'issue_credit_note'] as const) {
      const res = await move('superadmin', filed.reclamation_id, action);
      expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
    }

    expect((await balanceOf(ctx, ids.seller)).minus(shop0).toFixed(2)).toBe('9.80');
    expect((await balanceOf(ctx, ids.reseller)).minus(reseller0).toFixed(2)).toBe('9.60');
    const entry = await ctx.db.execute<{ customer_id: number; account: string; amount: string }>(sql`
      select l.customer_id, l.account, l.amount::numeric(12,2)::text as amount from ledger_lines l
      join journal_entries e on e.id = l.entry_id where e.reference = ${`reclamation:${filed.reclamation_id}`}
      order by l.customer_id, l.account`);
    expect(entry.rows).toEqual(
      [
        { customer_id: ids.seller, account: 'balance', amount: '9.80' },
        { customer_id: ids.reseller, account: 'sales_income', amount: '-9.80' },
        { customer_id: ids.reseller, account: 'balance', amount: '9.60' },
        { customer_id: ids.platform, account: 'revenue', amount: '-9.60' },
      ].sort((a, b) => a.customer_id - b.customer_id || a.account.localeCompare(b.account)),
    );
    // The cost lines stay (DOMAIN.md): the sale's own entries are untouched.
    expect(await saleEntries()).toEqual(costBefore);

    const notes = await ctx.db.execute<{
      issuer: number;
      recipient: number;
      no: string;
      gross: string;
      line_kind: string;
      vat_treatment: string;
      vat_rate: string;
      product_name: string;
    }>(sql`
      select i.issuer_customer_id as issuer, i.recipient_customer_id as recipient, i.invoice_no as no,
             i.gross_total::numeric(12,2)::text as gross, l.line_kind, l.vat_treatment,
             l.vat_rate::numeric(5,2)::text as vat_rate, l.product_name
      from invoices i join invoice_lines l on l.invoice_id = i.id
      where i.reclamation_id = ${filed.reclamation_id} order by i.issuer_customer_id`);
    expect(notes.rows).toEqual(
      [
        { issuer: ids.reseller, recipient: ids.seller, gross: '9.80' },
        { issuer: ids.platform, recipient: ids.reseller, gross: '9.60' },
      ]
        .sort((a, b) => a.issuer - b.issuer)
        .map((n) => ({
          ...n,
          no: expect.stringMatching(/^R/),
          line_kind: 'topup',
          vat_treatment: 'mpv',
          vat_rate: '0.00',
          product_name: 'Cash 10 (5100)',
        })),
    );
    await checkInvariants(ctx);
  }, 90_000);

  it('is filed from the sale; staff reach only their own sales’ soft pins, a reseller files none', async () => {
    const { sale } = await buy(5100);
    const other = await file(await signInOnce(ctx, 'reseller'), { soft_pin_sale_id: sale.sale_id, reason: 'x' });
    expect(other.status).toBe(403);
    const staff = await signInOnce(ctx, 'seller-staff');
    // Staff see their own sales only, as with stock PINs.
    expect((await file(staff, { soft_pin_sale_id: sale.sale_id, reason: 'x' })).status).toBe(404);
    expect((await file(staff, { pin: sale.pin, reason: 'x' })).status).toBe(404);
    const filed = await ok<ReclamationDetails>(file(seller, { soft_pin_sale_id: sale.sale_id, reason: 'Blocked' }));
    expect(filed).toMatchObject({ sale_kind: 'softpin', quantity: 1 });
  }, 60_000);
});

describe('a provider reversal and a reclamation of the same soft pin refund it once', () => {
  let sim: SoftPinSimulator;
  /** A copy of the portal's soft-pin service whose poll jobs go nowhere: the test decides when a reversal is seen. */
  let copy: ReturnType<typeof createDynamicProductsService>;
  beforeAll(async () => {
    sim = await startSoftPinSimulator({ apiKey: 'reversal-key', delayScale: 0.1 });
    const { discounts: _, ...deps } = portalCopyDeps(ctx, 'dtone');
    const products = createDynamicProductsRepository(ctx.db);
    copy = createDynamicProductsService({
      ...deps,
      pinCrypto: ctx.app.services.pinCrypto,
      products,
      calls: createSoftPinCalls({
        products,
        provider: createSoftPinClient({ baseUrl: sim.baseUrl, apiKey: 'reversal-key' }),
        clock: ctx.clock,
      }),
      creditedByReclamation: softPinCreditedIn(ctx.db),
    });
  });
  afterAll(async () => sim.close());

  /** A voided card (5104) bought through the copy: delivered; the provider refunds it 0.3 s later. */
  async function buyVoided() {
    const key = await transactionKey(ctx, seller);
    const sent = await copy.buy(
      await sellerActor(ctx, { customerId: ids.seller, headers: seller }),
      key,
      dp[5104] as number,
    );
    expect(sent.status, JSON.stringify(sent.answer)).toBe(200);
    const sale = (sent.answer.data as { sale: { sale_id: number; status: string; pin: string } }).sale;
    expect(sale.status).toBe('successful');
    return { sale, key };
  }
  /** The reversal watch's look, once the provider has refunded. */
  async function reversalSeen(saleId: number) {
    await new Promise((r) => setTimeout(r, 400));
    expect(await copy.advance(saleId, { watch: 0 })).toBe('refunded');
  }

  it('credited first: the reversal is recorded and posts no second refund', async () => {
    const { sale, key } = await buyVoided();
    const shop0 = await balanceOf(ctx, ids.seller);
    const filed = await ok<ReclamationDetails>(file(seller, { soft_pin_sale_id: sale.sale_id, reason: 'Void' }));
    await walk(filed.reclamation_id);
    expect((await balanceOf(ctx, ids.seller)).minus(shop0).toFixed(2)).toBe('9.80');
    await reversalSeen(sale.sale_id);
    expect(await saleRow(sale.sale_id)).toEqual({ status: 'refunded', refund_entry_id: null });
    expect((await providerLedgerOf(ctx, 'softpin', key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    expect((await balanceOf(ctx, ids.seller)).minus(shop0).toFixed(2)).toBe('9.80');
    await checkInvariants(ctx);
  }, 60_000);

  it('reversed first: the refund is the provider’s, and the soft pin cannot be reclaimed', async () => {
    const { sale, key } = await buyVoided();
    const shop0 = await balanceOf(ctx, ids.seller);
    await reversalSeen(sale.sale_id);
    expect((await providerLedgerOf(ctx, 'softpin', key)).kinds).toEqual([
      'provider_reservation',
      'provider_success',
      'provider_refund',
    ]);
    expect((await balanceOf(ctx, ids.seller)).minus(shop0).toFixed(2)).toBe('9.80');
    for (const body of [{ soft_pin_sale_id: sale.sale_id }, { pin: sale.pin }]) {
      const res = await file(seller, { ...body, reason: 'Void' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'reclamation_sale_refunded', params: { sale_id: sale.sale_id } });
    }
    expect((await balanceOf(ctx, ids.seller)).minus(shop0).toFixed(2)).toBe('9.80');
  }, 60_000);

  it('filed first, reversed before the credit note: the credit note is refused, the refund stays one', async () => {
    const { sale, key } = await buyVoided();
    const shop0 = await balanceOf(ctx, ids.seller);
    const filed = await ok<ReclamationDetails>(file(seller, { soft_pin_sale_id: sale.sale_id, reason: 'Void' }));
    await walk(filed.reclamation_id, 'issue_credit_note');
    await reversalSeen(sale.sale_id);
    const res = await move('superadmin', filed.reclamation_id, 'issue_credit_note');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'reclamation_sale_refunded', params: { sale_id: sale.sale_id } });
    expect((await providerLedgerOf(ctx, 'softpin', key)).kinds).toContain('provider_refund');
    const notes = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where reclamation_id = ${filed.reclamation_id}`,
    );
    expect(notes.rows[0]!.n).toBe(0);
    expect((await balanceOf(ctx, ids.seller)).minus(shop0).toFixed(2)).toBe('9.80');
    await checkInvariants(ctx);
  }, 60_000);
});

describe('the blind index of soft pins delivered before it existed', () => {
  it('is filled by the resumable backfill, batch by batch, and then finds the PIN by its code', async () => {
    const bought = [await buy(5100), await buy(5100), await buy(5100)];
    const saleIds = bought.map((b) => b.sale.sale_id);
    // As the rows delivered before the migration: no index, no masked form (a migration cannot decrypt).
    await ctx.db.execute(sql`update soft_pins set pin_index = null, pin_hint = null, pin_length = null
      where sale_id in (${sql.join(saleIds, sql`, `)})`);
    expect((await file(seller, { pin: bought[0]?.sale.pin, reason: 'x' })).status).toBe(404);
    const service = ctx.app.services.dynamicProducts.sales;
    if (!service) throw new Error('soft pins are off');
    expect(await service.backfillPinIndex(2)).toBeGreaterThanOrEqual(3);
    const rows = await ctx.db.execute<{ sale_id: number; pin_index: string; pin_hint: string; pin_length: number }>(
      sql`select sale_id, pin_index, pin_hint, pin_length from soft_pins where sale_id in (${sql.join(saleIds, sql`, `)})
          order by sale_id`,
    );
    expect(rows.rows).toEqual(
      bought.map((b) => ({
        sale_id: b.sale.sale_id,
        pin_index: ctx.app.services.pinCrypto.index(b.sale.pin as string),
        pin_hint: (b.sale.pin as string).slice(-4),
        pin_length: (b.sale.pin as string).length,
      })),
    );
    // Nothing left: a second run is a no-op.
    expect(await service.backfillPinIndex(2)).toBe(0);
    const filed = await ok<ReclamationDetails>(file(seller, { pin: bought[0]?.sale.pin, reason: 'x' }));
    expect(filed.sale_id).toBe(saleIds[0]);
  }, 60_000);
});

describe('a soft pin the provider refunded', () => {
  it('cannot be reclaimed once the portal’s own watch saw the refund', async () => {
    const { sale } = await buy(5104);
    // The reversal watch (1.8 s with the test's 150 ms poll) finds it refunded.
    await untilStatus(`soft pin ${sale.sale_id}`, 'refunded', async () => (await saleRow(sale.sale_id)) as never);
    const res = await file(seller, { soft_pin_sale_id: sale.sale_id, reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('reclamation_sale_refunded');
  }, 60_000);
});
