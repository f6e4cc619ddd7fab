import type { NoticeList } from '@portal/contract/alerts';
import type { InvoiceReport, InvoiceSummary } from '@portal/contract/invoices';
import {
  RECLAMATION_ACTIONS,
  RECLAMATION_MOVES,
  type ReclamationAction,
  type ReclamationDetails,
  type ReclamationStatus,
  type ReclamationSummary,
} from '@portal/contract/reclamations';
import type { SaleReceipt } from '@portal/contract/selling';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, get, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import {
  balanceOf,
  buy,
  checkInvariants,
  type Headers,
  ok,
  type Stock,
  stockFor,
  topUp,
} from '../selling/selling.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let platformStock: Stock;
let resellerStock: Stock;
let ip = 0;

async function signInNow(username: string): Promise<Headers> {
  ip++;
  const res = await login(ctx, { username }, { ip: `10.8.${Math.floor(ip / 250)}.${ip % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

const as: Record<string, Headers> = {};

const file = (who: string, body: object) => post(ctx.app, '/api/post_reclam_pins/', body, as[who]);
const move = (who: string, reclamation_id: number, action: ReclamationAction, reject_reason?: string) =>
  post(ctx.app, '/api/view_update_reclam_pins/', { reclamation_id, action, reject_reason }, as[who]);
const details = (who: string, reclamation_id: number) =>
  post(ctx.app, '/api/reclam_pin_details/', { reclamation_id }, as[who]);
const list = (who: string, view: string, status?: string) =>
  post(ctx.app, '/api/view_update_reclam_pins/', { page: 1, view, status }, as[who]);

async function sale(who: string, stock: Stock, quantity: number): Promise<SaleReceipt> {
  return ok<SaleReceipt>(buy(ctx, as[who]!, stock.configurationId, quantity));
}

async function fileOk(who: string, s: SaleReceipt, n: number): Promise<ReclamationDetails> {
  return ok<ReclamationDetails>(
    file(who, { sale_id: s.sale_id, pin_ids: s.pins.slice(0, n).map((p) => p.pin_id), reason: 'Code rejected' }),
  );
}

/** The happy path's statuses, and the move (with the party that makes it) out of each. */
const ORDER: ReclamationStatus[] = ['new', 'in_progress', 'accepted', 'in_review', 'approved', 'credited'];
const steps = (owner: string): [ReclamationAction, string][] => [
  ['open', 'reseller'],
  ['accept', 'reseller'],
  ['forward', 'reseller'],
  ['approve', owner],
  ['issue_credit_note', owner],
];

/** Takes a new reclamation along the happy path to `to`. */
async function walk(r: ReclamationDetails, to: ReclamationStatus, owner: string) {
  for (const [action, who] of steps(owner).slice(0, ORDER.indexOf(to))) {
    await ok(move(who, r.reclamation_id, action));
  }
}

async function ledgerOf(customerId: number, account: string): Promise<Decimal> {
  const { rows } = await ctx.db.execute<{ s: string }>(
    sql`select coalesce(sum(amount), 0) as s from ledger_lines where customer_id = ${customerId} and account = ${account}`,
  );
  return new Decimal(rows[0]!.s);
}

async function entriesOf(reclamationId: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from journal_entries where reference = ${`reclamation:${reclamationId}`}`,
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  await insertOtherTenant(ctx.db, ids.platform);
  await ctx.db.execute(sql`update users set password_hash = (select password_hash from users where username = 'seller')
    where username = 'other-shop'`);
  platformStock = await stockFor(ctx, { owner: 'platform', pins: 40, shops: [ids.seller] });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 20, shops: [ids.seller] });
  await topUp(ctx, ids.reseller, '2000');
  await topUp(ctx, ids.seller, '1000');
  for (const u of [
    'superadmin',
    'reseller',
    'reseller-staff',
    'seller',
    'seller-staff',
    'support',
    'other-reseller',
    'other-shop',
  ]) {
    as[u] = await signInNow(u);
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('filing', () => {
  it('files PINs of its own sale, shows the requested user and the sale date, and never a plain PIN', async () => {
    const s = await sale('seller', platformStock, 3);
    const r = await fileOk('seller', s, 2);
    expect(r).toMatchObject({
      status: 'new',
      requested_user: 'seller',
      sale_id: s.sale_id,
      quantity: 2,
      stock: 'platform',
      seller_amount: new Decimal(s.unit_price!).times(2).toFixed(2),
      reseller_amount: null,
      actions: [],
    });
    expect(new Date(r.transaction_date).getTime()).toBe(new Date(s.sold_at).getTime());
    expect(r.pins).toHaveLength(2);
    const text = JSON.stringify(r);
    for (const p of s.pins) expect(text).not.toContain(p.pin);
  });

  it('refuses a PIN reclaimed before, a PIN of another sale, and another shop’s sale', async () => {
    const s = await sale('seller', platformStock, 2);
    await fileOk('seller', s, 1);
    const again = await file('seller', { sale_id: s.sale_id, pin_ids: s.pins.map((p) => p.pin_id), reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'reclamation_pin_taken', params: { pin_id: s.pins[0]!.pin_id } });
    const t = await sale('seller', platformStock, 1);
    const stranger = await file('seller', { sale_id: t.sale_id, pin_ids: [s.pins[1]!.pin_id], reason: 'x' });
    expect(stranger.status).toBe(422);
    expect(stranger.body).toMatchObject({ code: 'reclamation_pin_not_in_sale', params: { pin_id: s.pins[1]!.pin_id } });
    const foreign = await file('other-shop', { sale_id: t.sale_id, pin_ids: [t.pins[0]!.pin_id], reason: 'x' });
    expect(foreign.status).toBe(404);
    const foreignPin = await file('other-shop', { pin: t.pins[0]!.pin, reason: 'x' });
    expect(foreignPin.status).toBe(404);
  });

  it('files one PIN by its code', async () => {
    const s = await sale('seller', resellerStock, 1);
    const r = await ok<ReclamationDetails>(file('seller', { pin: s.pins[0]!.pin, reason: 'Already used' }));
    expect(r).toMatchObject({ sale_id: s.sale_id, quantity: 1, stock: 'reseller' });
  });

  it('lets shop staff file and see only claims on their own sales', async () => {
    const own = await sale('seller-staff', resellerStock, 1);
    const mine = await fileOk('seller-staff', own, 1);
    const owners = await sale('seller', resellerStock, 1);
    expect(
      (await file('seller-staff', { sale_id: owners.sale_id, pin_ids: [owners.pins[0]!.pin_id], reason: 'x' })).status,
    ).toBe(404);
    const ownersClaim = await fileOk('seller', owners, 1);
    expect((await details('seller-staff', ownersClaim.reclamation_id)).status).toBe(404);
    const page = await ok<{ reclamations: ReclamationSummary[] }>(list('seller-staff', 'seller'));
    expect(page.reclamations.map((r) => r.reclamation_id)).toEqual([mine.reclamation_id]);
  });
});

describe('the state machine', () => {
  it('refuses every move the machine does not list, in every status, and moves of the other party', async () => {
    const s = await sale('seller', platformStock, 1);
    const r = await fileOk('seller', s, 1);
    for (const [i, status] of ORDER.entries()) {
      const allowed = RECLAMATION_MOVES.filter((m) => m.from === status);
      for (const action of RECLAMATION_ACTIONS.filter((a) => !allowed.some((m) => m.action === a))) {
        const who = ['approve', 'issue_credit_note'].includes(action) ? 'superadmin' : 'reseller';
        const res = await move(who, r.reclamation_id, action, 'because');
        expect(res.status, `${action} from ${status}`).toBe(409);
        expect(res.body).toMatchObject({ code: 'reclamation_transition_invalid', params: { status, action } });
      }
      for (const m of allowed) {
        // The other party (or the shop) may not make the move: 403 with the party it belongs to.
        const wrong = m.by === 'owner' ? 'reseller' : 'superadmin';
        for (const who of [wrong, 'seller']) {
          const res = await move(who, r.reclamation_id, m.action, 'because');
          expect(res.status, `${who} ${m.action} from ${status}`).toBe(403);
          expect(res.body).toMatchObject({
            code: 'reclamation_wrong_party',
            params: { action: m.action, party: m.by },
          });
        }
      }
      // Nothing refused changed anything; then the happy path's next move.
      const now = await ok<ReclamationDetails>(details('reseller', r.reclamation_id));
      expect(now.status).toBe(status);
      const next = steps('superadmin')[i];
      if (next) await ok(move(next[1], r.reclamation_id, next[0]));
    }
  });

  it('needs a reason to reject, in both rejecting states, and then is final', async () => {
    const s = await sale('seller', platformStock, 2);
    const first = await fileOk('seller', s, 1);
    await ok(move('reseller', first.reclamation_id, 'open'));
    const bare = await move('reseller', first.reclamation_id, 'reject', '  ');
    expect(bare.status).toBe(422);
    expect(bare.body.code).toBe('reclamation_reason_required');
    const rejected = await ok<ReclamationDetails>(move('reseller', first.reclamation_id, 'reject', 'PIN was redeemed'));
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'PIN was redeemed', actions: [] });
    const second = await ok<ReclamationDetails>(
      file('seller', { sale_id: s.sale_id, pin_ids: [s.pins[1]!.pin_id], reason: 'x' }),
    );
    await walk(second, 'in_review', 'superadmin');
    const byOwner = await ok<ReclamationDetails>(
      move('superadmin', second.reclamation_id, 'reject', 'Supplier says valid'),
    );
    expect(byOwner.status).toBe('rejected');
    expect(byOwner.history.map((h) => h.action)).toEqual(['file', 'open', 'accept', 'forward', 'reject']);
    expect(await entriesOf(second.reclamation_id)).toBe(0);
  });
});

