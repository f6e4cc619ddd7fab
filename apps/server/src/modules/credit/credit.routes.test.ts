import { parse } from 'csv-parse/sync';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { ENTRY_KINDS, LEDGER_ACCOUNTS } from '../../db/schema/credit.ts';
import { expectGermanCsv, xlsxSheet } from '../../platform/export-checks.fixtures.ts';
import { zipEntries } from '../../platform/zip.fixtures.ts';
import { demoIds, insertCustomer, insertOtherTenant } from '../customers/customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let headers: Record<string, Record<string, string>>;
let otherShop: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  const other = await insertOtherTenant(ctx.db, ids.platform, { reseller: '5000', shop: '500' });
  otherShop = other.shop.customerId;
  headers = {};
  for (const u of ['superadmin', 'reseller', 'reseller-staff', 'seller', 'seller-staff', 'support', 'other-reseller']) {
    headers[u] = await signIn(ctx, u);
  }
});
afterAll(async () => ctx.close());

const wallet = async (customerId: number) =>
  (
    await ctx.db.execute<{ balance: string; outstanding_credit: string }>(
      sql`select balance, outstanding_credit from wallets where customer_id = ${customerId}`,
    )
  ).rows[0];

async function settleAutoCreditJobs() {
  // The job runs in the background; the test waits until no request is pending.
  for (let i = 0; i < 100; i++) {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from auto_credit_requests where status = 'pending'`,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('auto-credit requests still pending');
}

describe('credit top-up and payment', () => {
  it('raises balance and outstanding credit, and the seller sees the new balance', async () => {
    const res = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, amount: '250.50', remarks: 'opening credit' },
      headers.reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: ids.seller,
      balance: '250.50',
      outstanding_credit: '250.50',
      credit_limit: '1000.00',
    });
    const seen = await get(ctx.app, '/api/dynamic_balance/', headers.seller);
    expect(seen.body.data).toMatchObject({ balance: '250.50', outstanding_credit: '250.50' });
  });

  it('accepts form data like the spec clients send it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/add_customer_credit/',
      payload: `customer_id=${ids.seller}&amount=49.5&type=credit&reference=12345`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', ...headers.reseller },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.balance).toBe('300.00');
  });

  it('refuses a top-up beyond the credit limit with 409 and leaves the wallet unchanged', async () => {
    const res = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, amount: '700.01' },
      headers.reseller,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message_type: 0, code: 'credit_limit_exceeded' });
    expect(res.body.message).toBe('credit limit must not be exceeded');
    expect(await wallet(ids.seller)).toEqual({ balance: '300.0000', outstanding_credit: '300.0000' });
    const exact = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, amount: '700' },
      headers.reseller,
    );
    expect(exact.body.data).toMatchObject({ balance: '1000.00', outstanding_credit: '1000.00' });
  });

  it('settles outstanding credit first with a payment, the rest raises the balance', async () => {
    const part = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, type: 'payment', amount: '400', method: 'transfer', reference: 'SEPA-1' },
      headers.reseller,
    );
    expect(part.status).toBe(200);
    expect(part.body.message).toBe('Payment recorded');
    expect(part.body.data).toMatchObject({ balance: '1000.00', outstanding_credit: '600.00' });
    const over = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, type: 'payment', amount: '650', method: 'cash' },
      headers.reseller,
    );
    expect(over.body.data).toMatchObject({ balance: '1050.00', outstanding_credit: '0.00' });
  });

  it('validates the amount: filled, positive, at most 4 decimals', async () => {
    for (const amount of [undefined, '', '0', '-5', 'abc', '1.23456']) {
      const res = await post(
        ctx.app,
        '/api/add_customer_credit/',
        { customer_id: ids.seller, amount },
        headers.reseller,
      );
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('amount');
    }
    // A refusal names the contract's rule, which the web translates like its own check (lib/zod-form.ts).
    const named = async (amount: string) =>
      (await post(ctx.app, '/api/add_customer_credit/', { customer_id: ids.seller, amount }, headers.reseller)).body
        .errors[0].rule;
    expect(await named('')).toBe('amount_required');
    expect(await named('1.23456')).toBe('amount_format');
    expect(await named('0')).toBe('amount_positive');
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/add_customer_credit/',
      payload: `customer_id=${ids.seller}&amount=`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', ...headers.reseller },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(/amount/);
  });

  it('tops up several customers, each on its own, and reports each outcome', async () => {
    const shop2 = await insertCustomer(ctx.db, {
      name: 'Second Shop',
      accountRole: 2,
      parentId: ids.reseller,
      username: 'second-shop',
      creditLimit: '100',
    });
    const res = await post(
      ctx.app,
      '/api/process_top_up_with_multi_customers/',
      {
        customers: [
          { customer_id: shop2.customerId, amount: '60' },
          { customer_id: shop2.customerId, amount: '60' },
          { customer_id: otherShop, amount: '10' },
        ],
      },
      headers.reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(res.body.data.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual([
      'success',
      'credit_limit_exceeded',
      'not_found',
    ]);
    expect(await wallet(otherShop)).toEqual({ balance: '0.0000', outstanding_credit: '0.0000' });
  });
});

describe('who may move money', () => {
  const body = () => ({ customer_id: ids.seller, amount: '1' });

  it('answers 403 for roles and flags without has_credit', async () => {
    for (const u of ['seller', 'seller-staff', 'support']) {
      expect((await post(ctx.app, '/api/add_customer_credit/', body(), headers[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/view_credit_logs/', {}, headers[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/view_wallet_history/', {}, headers[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/view_customer_ledger/', body(), headers[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/update_auto_credit/', { ...body(), auto_credit: 0 }, headers[u])).status).toBe(
        403,
      );
      expect((await post(ctx.app, '/api/view_auto_credit/', body(), headers[u])).status, u).toBe(403);
    }
    // A seller holding the operator flag is still refused: the role decides first.
    await ctx.db.execute(sql`update customers set features = features || '{has_credit}' where id = ${ids.seller}`);
    await ctx.db.execute(sql`update users set features = features || '{has_credit}' where username = 'seller'`);
    expect((await post(ctx.app, '/api/add_customer_credit/', body(), headers.seller)).status).toBe(403);
    // A reseller user without the flag is refused too.
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_credit') where username = 'reseller'`,
    );
    expect((await post(ctx.app, '/api/add_customer_credit/', body(), headers.reseller)).status).toBe(403);
    await ctx.db.execute(sql`update users set features = features || '{has_credit}' where username = 'reseller'`);
    await ctx.db.execute(sql`update users set features = array_remove(features, 'has_credit_and_balance')
      where username = 'reseller'`);
    expect((await post(ctx.app, '/api/view_wallet_history/', {}, headers.reseller)).status).toBe(403);
    expect((await post(ctx.app, '/api/view_ledger/', {}, headers.reseller)).status).toBe(403);
    await ctx.db.execute(sql`update users set features = features || '{has_credit_and_balance}'
      where username = 'reseller'`);
  });

  it("answers 404 for another reseller's customer and for the superadmin's grandchildren", async () => {
    for (const [u, id] of [
      ['other-reseller', ids.seller],
      ['reseller', otherShop],
      ['superadmin', ids.seller],
    ] as const) {
      const res = await post(ctx.app, '/api/add_customer_credit/', { customer_id: id, amount: '1' }, headers[u]);
      expect(res.status, u).toBe(404);
      expect((await post(ctx.app, '/api/view_customer_ledger/', { customer_id: id }, headers[u])).status).toBe(404);
      expect((await post(ctx.app, '/api/view_wallet_history/', { customer_id: id }, headers[u])).status).toBe(404);
      expect(
        (await post(ctx.app, '/api/update_auto_credit/', { customer_id: id, auto_credit: 0 }, headers[u])).status,
      ).toBe(404);
      expect((await post(ctx.app, '/api/view_auto_credit/', { customer_id: id }, headers[u])).status).toBe(404);
    }
    const search = await post(ctx.app, '/api/search_customer/', { search_text: 'Shop' }, headers['other-reseller']);
    expect(search.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Other Shop']);
  });

  it('lets the superadmin credit its resellers', async () => {
    const res = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.reseller, amount: '2000' },
      headers.superadmin,
    );
    expect(res.body.data).toMatchObject({ balance: '2000.00', credit_limit: '10000.00' });
  });

  it('shows staff of a reseller only the customers assigned to them', async () => {
    const staff = headers['reseller-staff'];
    expect(
      (await post(ctx.app, '/api/add_customer_credit/', { customer_id: ids.seller, amount: '1' }, staff)).status,
    ).toBe(404);
    expect((await post(ctx.app, '/api/search_customer/', {}, staff)).body.data.customers).toEqual([]);
    await ctx.db.execute(sql`insert into staff_assignments (staff_user_id, customer_id, assigned_by, assigned_at)
      values (${ids.user('reseller-staff')}, ${ids.seller}, ${ids.user('reseller')}, now())`);
    const res = await post(ctx.app, '/api/view_customer_ledger/', { customer_id: ids.seller }, staff);
    expect(res.status).toBe(200);
  });
});

