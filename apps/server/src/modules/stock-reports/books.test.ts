import { readdirSync, readFileSync } from 'node:fs';
import type { StockValueReport, SupplierDebtReport } from '@portal/contract/books';
import { ROLE } from '@portal/contract/roles';
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { zipEntries } from '../../platform/zip.fixtures.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { createSupplier, importPins, makePins } from '../inventory/inventory.fixtures.ts';
import { assignCustomer, insertUser } from '../reports/reports.fixtures.ts';
import { createSalesRollupRepository } from '../reports/sales-rollup.repository.ts';
import { createSalesRollupService } from '../reports/sales-rollup.service.ts';
import { buy, type Headers, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';

/**
 * The books at a date (decision 0136): stock value and supplier debt at the end of past days stay what they were
 * after later imports and sales, equal the ledger's inventory and supplier payables lines up to that day, and are
 * read only by whom the rules let.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const as: Record<string, Headers> = {};
let platformStock: Stock;
let resellerStock: Stock;

const DAY = {
  d1: '2026-11-02',
  d2: '2026-11-03',
  d3: '2026-11-05',
  d4: '2026-11-06',
};
/** Noon in Berlin (11:00 UTC in November) of a day: every movement of the test happens at one. */
const at = (day: string) => ctx.clock.set(new Date(`${day}T11:00:00Z`));

const stockValue = (who: string, day: string, owner_id?: number) =>
  ok<StockValueReport>(post(ctx.app, '/api/get_stock_value_report/', { day, owner_id }, as[who]));
const supplierDebt = (who: string, day: string) =>
  ok<SupplierDebtReport>(post(ctx.app, '/api/get_supplier_debt_report/', { day }, as[who]));

/** An owner's account summed over its lines booked before the end of a Berlin day: what the books say. */
async function ledger(customerId: number, account: string, day: string): Promise<string> {
  const { rows } = await ctx.db.execute<{ s: string }>(sql`
    select coalesce(sum(amount), 0) as s from ledger_lines
    where customer_id = ${customerId} and account = ${account}
      and created_at < ((${day}::date + 1)::timestamp at time zone 'Europe/Berlin')`);
  return new Decimal(rows[0]!.s).toFixed(2);
}

const ownerRow = (r: StockValueReport, owner: number) => r.owners.find((o) => o.owner_customer_id === owner);

beforeAll(async () => {
  // The test moves its clock over days: sessions signed in on the first day must last through the last.
  ctx = await createTestApp({ env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '10000' } });
  ids = await demoIds(ctx.db);
  at(DAY.d1);
  // Platform staff limited to assigned customers: one assigned the demo reseller (which imports its own stock) and
  // its shop, one assigned only the shop (which owns no stock).
  const staff = await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  await assignCustomer(ctx.db, staff, ids.reseller, ids.user('superadmin'));
  await assignCustomer(ctx.db, staff, ids.seller, ids.user('superadmin'));
  const shopOnly = await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff-shop',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  await assignCustomer(ctx.db, shopOnly, ids.seller, ids.user('superadmin'));
  for (const u of [
    'superadmin',
    'platform-staff',
    'platform-staff-shop',
    'reseller',
    'reseller-staff',
    'seller',
    'seller-staff',
    'support',
  ])
    as[u] = await signInOnce(ctx, u);
  // Day 1: the platform takes 5 PINs at 10 % (C = 9.00) and 3 more from another supplier at 3,7 % (C = 9.63); the
  // reseller 4 PINs at 10 %.
  platformStock = await stockFor(ctx, { owner: 'platform', pins: 5, shops: [ids.seller], resellerDiscount: '5.5' });
  const odd = await createSupplier(ctx.app, as.superadmin!, 'Odd Discounts GmbH');
  await importPins(ctx.app, as.superadmin!, makePins(3, 16, '77'), {
    configuration_id: platformStock.configurationId,
    supplier_id: odd.supplier_id,
    buying_discount: '3.7',
    import_batch: 'ODD-1',
  });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 4, shops: [ids.seller], sellerDiscount: '4.15' });
  await topUp(ctx, ids.reseller, '500');
  await topUp(ctx, ids.seller, '500');
  // Day 2: the shop buys 2 platform PINs (the first lot's, 9.00 each) and 1 of the reseller's.
  at(DAY.d2);
  await ok(buy(ctx, as.seller!, platformStock.configurationId, 2));
  await ok(buy(ctx, as.seller!, resellerStock.configurationId, 1));
  // Day 3: the reseller takes 3 more at 12,35 % (10 × 0.8765 = 8.765, so C = 8.77).
  at(DAY.d3);
  const second = await createSupplier(ctx.app, as.reseller!, 'Second Source KG');
  await importPins(ctx.app, as.reseller!, makePins(3, 16, '88'), {
    configuration_id: resellerStock.configurationId,
    supplier_id: second.supplier_id,
    buying_discount: '12.35',
    import_batch: 'R-ODD',
  });
  // Day 4: 4 platform PINs (3 × 9.00 and 1 × 9.63) and 2 of the reseller's (its first lot's, 9.00 each).
  at(DAY.d4);
  await ok(buy(ctx, as.seller!, platformStock.configurationId, 4));
  await ok(buy(ctx, as.seller!, resellerStock.configurationId, 2));
}, 180_000);
afterAll(async () => ctx?.close());