describe('the bell', () => {
  /** The unresolved reclamation notices a user's bell lists about one claim. */
  const bellOf = async (who: string, reclamationId: number) =>
    (await ok<NoticeList>(get(ctx.app, '/api/view_notices/', as[who]))).notices.filter(
      (n) => n.kind === 'reclamation' && n.params.reclamation_id === reclamationId,
    );

  it('tells the party whose move a claim waits for, and nobody once it is decided', async () => {
    const s = await sale('seller', platformStock, 2);
    const r = await fileOk('seller', s, 1);
    // Filed: the shop's reseller must act.
    expect(await bellOf('reseller', r.reclamation_id)).toEqual([
      expect.objectContaining({
        params: { reclamation_id: r.reclamation_id, customer_name: expect.any(String) },
        link: `/seller-reclaim/${r.reclamation_id}`,
        read: false,
      }),
    ]);
    expect(await bellOf('superadmin', r.reclamation_id)).toEqual([]);
    expect(await bellOf('seller', r.reclamation_id)).toEqual([]);
    // The reseller's own steps keep its one notice; forwarded, the platform (the stock owner) must act.
    await walk(r, 'accepted', 'superadmin');
    expect(await bellOf('reseller', r.reclamation_id)).toHaveLength(1);
    await ok(move('reseller', r.reclamation_id, 'forward'));
    expect(await bellOf('reseller', r.reclamation_id)).toEqual([]);
    expect(await bellOf('superadmin', r.reclamation_id)).toEqual([
      expect.objectContaining({ link: `/reclaim-request/${r.reclamation_id}` }),
    ]);
    await ok(move('superadmin', r.reclamation_id, 'approve'));
    expect(await bellOf('superadmin', r.reclamation_id)).toHaveLength(1);
    await ok(move('superadmin', r.reclamation_id, 'issue_credit_note'));
    expect(await bellOf('superadmin', r.reclamation_id)).toEqual([]);
    // Resolved, not deleted: the rows stay, each with the time its cause went.
    const { rows } = await ctx.db.execute<{ customer_id: number; resolved: boolean }>(
      sql`select customer_id, resolved_at is not null as resolved from notices
          where kind = 'reclamation' and subject_id = ${r.reclamation_id} order by id`,
    );
    expect(rows).toEqual([
      { customer_id: ids.reseller, resolved: true },
      { customer_id: ids.platform, resolved: true },
    ]);
  });

  it('resolves the notice of a claim rejected by the reseller', async () => {
    const s = await sale('seller', resellerStock, 1);
    const r = await fileOk('seller', s, 1);
    expect(await bellOf('reseller', r.reclamation_id)).toHaveLength(1);
    await ok(move('reseller', r.reclamation_id, 'open'));
    await ok(move('reseller', r.reclamation_id, 'reject', 'PIN was redeemed'));
    expect(await bellOf('reseller', r.reclamation_id)).toEqual([]);
  });
});