describe('money lists', () => {
  it('lists the wallet history with the filters envelope and running balance', async () => {
    const res = await post(
      ctx.app,
      '/api/view_wallet_history/',
      { customer_id: ids.seller, page: 1, limit: 2 },
      headers.reseller,
    );
    expect(res.status).toBe(200);
    const { wallet_history_transactions: rows, filters } = res.body.data;
    expect(filters).toMatchObject({ page: 1, limit: 2, customer_id: ids.seller });
    // 250.50, 49.50, 700 and the 50 left of the second payment; the first one only settled credit.
    expect(filters.total_count).toBe(4);
    expect(filters.total_pages).toBe(Math.ceil(filters.total_count / 2));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ kind: 'payment', account: 'balance', amount: '50.00', balance_after: '1050.00' });
    const kind = await post(
      ctx.app,
      '/api/view_wallet_history/',
      { customer_id: ids.seller, filters: { kind: 'credit_topup' } },
      headers.reseller,
    );
    expect(kind.body.data.wallet_history_transactions.every((r: { kind: string }) => r.kind === 'credit_topup')).toBe(
      true,
    );
    const none = await post(
      ctx.app,
      '/api/view_wallet_history/',
      { customer_id: ids.seller, from: '2026-11-22' },
      headers.reseller,
    );
    expect(none.body.data.filters.total_count).toBe(0);
  });

  it('exports the wallet history as a German CSV: ;, decimal commas, kinds in words', async () => {
    const res = await download('/api/process_wallet_history/', { customer_id: ids.seller }, headers.reseller!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain(`wallet-history-${ids.seller}.csv`);
    const [header, ...rows] = csvOf(res.rawPayload, ';');
    expect(header).toEqual([
      'Buchungsnummer',
      'Datum',
      'Art',
      'Konto',
      'Betrag',
      'Guthaben danach',
      'Zahlungsart',
      'Referenz',
      'Bemerkung',
      'Gebucht von',
    ]);
    expect(rows[0]!.slice(2, 6)).toEqual(['Kreditaufladung', 'Guthaben', '250,50', '250,50']);
    expect(rows[0]![1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('lists credit logs with what settled credit', async () => {
    const res = await post(ctx.app, '/api/view_credit_logs/', { customer_id: ids.seller }, headers.reseller);
    const logs = res.body.data.credit_logs;
    expect(logs.map((l: { kind: string; amount: string }) => `${l.kind} ${l.amount}`)).toEqual([
      'payment 650.00',
      'payment 400.00',
      'credit_topup 700.00',
      'credit_topup 49.50',
      'credit_topup 250.50',
    ]);
    expect(logs[0]).toMatchObject({ settled_credit: '600.00', method: 'cash', created_by: 'reseller' });
    expect(logs[1]).toMatchObject({ settled_credit: '400.00', method: 'transfer', reference: 'SEPA-1' });
  });

  it("shows the customer ledger's balance and credit lines", async () => {
    const res = await post(ctx.app, '/api/view_customer_ledger/', { customer_id: ids.seller }, headers.reseller);
    const rows = res.body.data.customer_ledger;
    expect(new Set(rows.map((r: { account: string }) => r.account))).toEqual(new Set(['balance', 'credit']));
    expect(
      rows.find((r: { kind: string; account: string }) => r.kind === 'credit_topup' && r.account === 'credit'),
    ).toBeTruthy();
  });

  it("shows a reseller its own ledger and a seller's staff only their own lines", async () => {
    const own = await post(ctx.app, '/api/view_ledger/', {}, headers.reseller);
    expect(own.status).toBe(200);
    expect(own.body.data.ledger.every((r: { customer_id: number }) => r.customer_id === ids.reseller)).toBe(true);
    expect(own.body.data.ledger.length).toBeGreaterThan(0);
    const seller = await post(ctx.app, '/api/view_ledger/', {}, headers.seller);
    expect(seller.body.data.filters.total_count).toBeGreaterThan(0);
    const staff = await post(ctx.app, '/api/view_ledger/', {}, headers['seller-staff']);
    expect(staff.body.data.filters.total_count).toBe(0);
    expect((await post(ctx.app, '/api/view_ledger/', {}, headers.superadmin)).status).toBe(403);
  });
});

describe('auto-credit', () => {
  let shop: number;
  const sell = (amount: string) =>
    ctx.db.transaction((tx) =>
      ctx.app.services.credit.ledger.postSale(tx, {
        sellerId: shop,
        resellerId: ids.reseller,
        platformId: ids.platform,
        sellerPrice: amount,
        ownerId: ids.reseller,
        cost: '0',
        createdBy: ids.user('reseller'),
        reference: `test-${amount}`,
      }),
    );

  beforeAll(async () => {
    shop = (
      await insertCustomer(ctx.db, {
        name: 'Auto Shop',
        accountRole: 2,
        parentId: ids.reseller,
        username: 'auto-shop',
        creditLimit: '250',
      })
    ).customerId;
  });

  it('validates and saves the settings', async () => {
    const missing = await post(
      ctx.app,
      '/api/update_auto_credit/',
      { customer_id: shop, auto_credit: 1 },
      headers.reseller,
    );
    expect(missing.status).toBe(422);
    const res = await post(
      ctx.app,
      '/api/update_auto_credit/',
      { customer_id: shop, auto_credit: 1, balance_trigger: '50', balance_topup: '100' },
      headers.reseller,
    );
    expect(res.body.data).toEqual({
      customer_id: shop,
      auto_credit: 1,
      balance_trigger: '50.00',
      balance_topup: '100.00',
      low_balance_notice: 'email',
    });
    const read = await post(ctx.app, '/api/view_auto_credit/', { customer_id: shop }, headers.reseller);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('tops up the full amount once per crossing below the trigger', async () => {
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: shop, amount: '60' }, headers.reseller);
    const crossed = await sell('20'); // 60 → 40: below 50
    expect(crossed.autoCreditRequests).toHaveLength(1);
    await ctx.app.services.credit.autoCredit.dispatchAutoCredit(crossed.autoCreditRequests);
    await settleAutoCreditJobs();
    expect(await wallet(shop)).toEqual({ balance: '140.0000', outstanding_credit: '160.0000' });
    // Still above the trigger after the top-up; the next fall below is a new crossing.
    expect((await sell('10')).autoCreditRequests).toHaveLength(0); // 130
  });

  it('gives less when less room is left, and nothing when none is', async () => {
    const partial = await sell('90'); // 130 → 40, room 250 − 160 = 90
    await ctx.app.services.credit.autoCredit.dispatchAutoCredit(partial.autoCreditRequests);
    await settleAutoCreditJobs();
    expect(await wallet(shop)).toEqual({ balance: '130.0000', outstanding_credit: '250.0000' });
    const none = await sell('100'); // 130 → 30, no room
    await ctx.app.services.credit.autoCredit.dispatchAutoCredit(none.autoCreditRequests);
    await settleAutoCreditJobs();
    expect(await wallet(shop)).toEqual({ balance: '30.0000', outstanding_credit: '250.0000' });
    // Below the trigger already: a further sale is no new crossing.
    expect((await sell('5')).autoCreditRequests).toHaveLength(0);

    const ledger = await post(ctx.app, '/api/view_auto_credit_ledger/', { customer_id: shop }, headers.reseller);
    expect(
      ledger.body.data.auto_credit_ledger.map((r: { status: string; granted: string }) => `${r.status} ${r.granted}`),
    ).toEqual(['skipped 0.00', 'done 90.00', 'done 100.00']);
    expect(ledger.body.data.auto_credit_ledger[0].reason).toBe('credit limit must not be exceeded');
    const logs = await post(
      ctx.app,
      '/api/view_credit_logs/',
      { customer_id: shop, kind: 'auto_credit' },
      headers.reseller,
    );
    expect(logs.body.data.credit_logs.map((l: { amount: string }) => l.amount)).toEqual(['90.00', '100.00']);
  });

  it('settles a request once even when its job runs twice', async () => {
    // 25 left, 250 owed: the payment settles credit only; a top-up then lifts the balance above 50.
    await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: shop, type: 'payment', amount: '200' },
      headers.reseller,
    );
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: shop, amount: '100' }, headers.reseller);
    expect(await wallet(shop)).toEqual({ balance: '125.0000', outstanding_credit: '150.0000' });
    const again = await sell('80');
    expect(again.autoCreditRequests).toHaveLength(1);
    const id = again.autoCreditRequests[0]!;
    await Promise.all([
      ctx.app.services.credit.autoCredit.settleAutoCredit({ id }),
      ctx.app.services.credit.autoCredit.settleAutoCredit({ id }),
    ]);
    await ctx.app.services.credit.autoCredit.settleAutoCredit({ id });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from auto_credit_requests r join journal_entries e on e.id = r.entry_id where r.id = ${id}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await wallet(shop)).toEqual({ balance: '145.0000', outstanding_credit: '250.0000' });
  });
});