/** What the stock was at each day's end, by the test's own arithmetic. */
const EXPECTED = {
  [DAY.d1]: { platform: { pins: 8, value: '73.89' }, reseller: { pins: 4, value: '36.00' } },
  [DAY.d2]: { platform: { pins: 6, value: '55.89' }, reseller: { pins: 3, value: '27.00' } },
  [DAY.d3]: { platform: { pins: 6, value: '55.89' }, reseller: { pins: 6, value: '53.31' } },
  [DAY.d4]: { platform: { pins: 2, value: '19.26' }, reseller: { pins: 4, value: '35.31' } },
};

async function checkPastDays() {
  for (const [day, want] of Object.entries(EXPECTED)) {
    const all = await stockValue('superadmin', day);
    expect(ownerRow(all, ids.platform), `platform ${day}`).toMatchObject({
      pins: want.platform.pins,
      stock_value: want.platform.value,
    });
    expect(ownerRow(all, ids.reseller), `reseller ${day}`).toMatchObject({
      pins: want.reseller.pins,
      stock_value: want.reseller.value,
    });
    expect(all.total.stock_value).toBe(new Decimal(want.platform.value).plus(want.reseller.value).toFixed(2));
    // The books say the same: each owner's inventory account up to that day's end.
    expect(await ledger(ids.platform, 'inventory', day), `platform inventory ${day}`).toBe(want.platform.value);
    expect(await ledger(ids.reseller, 'inventory', day), `reseller inventory ${day}`).toBe(want.reseller.value);
    // The reseller reads its own stock only; naming another owner reads nothing.
    for (const who of ['reseller', 'platform-staff']) {
      // Platform staff read the stock of the customers assigned to them, never the platform's own.
      for (const owner of [undefined, ids.reseller]) {
        const own = await stockValue(who, day, owner);
        expect(
          own.owners.map((o) => o.owner_customer_id),
          `${who} ${day}`,
        ).toEqual([ids.reseller]);
        expect(own.rows.every((r) => r.owner_customer_id === ids.reseller)).toBe(true);
        expect(own.total).toEqual({ pins: want.reseller.pins, stock_value: want.reseller.value });
      }
      expect((await stockValue(who, day, ids.platform)).rows, `${who} names the platform`).toEqual([]);
    }
    // A staff member assigned only a shop (no stock of its own) reads an empty report.
    expect(await stockValue('platform-staff-shop', day)).toMatchObject({
      rows: [],
      owners: [],
      total: { pins: 0, stock_value: '0.00' },
    });
  }
  // The platform picks one owner.
  const one = await stockValue('superadmin', DAY.d3, ids.reseller);
  expect(one.owners.map((o) => o.owner_customer_id)).toEqual([ids.reseller]);
  // Before the first import there is no stock: the report is empty, not an error.
  expect((await stockValue('superadmin', '2026-10-01')).rows).toEqual([]);

  // What the platform owes: its two suppliers' PINs (the reseller's suppliers are the reseller's debts).
  const d1 = await supplierDebt('superadmin', DAY.d1);
  expect(d1.rows.map((r) => [r.source, r.name, r.quantity, r.debt])).toEqual([
    ['supplier', 'Odd Discounts GmbH', 3, '28.89'],
    ['supplier', 'Supplier AG', 5, '45.00'],
  ]);
  expect(d1.total).toBe('73.89');
  expect(new Decimal(await ledger(ids.platform, 'supplier_payables', DAY.d4)).negated().toFixed(2)).toBe(
    (await supplierDebt('superadmin', DAY.d4)).total,
  );
  expect((await supplierDebt('superadmin', '2026-10-01')).rows).toEqual([]);
}

