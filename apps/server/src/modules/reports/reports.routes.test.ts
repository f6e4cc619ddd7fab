import type { SalesCounters, SalesReportRow, SalesSummaryRow } from '@portal/contract/reports';
import { ROLE, ROLE_FLAGS } from '@portal/contract/roles';
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { berlinDate } from '../../platform/berlin-time.ts';
import { EXPORT_WORDS } from '../../platform/export-words.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, type Headers, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { insertSales, insertUser, randomSaleSeed, type SaleSeed, seeded, twoTenants } from './reports.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let platformStock: Stock;
let resellerStock: Stock;
/** Every sale in the database, as the tests expect the reports to see them. */
const sales: (SaleSeed & { id: number; productType: string })[] = [];
// Filled in beforeAll.
const t = {} as Record<'shopTwo' | 'shopTwoUser' | 'otherReseller' | 'otherShop' | 'otherShopUser', number>;

const USERS = [
  'superadmin',
  'platform-staff',
  'reseller',
  'reseller-staff',
  'seller',
  'seller-staff',
  'support',
  'shop-two',
  'other-reseller',
  'other-shop',
] as const;
type User = (typeof USERS)[number];

/** The sales each user may see (the scope rules), across the two tenants. */
function visible(user: User) {
  const userId = (u: string) => ids.user(u);
  const rules: Record<User, (s: SaleSeed) => boolean> = {
    superadmin: () => true,
    'platform-staff': (s) => s.resellerId === t.otherReseller || s.customerId === t.otherReseller,
    reseller: (s) => s.resellerId === ids.reseller,
    'reseller-staff': (s) => s.resellerId === ids.reseller && s.customerId === ids.seller,
    seller: (s) => s.customerId === ids.seller,
    'seller-staff': (s) => s.customerId === ids.seller && s.userId === userId('seller-staff'),
    support: (s) => s.customerId === ids.seller && s.userId === userId('support'),
    'shop-two': (s) => s.customerId === t.shopTwo,
    'other-reseller': (s) => s.resellerId === t.otherReseller,
    'other-shop': (s) => s.customerId === t.otherShop,
  };
  return sales.filter(rules[user]);
}

const times = (v: string, q: number) => new Decimal(v).times(q);
/** The caller's buying amount of a sale (decision 0063), null where masked. */
/** The caller's own revenue from a sale (decision 0063): the platform's R, a reseller's S, a shop's retail price. */
function expectedSelling(user: User, s: SaleSeed): Decimal {
  if (user === 'superadmin' || user === 'platform-staff') {
    return s.resellerPrice === null ? new Decimal(0) : times(s.resellerPrice, s.quantity);
  }
  if (user === 'reseller' || user === 'reseller-staff' || user === 'other-reseller')
    return times(s.sellerPrice, s.quantity);
  return times(s.faceValue, s.quantity);
}