/** The database's own message for a refused statement (drizzle wraps it as the cause). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'succeeded',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );

describe('ledger integrity', () => {
  it('cannot update, delete or truncate ledger lines and entries, whatever the role', async () => {
    expect(await refusal(ctx.db.execute(sql`update ledger_lines set amount = amount + 1`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`delete from ledger_lines`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`truncate ledger_lines cascade`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`update journal_entries set memo = 'changed'`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`delete from journal_entries`))).toMatch(/append-only/);
    const { rows } = await ctx.db.execute<{ super: boolean }>(
      sql`select rolsuper as super from pg_roles where rolname = current_user`,
    );
    // The application connects as a superuser here, so the trigger, not a grant, is what refuses.
    expect(rows[0]!.super).toBe(true);
  });

  /** Lines as rows of (customer_id, account, amount), for an insert … select. */
  const lines = (...rows: [number, string, number][]) =>
    sql.join(
      rows.map(([c, a, x]) => sql`select ${c}::int as customer_id, ${a}::text as account, ${x}::numeric as amount`),
      sql` union all `,
    );
  /** An entry written by hand, one insert statement per group of lines, then rolled back: the refusal, if any. */
  const writeEntry = (...statements: SQL[]) =>
    refusal(
      ctx.db.transaction(async (tx) => {
        // insert … returning answers one row
        const { id } = (
          await tx.execute<{ id: number }>(sql`insert into journal_entries (kind, customer_id, created_at)
          values ('adjustment', ${ids.seller}, now()) returning id`)
        ).rows[0]!;
        for (const group of statements) {
          await tx.execute(sql`insert into ledger_lines (entry_id, customer_id, account, amount, created_at)
            select ${id}, l.customer_id, l.account, l.amount, now() from (${group}) l`);
        }
        throw new Error('rolled back');
      }),
    );

  it('refuses an entry whose lines do not sum to zero', async () => {
    expect(await writeEntry(lines([ids.seller, 'balance', 10], [ids.reseller, 'external_funds', -9]))).toMatch(
      /does not balance/,
    );
  });

  it('refuses lines added to a balanced entry by a later statement unless they balance on their own', async () => {
    const balanced = lines([ids.seller, 'balance', 10], [ids.reseller, 'external_funds', -10]);
    expect(await writeEntry(balanced, lines([ids.seller, 'balance', 5]))).toMatch(/does not balance/);
    expect(await writeEntry(balanced, lines([ids.seller, 'balance', 5], [ids.reseller, 'external_funds', -4]))).toMatch(
      /does not balance/,
    );
    // A balanced pair keeps the entry balanced: the check accepts it (the test rolls it back).
    expect(await writeEntry(balanced, lines([ids.seller, 'balance', 5], [ids.reseller, 'external_funds', -5]))).toBe(
      'rolled back',
    );
  });

  it('refuses an account or an entry kind outside the lists, and the types the checks cast to hold the lists', async () => {
    const balanced = lines([ids.seller, 'balance', 10], [ids.reseller, 'external_funds', -10]);
    expect(await writeEntry(balanced)).toBe('rolled back');
    expect(await writeEntry(lines([ids.seller, 'balance', 10], [ids.reseller, 'pocket', -10]))).toMatch(
      /invalid input value for enum ledger_account: "pocket"/,
    );
    expect(
      await refusal(
        ctx.db.execute(
          sql`insert into journal_entries (kind, customer_id, created_at) values ('gift', ${ids.seller}, now())`,
        ),
      ),
    ).toMatch(/invalid input value for enum journal_entry_kind: "gift"/);
    const { rows } = await ctx.db.execute<{ accounts: string[]; kinds: string[] }>(
      sql`select enum_range(null::ledger_account)::text[] as accounts, enum_range(null::journal_entry_kind)::text[] as kinds`,
    );
    expect(rows[0]).toEqual({ accounts: [...LEDGER_ACCOUNTS], kinds: [...ENTRY_KINDS] });
  });

  it('keeps every cached balance equal to its ledger lines and all accounts summing to zero', async () => {
    const { rows } = await ctx.db.execute<{ bad: number; total: string }>(sql`
      select (select count(*)::int from wallets w where w.balance <> coalesce((select sum(amount) from ledger_lines l
                where l.customer_id = w.customer_id and l.account = 'balance'), 0)
             or w.outstanding_credit <> -coalesce((select sum(amount) from ledger_lines l
                where l.customer_id = w.customer_id and l.account = 'credit'), 0)) as bad,
             (select coalesce(sum(amount), 0)::text from ledger_lines) as total`);
    expect(rows[0]).toEqual({ bad: 0, total: '0.0000' });
  });
});