describe('the credit note', () => {
  it('refunds platform stock at the prices paid: shop +S, reseller −S income and +R, platform −R revenue', async () => {
    const s = await sale('seller', platformStock, 3);
    const r = await fileOk('seller', s, 2);
    const before = {
      shop: await balanceOf(ctx, ids.seller),
      reseller: await balanceOf(ctx, ids.reseller),
      income: await ledgerOf(ids.reseller, 'sales_income'),
      revenue: await ledgerOf(ids.platform, 'revenue'),
      cost: await ledgerOf(ids.platform, 'cost_of_sales'),
    };
    await walk(r, 'approved', 'superadmin');
    const seen = await ok<ReclamationDetails>(details('superadmin', r.reclamation_id));
    expect(seen.actions).toEqual(['issue_credit_note']);
    const done = await ok<ReclamationDetails>(move('superadmin', r.reclamation_id, 'issue_credit_note'));
    const { rows } = await ctx.db.execute<{ seller_price: string; reseller_price: string }>(
      sql`select seller_price, reseller_price from sales where id = ${s.sale_id}`,
    );
    const S = new Decimal(rows[0]!.seller_price).times(2);
    const R = new Decimal(rows[0]!.reseller_price).times(2);
    expect((await balanceOf(ctx, ids.seller)).minus(before.shop).toFixed(2)).toBe(S.toFixed(2));
    expect((await balanceOf(ctx, ids.reseller)).minus(before.reseller).toFixed(2)).toBe(R.toFixed(2));
    expect((await ledgerOf(ids.reseller, 'sales_income')).minus(before.income).toFixed(2)).toBe(S.negated().toFixed(2));
    expect((await ledgerOf(ids.platform, 'revenue')).minus(before.revenue).toFixed(2)).toBe(R.negated().toFixed(2));
    // The PINs do not return to stock: the cost lines stay.
    expect((await ledgerOf(ids.platform, 'cost_of_sales')).toFixed(2)).toBe(before.cost.toFixed(2));

    expect(done.status).toBe('credited');
    expect(done.credit_notes.map((n) => n.gross_total).sort()).toEqual([S.toFixed(2), R.toFixed(2)].sort());
    expect(done.credit_note_no).toMatch(/^RK-\d{6}$/);
    // The shop sees its own note only, and reads it as a received reclamation invoice.
    const shopView = await ok<ReclamationDetails>(details('seller', r.reclamation_id));
    expect(shopView.credit_notes).toEqual([
      expect.objectContaining({ id: done.credit_note_id, gross_total: S.toFixed(2) }),
    ]);
    const received = await ok<{ invoices: InvoiceSummary[] }>(
      post(ctx.app, '/api/view_reclamation_invoices/', { page: 1, view: 'received', kind: 'credit_note' }, as.seller),
    );
    expect(received.invoices[0]).toMatchObject({ kind: 'credit_note', reclamation_id: r.reclamation_id });
    const report = await ok<InvoiceReport>(
      post(ctx.app, '/api/get_invoice_report/', { invoice_id: done.credit_note_id }, as.reseller),
    );
    expect(report).toMatchObject({ kind: 'credit_note', gross_total: S.toFixed(2) });
    expect(report.lines).toEqual([expect.objectContaining({ quantity: 2, gross_amount: S.toFixed(2) })]);
    // Credit notes are not invoices: the invoice list leaves them out.
    const invoices = await ok<{ invoices: InvoiceSummary[] }>(
      post(ctx.app, '/api/view_invoices/', { page: 1, view: 'received' }, as.seller),
    );
    expect(invoices.invoices.every((i) => i.kind === 'invoice')).toBe(true);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoices/${done.credit_note_id}/pdf/?view=gross`,
      headers: { host: 'localhost', ...as.seller },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('RK-');
    await checkInvariants(ctx);
  });

  it("refunds the reseller's own stock: the reseller reviews and credits, one note", async () => {
    const s = await sale('seller', resellerStock, 1);
    const r = await fileOk('seller', s, 1);
    const shop = await balanceOf(ctx, ids.seller);
    const reseller = await balanceOf(ctx, ids.reseller);
    await walk(r, 'credited', 'reseller');
    const done = await ok<ReclamationDetails>(details('reseller', r.reclamation_id));
    expect(done.credit_notes).toHaveLength(1);
    expect((await balanceOf(ctx, ids.seller)).minus(shop).toFixed(2)).toBe(new Decimal(s.unit_price!).toFixed(2));
    expect((await balanceOf(ctx, ids.reseller)).toFixed(2)).toBe(reseller.toFixed(2));
    // The superadmin has no part in the reseller's own stock.
    expect((await details('superadmin', r.reclamation_id)).status).toBe(404);
    await checkInvariants(ctx);
  });

  it('credits once when the credit note is issued six times at once, and approves once', async () => {
    const s = await sale('seller', platformStock, 1);
    const r = await fileOk('seller', s, 1);
    await walk(r, 'in_review', 'superadmin');
    const approvals = await Promise.all(
      Array.from({ length: 6 }, () => move('superadmin', r.reclamation_id, 'approve')),
    );
    expect(approvals.filter((a) => a.status === 200)).toHaveLength(1);
    expect(approvals.filter((a) => a.body.code === 'reclamation_transition_invalid')).toHaveLength(5);
    const shop = await balanceOf(ctx, ids.seller);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => move('superadmin', r.reclamation_id, 'issue_credit_note')),
    );
    expect(attempts.filter((a) => a.status === 200)).toHaveLength(1);
    expect(attempts.filter((a) => a.body.code === 'reclamation_transition_invalid')).toHaveLength(5);
    expect(await entriesOf(r.reclamation_id)).toBe(1);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where reclamation_id = ${r.reclamation_id}`,
    );
    expect(rows[0]!.n).toBe(2);
    expect((await balanceOf(ctx, ids.seller)).minus(shop).toFixed(2)).toBe(new Decimal(s.unit_price!).toFixed(2));
    await checkInvariants(ctx);
  });

  it('numbers credit notes in the issuer’s own RK series, gap-free, apart from its invoices', async () => {
    const { rows } = await ctx.db.execute<{
      issuer_customer_id: number;
      series: string;
      numbers: number[];
      last: number;
    }>(sql`
      select i.issuer_customer_id, i.series, array_agg(i.number order by i.number) as numbers, c.last_number as last
      from invoices i join invoice_counters c on c.issuer_customer_id = i.issuer_customer_id and c.series = i.series
      group by i.issuer_customer_id, i.series, c.last_number`);
    expect(rows.filter((r) => r.series === 'RK').length).toBeGreaterThan(0);
    for (const r of rows) expect(r.numbers).toEqual(Array.from({ length: r.last }, (_, i) => i + 1));
  });

  it('keeps reclaimed PINs and the history as records: no update or delete', async () => {
    await expect(ctx.db.execute(sql`delete from reclamation_pins`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update reclamation_events set status = 'new'`)).rejects.toThrow();
  });
});

describe('who may call what (role × endpoint × tenant)', () => {
  let claim: ReclamationDetails;
  beforeAll(async () => {
    claim = await fileOk('seller', await sale('seller', platformStock, 1), 1);
    await walk(claim, 'in_review', 'superadmin');
  });

  it('lists each role its own view and refuses the others', async () => {
    const views: [string, string, number][] = [
      ['seller', 'seller', 200],
      // The shops' and resellers' lists open for seller, reseller and superadmin, each with what it may see.
      ['seller', 'reseller', 200],
      ['reseller', 'reseller', 200],
      ['reseller', 'seller', 200],
      ['reseller', 'owner', 403],
      ['seller', 'owner', 403],
      ['superadmin', 'owner', 200],
      ['superadmin', 'seller', 200],
      ['superadmin', 'reseller', 200],
      ['support', 'seller', 403],
      ['other-reseller', 'reseller', 200],
      ['other-shop', 'seller', 200],
    ];
    for (const [who, view, status] of views) {
      const res = await list(who, view);
      expect(res.status, `${who} ${view}`).toBe(status);
      if (status !== 200) continue;
      const found = (res.body.data.reclamations as ReclamationSummary[]).some(
        (r) => r.reclamation_id === claim.reclamation_id,
      );
      // Another reseller and its shop see nothing of this tenant; unassigned staff see nothing either.
      expect(found, `${who} ${view}`).toBe(!who.startsWith('other-'));
    }
    const staff = await ok<{ reclamations: unknown[] }>(list('reseller-staff', 'reseller'));
    expect(staff.reclamations).toEqual([]);
    const filtered = await ok<{ reclamations: ReclamationSummary[] }>(list('superadmin', 'owner', 'in_review'));
    expect(filtered.reclamations.every((r) => r.status === 'in_review')).toBe(true);
  });

  it('answers details and moves with 404 to other tenants and unassigned staff, 403 without the role or flag', async () => {
    // The owner last: its approval moves the claim on, after which every approval is an invalid move.
    const expected: [string, number][] = [
      ['reseller', 200],
      ['seller', 200],
      ['reseller-staff', 404],
      ['seller-staff', 404],
      ['other-reseller', 404],
      ['other-shop', 404],
      ['support', 403],
      ['superadmin', 200],
    ];
    for (const [who, status] of expected) {
      expect((await details(who, claim.reclamation_id)).status, `details ${who}`).toBe(status);
      const m = await move(who, claim.reclamation_id, 'approve');
      expect(m.status, `approve ${who}`).toBe(status === 200 ? (who === 'superadmin' ? 200 : 403) : status);
    }
    // Filing is a shop's: operators and web support may not.
    for (const who of ['superadmin', 'reseller', 'support']) {
      expect((await file(who, { pin: '1234567890', reason: 'x' })).status, `file ${who}`).toBe(403);
    }
    // The credit notes' list belongs to the invoices (has_invoice): the other reseller sees none of these.
    const foreign = await ok<{ invoices: InvoiceSummary[] }>(
      post(
        ctx.app,
        '/api/view_reclamation_invoices/',
        { page: 1, view: 'issued', kind: 'credit_note' },
        as['other-reseller'],
      ),
    );
    expect(foreign.invoices).toEqual([]);
  });

  it('refuses a shop user without has_reclamation, even for its own claims', async () => {
    await ctx.db.execute(sql`update users set features = array_remove(features, 'has_reclamation')
      where username = 'seller-staff'`);
    const h = await signInNow('seller-staff');
    expect((await post(ctx.app, '/api/view_update_reclam_pins/', { page: 1, view: 'seller' }, h)).status).toBe(403);
    expect((await post(ctx.app, '/api/reclam_pin_details/', { reclamation_id: claim.reclamation_id }, h)).status).toBe(
      403,
    );
  });
});

describe('reclamation invoices: the month’s credit notes, and the invoice netted with them', () => {
  it('issues the shop’s November reclamation invoice once, and nets it with the November invoice', async () => {
    // Everything above happened on 21 November 2026; December lets November be invoiced.
    ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
    const reseller = await signInNow('reseller');
    const { rows } = await ctx.db.execute<{ gross: string; n: number }>(sql`
      select sum(gross_total) as gross, count(*)::int as n from invoices
      where kind = 'credit_note' and issuer_customer_id = ${ids.reseller} and recipient_customer_id = ${ids.seller}`);
    const credited = new Decimal(rows[0]!.gross);
    expect(rows[0]!.n).toBeGreaterThan(0);
    const customers = await ok<{ customers: { customer_id: number; purchases_gross: string; invoice_id: null }[] }>(
      post(ctx.app, '/api/get_customers_for_reclamation_invoice/', { page: 1, month: '2026-11' }, reseller),
    );
    expect(customers.customers.find((c) => c.customer_id === ids.seller)).toMatchObject({
      purchases_gross: credited.toFixed(2),
      invoice_id: null,
    });

    const runOf = async (url: string) => {
      const run = await ok<{ run_id: number }>(
        post(ctx.app, url, { customer_ids: [ids.seller], month: '2026-11' }, reseller),
        202,
      );
      // The run's job is picked up by pg-boss's polling: give it the time the invoices' test gives it.
      await expect
        .poll(
          async () =>
            (
              await ctx.app.inject({
                method: 'GET',
                url: `/api/invoice_runs/${run.run_id}/`,
                headers: { host: 'localhost', ...reseller },
              })
            ).json().data.status,
          { timeout: 20_000 },
        )
        .toBe('done');
    };
    await runOf('/api/generate_invoices_with_customer_ids/');
    await runOf('/api/generate_reclamation_invoices_with_customer_ids/');
    await runOf('/api/generate_reclamation_invoices_with_customer_ids/');
    const list = await ok<{ invoices: InvoiceSummary[] }>(
      post(ctx.app, '/api/view_reclamation_invoices/', { page: 1, view: 'issued', month: '2026-11' }, reseller),
    );
    expect(list.invoices).toHaveLength(1);
    const summary = list.invoices[0]!;
    expect(summary).toMatchObject({ kind: 'reclamation', gross_total: credited.toFixed(2) });
    expect(summary.invoice_no).toMatch(/^RS-\d{6}$/);
    // No invoice (issue 35): it lists the RK notes it sums up, and has a PDF but no e-invoice.
    const overview = await ok<InvoiceReport>(
      post(ctx.app, '/api/get_invoice_report/', { invoice_id: summary.id }, reseller),
    );
    const { rows: notes } = await ctx.db.execute<{ invoice_no: string }>(sql`
      select invoice_no from invoices where kind = 'credit_note' and issuer_customer_id = ${ids.reseller}
        and recipient_customer_id = ${ids.seller} and issued_at >= '2026-10-31T23:00:00Z'
        and issued_at < '2026-11-30T23:00:00Z' order by number`);
    expect(notes.length).toBeGreaterThan(0);
    expect(overview.listed_corrections?.map((c) => c.invoice_no)).toEqual(notes.map((n) => n.invoice_no));
    expect(overview.listed_corrections?.reduce((s, c) => s.plus(c.gross_total), new Decimal(0)).toFixed(2)).toBe(
      credited.toFixed(2),
    );
    for (const format of ['xrechnung', 'zugferd']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/invoices/${summary.id}/${format}/`,
        headers: { host: 'localhost', ...reseller },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('einvoice_not_an_invoice');
    }
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoices/${summary.id}/pdf/`,
      headers: { host: 'localhost', ...reseller },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const invoice = (
      await ok<{ invoices: InvoiceSummary[] }>(
        post(
          ctx.app,
          '/api/view_invoices/',
          { page: 1, view: 'issued', month: '2026-11', customer_id: ids.seller },
          reseller,
        ),
      )
    ).invoices[0]!;
    const combined = await ok<InvoiceReport>(
      post(ctx.app, '/api/get_invoice_report/', { invoice_id: summary.id, combined: true }, reseller),
    );
    expect(combined.combined_invoice_no).toBe(invoice.invoice_no);
    expect(combined.gross_total).toBe(new Decimal(invoice.gross_total).minus(credited).toFixed(2));
    expect(combined.lines.some((l) => l.quantity < 0)).toBe(true);
    // The shop reads its reclamation invoice; the other reseller finds nothing of it.
    const received = await ok<{ invoices: InvoiceSummary[] }>(
      post(ctx.app, '/api/view_reclamation_invoices/', { page: 1, view: 'received' }, await signInNow('seller')),
    );
    expect(received.invoices.map((i) => i.id)).toContain(summary.id);
    const foreign = await post(
      ctx.app,
      '/api/get_invoice_report/',
      { invoice_id: summary.id, combined: true },
      await signInNow('other-reseller'),
    );
    expect(foreign.status).toBe(404);
  });
});