describe('stock value and supplier debt at a date (decision 0136)', () => {
  it('are what they were at the end of past days after later imports and sales, and equal the ledger', async () => {
    await checkPastDays();
    // The rollup job reads the sales: the same figures from its rows.
    const rollup = createSalesRollupService({ repo: createSalesRollupRepository(ctx.db), clock: ctx.clock });
    await rollup.rollUpSales();
    const { rows } = await ctx.db.execute<{ n: string }>(sql`select last_sale_id as n from sales_rollup_cursor`);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    await checkPastDays();
  });

  it('posts each approval as one stock_import entry: inventory +C × n against supplier payables', async () => {
    const { rows } = await ctx.db.execute<{ reference: string; lines: string[] }>(sql`
      select je.reference, array_agg(l.account || ' ' || l.amount order by l.id) as lines
      from inventory_imports i join journal_entries je on je.id = i.entry_id
      join ledger_lines l on l.entry_id = je.id
      where je.kind = 'stock_import' and i.buying_discount in (3.7, 12.35)
      group by je.id order by je.id`);
    expect(rows.map((r) => r.lines)).toEqual([
      ['inventory 28.8900', 'supplier_payables -28.8900'],
      ['inventory 26.3100', 'supplier_payables -26.3100'],
    ]);
    expect(rows[0]!.reference).toMatch(/^inventory_import:\d+$/);
  });

  it('answers each role as the rules say, on screen and as files', async () => {
    // Staff limited to assigned customers never read the supplier debt (the platform's own books); a reseller's
    // staff are assigned shops, which own no stock, so the stock value is its managers' only.
    const expected: Record<string, [number, number]> = {
      superadmin: [200, 200],
      'platform-staff': [200, 403],
      'platform-staff-shop': [200, 403],
      reseller: [200, 403],
      'reseller-staff': [403, 403],
      seller: [403, 403],
      'seller-staff': [403, 403],
      support: [403, 403],
    };
    for (const [who, [stock, debt]] of Object.entries(expected)) {
      const body = { day: DAY.d4 };
      const calls: [string, number][] = [
        ['/api/get_stock_value_report/', stock],
        ['/api/export_stock_value_report/', stock],
        ['/api/get_supplier_debt_report/', debt],
        ['/api/export_supplier_debt_report/', debt],
      ];
      for (const [url, status] of calls) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { host: 'localhost', ...as[who] },
        });
        expect(res.statusCode, `${who} ${url}`).toBe(status);
        // A refusal is an envelope with its stable code; a file answer is the file.
        if (status === 403) expect(res.json().code, `${who} ${url}`).toBeTruthy();
      }
    }
  });

  it("exports in the reader's dialect: German CSV with decimal commas, XLSX", async () => {
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/export_stock_value_report/',
      payload: { day: DAY.d4, format: 'csv' },
      headers: { host: 'localhost', ...as.superadmin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('stock-value-2026-11-06.csv');
    const [header, ...lines] = parse(csv.rawPayload.toString('utf8').replace(/^\uFEFF/, ''), {
      delimiter: ';',
    }) as string[][];
    expect(header).toEqual([
      'Eigentümer',
      'Produkt',
      'Produkttyp',
      'Nennwert',
      'PINs auf Lager',
      'Lagerwert (Einkauf)',
    ]);
    expect(lines.at(-1)).toEqual(['Summe', '', '', '', '6', '54,57']);
    const debt = await ctx.app.inject({
      method: 'POST',
      url: '/api/export_supplier_debt_report/',
      payload: { day: DAY.d1, format: 'xlsx' },
      headers: { host: 'localhost', ...as.superadmin },
    });
    expect(debt.statusCode).toBe(200);
    expect(debt.headers['content-type']).toContain('spreadsheetml');
    const sheet = zipEntries(debt.rawPayload).get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('Odd Discounts GmbH');
    expect(sheet).toContain('28.89');
  });
});