/** A file route's answer (the body is the file, not an envelope). */
const download = (url: string, payload: object, h: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { host: 'localhost', ...h } });
/** Splits a CSV as a spreadsheet does: the BOM off, at the separator, honouring RFC 4180 quotes. */
const csvOf = (file: Buffer, delimiter: string) =>
  parse(file.toString('utf8').replace(/^\uFEFF/, ''), { delimiter }) as string[][];
const FORMULA = /^[=+\-@\t\r]/;

describe("ledger exports: every ledger screen, CSV and XLSX, in the reader's language", () => {
  const setLanguage = (user: string, language: string | null) =>
    ctx.db.execute(
      language
        ? sql`update users set settings = settings || jsonb_build_object('language', ${language}::text) where id = ${ids.user(user)}`
        : sql`update users set settings = settings - 'language' where id = ${ids.user(user)}`,
    );

  beforeAll(async () => {
    // A hostile memo and reference, as a reseller may type them.
    const res = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, amount: '14.85', remarks: 'Kiosk;=1+1', reference: '+49 170 1234567' },
      headers.reseller,
    );
    expect(res.status).toBe(200);
  });

  it("the seller's own ledger as a German CSV: no text cell starting a formula, every amount a number", async () => {
    const res = await download('/api/export_ledger/', {}, headers.seller!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('ledger.csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header = [], ...rows] = csvOf(res.rawPayload, ';');
    const amount = header.indexOf('Betrag');
    const after = header.indexOf('Guthaben danach');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      row.forEach((cell, i) => {
        if (i === amount) expect(cell).toMatch(/^-?\d+,\d{2}$/);
        else if (i === after) expect(cell).toMatch(/^(-?\d+,\d{2})?$/);
        else if (i > 0) expect(cell).not.toMatch(FORMULA);
      });
    }
    const hostile = rows.find((r) => r[header.indexOf('Bemerkung')] === 'Kiosk;=1+1');
    expect(hostile?.[amount]).toBe('14,85');
    expect(hostile?.[header.indexOf('Referenz')]).toBe("'+49 170 1234567");
    expect(rows.some((r) => r.includes('credit_topup') || r.includes('balance'))).toBe(false);
  });

  it('the same ledger for an English reader: , and dot decimals, English words; XLSX with no formula cell', async () => {
    await setLanguage('seller', 'en');
    try {
      const res = await download('/api/export_ledger/', {}, headers.seller!);
      const [header = [], ...rows] = csvOf(res.rawPayload, ',');
      expect(header.slice(0, 3)).toEqual(['Entry number', 'Date', 'Kind']);
      const hostile = rows.find((r) => r[header.indexOf('Remarks')] === 'Kiosk;=1+1');
      expect(hostile?.[header.indexOf('Amount')]).toBe('14.85');
      expect(hostile?.[header.indexOf('Kind')]).toBe('Credit top-up');
      const xlsx = await download('/api/export_ledger/', { format: 'xlsx' }, headers.seller!);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      const sheet = zipEntries(xlsx.rawPayload).get('xl/worksheets/sheet1.xml') ?? '';
      expect(sheet).toContain('Entry number');
      expect(sheet).toContain('+49 170 1234567');
      expect(sheet).not.toContain("'+49");
      expect(sheet).not.toMatch(/<f[ >]/);
    } finally {
      await setLanguage('seller', null);
    }
  });

  it("a customer ledger and a wallet history as XLSX; each export checks its ledger's own rule", async () => {
    const customer = await download(
      '/api/export_customer_ledger/',
      { customer_id: ids.seller, format: 'xlsx' },
      headers.reseller!,
    );
    expect(customer.statusCode).toBe(200);
    const sheet = zipEntries(customer.rawPayload).get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('Kredit');
    expect(sheet).toContain('Kreditaufladung');
    const wallet = await download('/api/process_wallet_history/', { format: 'xlsx' }, headers.reseller!);
    expect(wallet.statusCode).toBe(200);
    // The same refusals as the lists: a shop has no customers, another tenant's customer is not found, the
    // superadmin has no own ledger, a seller's staff export only their own lines.
    expect(
      (await download('/api/export_customer_ledger/', { customer_id: ids.seller }, headers.seller!)).statusCode,
    ).toBe(403);
    expect(
      (await download('/api/export_customer_ledger/', { customer_id: otherShop }, headers.reseller!)).statusCode,
    ).toBe(404);
    expect((await download('/api/export_ledger/', {}, headers.superadmin!)).statusCode).toBe(403);
    const staff = csvOf((await download('/api/export_ledger/', {}, headers['seller-staff']!)).rawPayload, ';');
    expect(staff).toHaveLength(1);
  });

  it('the credit log as a German CSV and an XLSX: words, numbers, no formula; the settled credit its own column', async () => {
    const res = await download('/api/export_credit_logs/', { customer_id: ids.seller }, headers.reseller!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('credit-history.csv');
    const { header, rows } = expectGermanCsv(res.rawPayload, ['Buchungsnummer', 'Betrag', 'Getilgter Kredit']);
    expect(header).toEqual([
      'Buchungsnummer',
      'Datum',
      'Kunde',
      'Art',
      'Betrag',
      'Getilgter Kredit',
      'Zahlungsart',
      'Referenz',
      'Bemerkung',
      'Gebucht von',
    ]);
    const list = await post(
      ctx.app,
      '/api/view_credit_logs/',
      { customer_id: ids.seller, limit: 100 },
      headers.reseller,
    );
    expect(rows).toHaveLength(list.body.data.filters.total_count);
    // Oldest first, like every ledger export; the list is newest first.
    expect(rows.map((r) => Number(r[0]))).toEqual(
      list.body.data.credit_logs.map((l: { entry_id: number }) => l.entry_id).reverse(),
    );
    const hostile = rows.find((r) => r[8] === 'Kiosk;=1+1');
    expect(hostile?.slice(3, 6)).toEqual(['Kreditaufladung', '14,85', '0,00']);
    expect(hostile?.[7]).toBe("'+49 170 1234567");
    const payment = rows.find((r) => r[3] === 'Zahlung' && r[6] === 'Bar');
    expect(payment?.[5]).toMatch(/^\d+,\d{2}$/);
    expect(rows.some((r) => r.includes('credit_topup') || r.includes('payment') || r.includes('cash'))).toBe(false);
    const xlsx = await download('/api/export_credit_logs/', { format: 'xlsx', kind: 'payment' }, headers.reseller!);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = xlsxSheet(xlsx.rawPayload);
    expect(sheet).toContain('Getilgter Kredit');
    expect(sheet).toContain('Zahlung');
    expect(sheet).not.toContain('Kreditaufladung');
  });

  it('the credit log export answers every role as its list does (the has_credit rule, the customer checked)', async () => {
    for (const u of Object.keys(headers)) {
      for (const body of [{}, { customer_id: ids.seller }, { customer_id: otherShop }]) {
        const list = await post(ctx.app, '/api/view_credit_logs/', { ...body, limit: 100 }, headers[u]);
        const file = await download('/api/export_credit_logs/', body, headers[u]!);
        expect(file.statusCode, `${u} ${JSON.stringify(body)}`).toBe(list.status);
        if (list.status !== 200) continue;
        expect(csvOf(file.rawPayload, ';').length - 1, `${u} ${JSON.stringify(body)}`).toBe(
          list.body.data.filters.total_count,
        );
      }
    }
    // Who may not read the log may not download it either.
    for (const u of ['seller', 'seller-staff', 'support']) {
      expect((await download('/api/export_credit_logs/', {}, headers[u]!)).statusCode, u).toBe(403);
    }
  });
});