/** The caller's own cost (decision 0063): the platform's C of its own stock only, never a reseller's stock. */
function expectedBuying(user: User, s: SaleSeed): Decimal | null {
  if (user === 'superadmin' || user === 'platform-staff') {
    return s.ownerCustomerId === ids.platform ? new Decimal(s.totalCost) : new Decimal(0);
  }
  if (user === 'reseller' || user === 'reseller-staff' || user === 'other-reseller') {
    return s.ownerCustomerId === s.resellerId ? new Decimal(s.totalCost) : times(s.resellerPrice!, s.quantity);
  }
  if (user === 'seller-staff' || user === 'support') return null;
  return times(s.sellerPrice, s.quantity);
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const tenants = await twoTenants(ctx.db, { shopTwo: true });
  ids = tenants.ids;
  const shopTwo = tenants.shopTwo!;
  Object.assign(t, {
    shopTwo: shopTwo.customerId,
    shopTwoUser: shopTwo.userId,
    otherReseller: tenants.otherReseller.customerId,
    otherShop: tenants.otherShop.customerId,
    otherShopUser: tenants.otherShop.userId,
  });
  await insertUser(ctx.db, {
    customerId: ids.reseller,
    username: 'reseller-no-reports',
    role: ROLE.reseller,
    internalRole: 0,
    features: ROLE_FLAGS[ROLE.reseller].filter((f) => f !== 'has_reports'),
  });
  ids = await demoIds(ctx.db);

  // Two real purchases: the platform's stock through the reseller (R set) and the reseller's own stock.
  platformStock = await stockFor(ctx, { owner: 'platform', pins: 4, shops: [ids.seller] });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 4, shops: [ids.seller] });
  await topUp(ctx, ids.reseller, '500');
  await topUp(ctx, ids.seller, '500');
  const seller = await signInOnce(ctx, 'seller');
  await ok(buy(ctx, seller, platformStock.configurationId, 2));
  await ok(buy(ctx, seller, resellerStock.configurationId, 1));
  const { rows } = await ctx.db.execute<
    Omit<SaleSeed, 'createdAt'> & Record<string, unknown> & { id: string; productType: string; createdAt: string }
  >(sql`
    select s.id, s.customer_id as "customerId", s.user_id as "userId", s.reseller_id as "resellerId",
      s.owner_customer_id as "ownerCustomerId", s.product_id as "productId", s.configuration_id as "configurationId",
      s.kind, s.quantity, s.face_value as "faceValue", s.seller_price as "sellerPrice",
      s.reseller_price as "resellerPrice", s.total_cost as "totalCost", s.created_at as "createdAt",
      p.product_type as "productType"
    from sales s join products p on p.id = s.product_id`);
  expect(rows.map((r) => r.resellerPrice === null)).toEqual([false, true]);
  sales.push(...rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt) })));

  // Many more sales over three months, by every shop's users, of both stocks.
  const random = seeded(11);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!; // an index below the length
  const shops = [
    { customerId: ids.seller, resellerId: ids.reseller, users: ['seller', 'seller-staff', 'support'].map(ids.user) },
    { customerId: t.shopTwo, resellerId: ids.reseller, users: [t.shopTwoUser] },
    { customerId: t.otherShop, resellerId: t.otherReseller, users: [t.otherShopUser] },
  ];
  const stocks = {
    platform: { ownerId: ids.platform, ...platformStock },
    reseller: { ownerId: ids.reseller, ...resellerStock },
  };
  const seeds: SaleSeed[] = [];
  for (let i = 0; i < 160; i++) {
    seeds.push(
      randomSaleSeed(random, {
        shop: pick(shops),
        stocks,
        ownShare: 0.4,
        maxQuantity: 5,
        bulkAbove: 3,
        sellerPrices: ['9.7000', '9.5000', '9.9000'],
        resellerPrices: ['9.4000', '9.2000'],
        unitCost: '9.00',
        at: () => new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 90 * 86_400_000)),
      }),
    );
  }
  const newIds = await insertSales(ctx.db, seeds);
  const types = new Map([
    [platformStock.productId, 'cash_card'],
    [resellerStock.productId, 'cash_card'],
  ]);
  sales.push(...seeds.map((s, i) => ({ ...s, id: newIds[i]!, productType: types.get(s.productId)! })));
  await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);
}, 180_000);
afterAll(async () => ctx?.close());

const as = (user: string): Promise<Headers> => signInOnce(ctx, user);

async function listAll(headers: Headers, filters: object, path = '/api/get_sales_report_list/') {
  const rows: SalesReportRow[] = [];
  for (let page = 1; ; page++) {
    const data = await ok<{ sales: SalesReportRow[]; filters: { total_pages: number; total_count: number } }>(
      post(ctx.app, path, { ...filters, page, limit: 100 }, headers),
    );
    rows.push(...data.sales);
    if (page >= data.filters.total_pages) return rows;
  }
}

const counters = async (headers: Headers, filters: object) =>
  (await ok<{ counters: SalesCounters[] }>(post(ctx.app, '/api/get_sales_report_counters/', filters, headers)))
    .counters[0]!; // all in euro: one row

async function summaryAll(headers: Headers, filters: object) {
  const rows: SalesSummaryRow[] = [];
  for (let page = 1; ; page++) {
    const data = await ok<{ summary: SalesSummaryRow[]; filters: { total_pages: number } }>(
      post(
        ctx.app,
        '/api/get_sales_summary_report_with_customer_and_products_list/',
        { ...filters, page, limit: 100 },
        headers,
      ),
    );
    rows.push(...data.summary);
    if (page >= data.filters.total_pages) return rows;
  }
}

const masks = (user: User) => user === 'seller-staff' || user === 'support';