describe('the backfill of migration 0061', () => {
  it('books an approval made before it on the day it was decided, as an approval does now', async () => {
    const decided = '2026-11-04T11:00:00Z';
    expect((await stockValue('reseller', '2026-11-04')).total).toEqual({ pins: 3, stock_value: '27.00' });
    // An approval as the portal made it before the migration: two PINs at 7,3 % (C = 9.27) in stock, no entry.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      insert into inventory_imports (owner_customer_id, status, file_name, delimiter, line_count, column_count,
        detected_header, configuration_id, supplier_id, buying_discount, total_rows, imported_pins, published,
        created_by, approved_by, created_at, decided_at)
      select owner_customer_id, 'approved', 'old.csv', ',', 2, 1, false, configuration_id, supplier_id, 7.3, 2, 2,
        false, created_by, approved_by, ${decided}, ${decided}
      from inventory_imports where configuration_id = ${resellerStock.configurationId} order by id limit 1
      returning id`);
    const importId = rows[0]!.id;
    await ctx.db.execute(sql`
      insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
        pin_hint, pin_length, supplier_id, buying_discount, cost, published, created_at)
      select owner_customer_id, product_id, configuration_id, ${importId}, 'OLD', pin_ciphertext, pin_index || ':old',
        pin_hint, pin_length, supplier_id, 7.3, 9.27, false, ${decided}
      from pins where configuration_id = ${resellerStock.configurationId} order by id limit 2`);
    // The migration's backfill statements, as the migration runs them (in one transaction).
    const dir = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => readFileSync(new URL(name, dir), 'utf8'))
      .find((text) => text.includes('stock_import_backfill'));
    const statements = (file ?? '').slice((file ?? '').indexOf('-- Backfill')).split('--> statement-breakpoint');
    expect(statements.length).toBe(4);
    await ctx.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
    });
    const entry = await ctx.db.execute<{ reference: string; created_at: string; lines: string[] }>(sql`
      select je.reference, to_char(je.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at, array_agg(l.account || ' ' || l.amount order by l.account) as lines
      from inventory_imports i join journal_entries je on je.id = i.entry_id join ledger_lines l on l.entry_id = je.id
      where i.id = ${importId} group by je.id`);
    expect(entry.rows).toEqual([
      {
        reference: `inventory_import:${importId}`,
        created_at: decided,
        lines: ['inventory 18.5400', 'supplier_payables -18.5400'],
      },
    ]);
    // The approvals that had their entry got no second one.
    const twice = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from journal_entries where kind = 'stock_import' group by reference having count(*) > 1`);
    expect(twice.rows).toEqual([]);
    // From the day it was decided the stock holds it, and the books agree; the day before is unchanged.
    expect((await stockValue('reseller', '2026-11-04')).total).toEqual({ pins: 5, stock_value: '45.54' });
    expect(await ledger(ids.reseller, 'inventory', '2026-11-04')).toBe('45.54');
    expect((await stockValue('reseller', DAY.d2)).total).toEqual({ pins: 3, stock_value: '27.00' });
  });
});