function totalsOfRows(rows: (SalesReportRow | SalesSummaryRow)[], count: (r: never) => number, masked: boolean) {
  const sum = (xs: (string | null)[]) => xs.reduce((a, x) => a.plus(x as string), new Decimal(0)).toFixed(2);
  const priced = (xs: (string | null)[]) => (masked ? null : sum(xs));
  return {
    sales: rows.reduce((a, r) => a + count(r as never), 0),
    pins: rows.reduce((a, r) => a + r.pins, 0),
    // These seeds are PIN sales only: no top-ups or tickets by decision 0063's definitions.
    topups: rows.reduce((a, r) => a + ('topups' in r ? r.topups : 0), 0),
    tickets: rows.reduce((a, r) => a + ('tickets' in r ? r.tickets : 0), 0),
    face_value: sum(rows.map((r) => r.face_value)),
    selling_amount: sum(rows.map((r) => r.selling_amount)),
    buying_amount: priced(rows.map((r) => r.buying_amount)),
    margin: priced(rows.map((r) => r.margin)),
  };
}

async function exportCsv(headers: Headers, filters: object): Promise<string> {
  return (await exportFile(headers, filters)).toString('utf8');
}

async function exportFile(headers: Headers, filters: object): Promise<Buffer> {
  const started = await ok<{ export_id: string }>(
    post(ctx.app, '/api/get_sales_report_download_url/', filters, headers),
  );
  for (let i = 0; i < 200; i++) {
    const e = await ok<{ status: string; download_url: string | null; rows_done: number; rows_total: number }>(
      get(ctx.app, `/api/report_exports/${started.export_id}/`, headers),
    );
    if (e.status === 'ready') {
      expect(e.rows_done).toBe(e.rows_total);
      const file = await ctx.app.inject({ method: 'GET', url: e.download_url!, headers });
      expect(file.statusCode).toBe(200);
      return file.rawPayload;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export not ready');
}

describe('who sees which sales (every report call, two tenants)', () => {
  it.each(USERS)('%s', async (user) => {
    const headers = await as(user);
    const expected = visible(user);
    expect(expected.length).toBeGreaterThan(0);
    const wanted = expected.map((s) => s.id).sort((a, b) => a - b);

    const rows = await listAll(headers, {});
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(wanted);
    for (const r of rows) {
      const s = expected.find((x) => x.id === r.id)!;
      const buying = expectedBuying(user, s);
      expect(r.buying_amount).toBe(buying?.toFixed(2) ?? null);
      expect(r.selling_amount).toBe(expectedSelling(user, s).toFixed(2));
      expect(r.face_value).toBe(times(s.faceValue, s.quantity).toFixed(2));
    }

    const c = await counters(headers, {});
    expect(c).toMatchObject({ currency: 'EUR', sales: expected.length });
    expect(c.pins).toBe(expected.reduce((a, s) => a + s.quantity, 0));
    if (masks(user)) expect(c).toMatchObject({ buying_amount: null, margin: null });

    const summary = await summaryAll(headers, { group_by: 'shop' });
    expect(summary.reduce((a, r) => a + r.sales, 0)).toBe(expected.length);
    for (const row of summary) {
      const d = await ok<{ filters: { total_count: number } }>(
        post(ctx.app, '/api/get_sales_summary_report_details/', { group_by: 'shop', key: row.key }, headers),
      );
      expect(d.filters.total_count).toBe(row.sales);
    }
    // Another tenant's shop as a drill-down key finds nothing.
    const foreign = user.startsWith('other') || user === 'platform-staff' ? ids.seller : t.otherShop;
    if (user !== 'superadmin') {
      const d = await ok<{ sales: unknown[] }>(
        post(ctx.app, '/api/get_sales_summary_report_details/', { group_by: 'shop', key: String(foreign) }, headers),
      );
      expect(d.sales).toEqual([]);
    }

    const hidden = sales.find((s) => !expected.includes(s));
    const details = await get(ctx.app, `/api/get_sales_record_details/?sale_id=${expected[0]!.id}`, headers);
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    if (hidden) {
      const refused = await get(ctx.app, `/api/get_sales_record_details/?sale_id=${hidden.id}`, headers);
      expect(refused.status).toBe(404);
    }

    // The demo users read German: `;`, German headers, a reference naming the sale's kind.
    const csv = await exportCsv(headers, {});
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFReferenz;Datum;')).toBe(true);
    expect(lines[0]!.includes('Einkaufsbetrag')).toBe(!masks(user));
    expect(
      lines
        .slice(1)
        .map((l) => Number(l.split(';')[0]!.replace(/^PIN-/, '')))
        .sort((a, b) => a - b),
    ).toEqual(wanted);
  });

  it('refuses every report call to an operator without has_reports, and an export to another user', async () => {
    const headers = await as('reseller-no-reports');
    for (const path of [
      '/api/get_sales_report_list/',
      '/api/get_sales_report_counters/',
      '/api/get_sales_summary_report_with_customer_and_products_list/',
      '/api/get_sales_report_download_url/',
    ]) {
      const res = await post(ctx.app, path, {}, headers);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    const details = await get(ctx.app, `/api/get_sales_record_details/?sale_id=${sales[0]!.id}`, headers);
    expect(details.status).toBe(403);

    const started = await ok<{ export_id: string }>(
      post(ctx.app, '/api/get_sales_report_download_url/', {}, await as('reseller')),
    );
    const stranger = await as('reseller-staff');
    expect((await get(ctx.app, `/api/report_exports/${started.export_id}/`, stranger)).status).toBe(404);
    expect((await get(ctx.app, `/api/report_exports/${started.export_id}/file/`, stranger)).status).toBe(404);
  });

  it('shows a reseller its own price for the platform’s stock, never the platform’s cost', async () => {
    const bought = sales.find((s) => s.productId === platformStock.productId && s.customerId === ids.seller)!;
    const mine = (await listAll(await as('reseller'), { denomination: platformStock.configurationId })).find(
      (r) => r.id === bought.id,
    )!;
    expect(mine).toMatchObject({
      selling_amount: times(bought.sellerPrice, bought.quantity).toFixed(2),
      buying_amount: times(bought.resellerPrice!, bought.quantity).toFixed(2),
    });
    const platform = (await listAll(await as('superadmin'), { shop: ids.seller })).find((r) => r.id === bought.id)!;
    expect(platform.buying_amount).toBe(new Decimal(bought.totalCost).toFixed(2));
  });
});

describe('the figures add up (property test over random filters)', () => {
  const GROUPS = ['shop', 'reseller', 'product', 'denomination', 'staff', 'day'] as const;

  function randomFilters(random: () => number) {
    const f: Record<string, string | number> = {};
    const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    if (random() < 0.6) {
      const a = Math.floor(random() * 90);
      f.from_date = day(a);
      f.to_date = day(a + Math.floor(random() * 40));
    }
    const s = sales[Math.floor(random() * sales.length)]!;
    if (random() < 0.3) f.shop = s.customerId;
    if (random() < 0.2) f.staff = s.userId;
    if (random() < 0.3) f.denomination = s.configurationId;
    if (random() < 0.2) f.product = s.productId;
    if (random() < 0.2) f.reseller = s.resellerId;
    if (random() < 0.3) f.kind = random() < 0.5 ? 'single' : 'bulk';
    if (random() < 0.1) f.product_type = random() < 0.5 ? 'cash_card' : 'gift_card';
    return f;
  }

  function matches(s: (typeof sales)[number], f: Record<string, string | number>) {
    const day = berlinDate(s.createdAt);
    return (
      (!f.from_date || day >= f.from_date) &&
      (!f.to_date || day <= f.to_date) &&
      (f.shop === undefined || s.customerId === f.shop) &&
      (f.staff === undefined || s.userId === f.staff) &&
      (f.denomination === undefined || s.configurationId === f.denomination) &&
      (f.product === undefined || s.productId === f.product) &&
      (f.reseller === undefined || s.resellerId === f.reseller) &&
      (f.kind === undefined || s.kind === f.kind) &&
      (f.product_type === undefined || s.productType === f.product_type)
    );
  }

  it.each(['superadmin', 'reseller', 'seller-staff'] as const)(
    '%s: counters equal the sum of the listed rows, every summary equals the list',
    async (user) => {
      const headers = await as(user);
      const random = seeded(user.length * 7919);
      for (let round = 0; round < 12; round++) {
        const f = randomFilters(random);
        const rows = await listAll(headers, f);
        const wanted = visible(user).filter((s) => matches(s, f));
        expect(
          rows.map((r) => r.id).sort((a, b) => a - b),
          JSON.stringify(f),
        ).toEqual(wanted.map((s) => s.id).sort((a, b) => a - b));
        const c = await counters(headers, f);
        const { currency, party, ...figures } = c;
        expect(currency).toBe('EUR');
        expect(party).toBe({ superadmin: 'platform', reseller: 'reseller', 'seller-staff': 'shop' }[user]);
        expect(figures, JSON.stringify(f)).toEqual(totalsOfRows(rows, () => 1, masks(user)));
        const group = GROUPS[round % GROUPS.length];
        const summary = await summaryAll(headers, { ...f, group_by: group });
        expect(
          totalsOfRows(summary, (r: SalesSummaryRow) => r.sales, masks(user)),
          `${group} ${JSON.stringify(f)}`,
        ).toEqual(figures);
        const figure = summary[0];
        if (figure) {
          const behind = await listAll(
            headers,
            { ...f, group_by: group, key: figure.key },
            '/api/get_sales_summary_report_details/',
          );
          const { key: _k, name: _n, ...own } = figure;
          expect(totalsOfRows(behind, () => 1, masks(user))).toEqual(own);
        }
      }
    },
    120_000,
  );
});

describe("an export in the reader's language", () => {
  it('an English reader gets , and dot decimals, English headers and kinds in words, never codes', async () => {
    const headers = await as('reseller');
    await ctx.db.execute(
      sql`update users set settings = settings || '{"language":"en"}'::jsonb where id = ${ids.user('reseller')}`,
    );
    try {
      const text = await exportCsv(headers, {});
      expect(text.startsWith('\uFEFFReference,Date,')).toBe(true);
      const [header, ...rows] = parse(text.replace(/^\uFEFF/, '')) as string[][];
      const at = (key: keyof typeof EXPORT_WORDS.en.sales) => header!.indexOf(EXPORT_WORDS.en.sales[key]);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r[at('reference')]).toMatch(/^PIN-\d+$/);
        expect(['Single', 'Bulk']).toContain(r[at('kind')]);
        expect(['Cash card', 'Gift card', 'Calling card']).toContain(r[at('product_type')]);
        expect(r[at('sale_kind')]).toBe('PIN');
        expect(r[at('refund')]).toBe('No');
        expect(r[at('selling_amount')]).toMatch(/^-?\d+\.\d{2}$/);
        expect(r[at('created_at')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
      const xlsx = await exportFile(headers, { format: 'xlsx' });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.name).toBe('Sales');
      expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    } finally {
      await ctx.db.execute(sql`update users set settings = settings - 'language' where id = ${ids.user('reseller')}`);
    }
  }, 120_000);
});

describe('XLSX export', () => {
  it.each(['reseller', 'seller-staff'] as const)(
    '%s: the XLSX holds the CSV’s rows, numbers as numbers in German display format, text never a formula',
    async (user) => {
      const headers = await as(user);
      await ctx.db.execute(sql`update customers set name = '=HYPERLINK("http://x")' where id = ${ids.seller}`);
      try {
        const csv: string[][] = parse((await exportCsv(headers, {})).replace(/^\uFEFF/, ''), { delimiter: ';' });
        const file = await exportFile(headers, { format: 'xlsx' });
        expect(file.subarray(0, 2).toString()).toBe('PK');
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        const header = csv[0]!; // the file starts with its header
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
        expect(sheet.rowCount).toBe(csv.length);
        const words = EXPORT_WORDS.de.sales;
        const col = (key: keyof typeof words) => header.indexOf(words[key]) + 1;
        for (let i = 1; i < csv.length; i++) {
          const row = sheet.getRow(i + 1);
          const want = csv[i]!;
          expect(row.getCell(col('reference')).value).toBe(want[col('reference') - 1]);
          expect(row.getCell(col('quantity')).value).toBe(Number(want[col('quantity') - 1]));
          for (const money of ['face_value', 'selling_amount', 'buying_amount', 'margin'] as const) {
            if (!header.includes(words[money])) continue;
            const cell = row.getCell(col(money));
            expect(cell.type).toBe(ExcelJS.ValueType.Number);
            expect(new Decimal(cell.value as number).toFixed(2).replace('.', ',')).toBe(want[col(money) - 1]);
            expect(cell.numFmt).toBe('#,##0.00 [$€-407]');
          }
          // The XLSX's text cell shows the name as typed; the CSV guards it with a quote.
          const shop = row.getCell(col('shop_name'));
          expect(shop.type).toBe(ExcelJS.ValueType.String);
          expect(shop.value).toBe(want[col('shop_name') - 1]!.replace(/^'(?=[=+\-@])/, ''));
          const at = row.getCell(col('created_at')).value as Date;
          const [d, m, y, time] = want[col('created_at') - 1]!.split(/[. ]/);
          expect(at.toISOString().replace('T', ' ').slice(0, 19)).toBe(`${y}-${m}-${d} ${time}`);
        }
        const names = csv.slice(1).map((r) => r[col('shop_name') - 1]);
        expect(names).toContain('\'=HYPERLINK("http://x")');
        expect(header.includes(words.margin)).toBe(!masks(user));
      } finally {
        await ctx.db.execute(sql`update customers set name = 'Demo Shop Berlin' where id = ${ids.seller}`);
      }
    },
    120_000,
  );
});
