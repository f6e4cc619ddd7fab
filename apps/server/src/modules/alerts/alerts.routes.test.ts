import { NOTICE_KINDS, type NoticeList } from '@portal/contract/alerts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { sendTopup } from '../../../test/provider-sales.ts';
import { ALERTS_SCAN_LOCK } from '../../db/sql.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';
import { createProduct, createSupplier, importPins, makePins } from '../inventory/inventory.fixtures.ts';
import {
  buy,
  type Headers,
  newShop,
  ok,
  type Stock,
  signInOnce,
  stockFor,
  topUp,
} from '../selling/selling.fixtures.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { createAlertsService } from './alerts.service.ts';

let ctx: TestContext;
let stock: Stock;
let reseller: Headers;
let seller: Headers;
const RESELLER_MAIL = 'reseller@demo-prepaid.example';

const sessionKey = async (headers: Headers) =>
  (await ok<{ transaction_key: string }>(get(ctx.app, '/api/get_transaction_session_key/', headers))).transaction_key;
const notices = async (headers: Headers) => ok<NoticeList>(get(ctx.app, '/api/view_notices/', headers));
const setThreshold = (threshold: number) =>
  ok(post(ctx.app, '/api/set_low_stock_threshold/', { configuration_id: stock.configurationId, threshold }, reseller));
const crossingOpen = async () =>
  (await ctx.db.execute(sql`select 1 from low_stock_alerts where configuration_id = ${stock.configurationId}`)).rows
    .length > 0;
const lowStockMails = async () =>
  (await ctx.messagesTo(RESELLER_MAIL)).filter((m) => /^(Niedriger Bestand|Düşük stok):/.test(m.subject));
/** The language a customer's main account chose (its settings), which its messages are written in. */
const chooseLanguage = (customerId: number, language: string) =>
  ctx.db.execute(
    sql`update users set settings = settings || jsonb_build_object('language', ${language}::text)
        where customer_id = ${customerId} and is_main`,
  );

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const ids = await demoIds(ctx.db);
  stock = await stockFor(ctx, { owner: 'reseller', pins: 6, shops: [ids.seller] });
  await topUp(ctx, ids.reseller, '500');
  await topUp(ctx, ids.seller, '500');
  reseller = await signInOnce(ctx, 'reseller');
  seller = await signInOnce(ctx, 'seller');
});
afterAll(() => ctx.close());

/** Low-stock mails sent before the first test's fall. */
let toldBefore = 0;

describe('low-stock alerts', () => {
  it('a sale that takes stock under its threshold raises exactly one notice and one mail', async () => {
    await setThreshold(3);
    await ctx.app.services.alerts.scanLowStock();
    expect((await notices(reseller)).notices).toEqual([]);
    // The import's own scan told of the 6 PINs under the default threshold of 10: its mail came before this test's.
    toldBefore = (await lowStockMails()).length;

    await ok(buy(ctx, seller, stock.configurationId, 4));
    // The purchase itself tells nothing: only the scan does.
    expect((await notices(reseller)).notices).toEqual([]);
    // Two scans at once (the minute's and one after a threshold change) tell about the fall once.
    await Promise.all([ctx.app.services.alerts.scanLowStock(), ctx.app.services.alerts.scanLowStock()]);
    await ok(buy(ctx, seller, stock.configurationId, 1));
    await ctx.app.services.alerts.scanLowStock();

    const list = await notices(reseller);
    expect(list.unread).toBe(1);
    expect(list.notices).toEqual([
      expect.objectContaining({
        kind: 'low_stock',
        params: expect.objectContaining({ available: 2, threshold: 3, value: '10.0000' }),
        link: '/',
        read: false,
      }),
    ]);
    const mails = (await lowStockMails()).slice(toldBefore);
    expect(mails).toHaveLength(1);
    // The demo reseller's main account chose no language: the portal's, German.
    expect(mails[0]!.subject).toMatch(/^Niedriger Bestand: .+ 10,00\s€$/);
    expect(mails[0]!.body).toContain('hat noch 2 PINs zum Verkauf, weniger als der Schwellenwert von 3');
  });

  it('stock back at its threshold ends the crossing, and a new fall (here a higher threshold) raises a new notice', async () => {
    expect(await crossingOpen()).toBe(true);
    await setThreshold(1);
    // The scan the threshold change asks for may end the crossing before this one: the row tells, not the count.
    await ctx.app.services.alerts.scanLowStock();
    expect(await crossingOpen()).toBe(false);
    // Its notice resolved with it: the bell no longer lists what is no longer true (issue 40).
    expect((await notices(reseller)).notices).toEqual([]);
    // The threshold change itself asks for a scan: the notice comes without waiting for the minute. Its mail is in
    // the language the reseller's main account has chosen meanwhile.
    await chooseLanguage((await demoIds(ctx.db)).reseller, 'tr');
    await setThreshold(5);
    for (let waited = 0; (await notices(reseller)).notices.length < 1; waited += 100) {
      if (waited > 15_000) throw new Error('no scan after the threshold change');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const list = await notices(reseller);
    expect(list.notices.map((n) => n.params.threshold)).toEqual([5]);
    const mails = (await lowStockMails()).slice(toldBefore);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Düşük stok: /);
    expect(mails[1]!.body).toContain('satışa hazır 1 PIN kaldı, 5 eşiğinin altında');
    await chooseLanguage((await demoIds(ctx.db)).reseller, 'de');
  });

  it('runs one scan of a kind at a time, so a scan reads what is low only after the one before it ended', async () => {
    const other = new pg.Client({ connectionString: ctx.url });
    await other.connect();
    try {
      // Another scan of low stock, holding the kind's lock in its transaction.
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1, $2)', [ALERTS_SCAN_LOCK, NOTICE_KINDS.indexOf('low_stock')]);
      let done = false;
      const waiting = ctx.app.services.alerts.scanLowStock().then((r) => {
        done = true;
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(done).toBe(false);
      await other.query('commit');
      expect(await waiting).toMatchObject({ raised: 0 });
    } finally {
      await other.end();
    }
  });

  it("shows notices only to the owner's users who may act on them, and marks them read for the owner", async () => {
    const newest = (await notices(reseller)).notices[0]!; // the earlier tests raised notices for the reseller
    expect((await notices(seller)).notices).toEqual([]);
    expect((await notices(await signInOnce(ctx, 'superadmin'))).notices).toEqual([]);
    // Another customer's user cannot mark the owner's notice read.
    const superadmin = await signInOnce(ctx, 'superadmin');
    expect(await ok(post(ctx.app, '/api/mark_notices_read/', { ids: [newest.id] }, superadmin))).toEqual({ marked: 0 });
    expect(await ok(post(ctx.app, '/api/mark_notices_read/', { ids: [newest.id] }, reseller))).toEqual({ marked: 1 });
    expect((await notices(reseller)).unread).toBe(0);
    // The resolved notice of the first fall (and the import's, if its scan came first) is neither listed nor
    // counted; marking all reaches it.
    const all = await ok<{ marked: number }>(post(ctx.app, '/api/mark_notices_read/', {}, reseller));
    expect(all.marked).toBeGreaterThanOrEqual(1);
    expect((await notices(reseller)).unread).toBe(0);
  });

  it('refuses a visitor and names a bad field', async () => {
    expect((await get(ctx.app, '/api/view_notices/')).status).toBe(401);
    const bad = await post(ctx.app, '/api/mark_notices_read/', { ids: ['x'] }, reseller);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('ids');
  });
});

describe('notices that resolve themselves', () => {
  it('the low-stock notice of a new product, raised before its PINs came, resolves once they are imported', async () => {
    const productName = `Resolve Card ${Date.now()}`;
    const product = await createProduct(ctx.app, reseller, { product_name: productName, values: ['15'] });
    const configurationId = product.configurations[0]!.id; // the one value asked
    const mine = async () =>
      (await notices(reseller)).notices.filter((n) => n.kind === 'low_stock' && n.params.product_name === productName);
    await ctx.app.services.alerts.scanLowStock();
    expect(await mine()).toEqual([expect.objectContaining({ params: expect.objectContaining({ available: 0 }) })]);

    // Twenty PINs, more than the default threshold of 10: the approval asks for a scan, which resolves it.
    const supplier = await createSupplier(ctx.app, reseller);
    await importPins(ctx.app, reseller, makePins(20, 16), {
      configuration_id: configurationId,
      supplier_id: supplier.supplier_id,
      buying_discount: '10',
      import_batch: 'LOT-RESOLVE',
    });
    await expect.poll(mine, { timeout: 15_000 }).toEqual([]);
    const { rows } = await ctx.db.execute<{ resolved: boolean }>(
      sql`select resolved_at is not null as resolved from notices where kind = 'low_stock' and subject_id = ${configurationId}`,
    );
    expect(rows).toEqual([{ resolved: true }]);
    // Scans after it find nothing more to resolve, and raise nothing.
    expect(await ctx.app.services.alerts.scanLowStock()).toMatchObject({ raised: 0 });
  });

  it('a scan resolves a notice whose crossing a crash left behind, and the low-balance notices of a shop topped up', async () => {
    const shop = await newShop(ctx, 'Resolve Balance Shop');
    await ctx.db.execute(sql`update customers set balance_trigger = 15 where id = ${shop.customerId}`);
    await ctx.app.services.alerts.scanLowBalance();
    const open = async () =>
      (
        await ctx.db.execute<{ customer_id: number }>(
          sql`select customer_id from notices where kind = 'low_balance' and subject_id = ${shop.customerId}
              and resolved_at is null order by customer_id`,
        )
      ).rows.map((r) => r.customer_id);
    // The shop's own notice and its reseller's copy.
    expect(await open()).toHaveLength(2);
    // As if a crash had ended the crossing without resolving its notices: the next scan still resolves them.
    await ctx.db.execute(sql`delete from low_balance_alerts where customer_id = ${shop.customerId}`);
    await topUp(ctx, shop.customerId, '40');
    await ctx.app.services.alerts.scanLowBalance();
    expect(await open()).toEqual([]);
  });
});

describe('a crossing that cannot be told', () => {
  it('does not stop the others, and is told by the next scan', async () => {
    const ids = await demoIds(ctx.db);
    const more = [
      await stockFor(ctx, { owner: 'reseller', pins: 1, shops: [ids.seller] }),
      await stockFor(ctx, { owner: 'reseller', pins: 1, shops: [ids.seller] }),
    ];
    const configurations = more.map((m) => m.configurationId);
    const thresholdOf = (threshold: number) =>
      ctx.db.execute(
        sql`update product_configurations set low_stock_threshold = ${threshold} where id in ${sql.raw(`(${configurations.join(',')})`)}`,
      );
    const names = await ctx.db.execute<{ name: string }>(
      sql`select p.product_name as name from product_configurations c join products p on p.id = c.product_id
          where c.id in ${sql.raw(`(${configurations.join(',')})`)}`,
    );
    const toldAt = async (threshold: number) => {
      const { rows } = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from notices where kind = 'low_stock' and (params->>'threshold')::int = ${threshold}
            and params->>'product_name' in ${sql.raw(`(${names.rows.map((r) => `'${r.name}'`).join(',')})`)}`,
      );
      return rows[0]!.n; // count(*) answers one row
    };
    // The imports' own scans told of them at the default threshold: end those, then fall again without a scan asked.
    await thresholdOf(0);
    await ctx.app.services.alerts.scanLowStock();
    await thresholdOf(5);
    const real = ctx.app.services.outbox;
    let refused = false;
    const refusingOnce = createAlertsService({
      db: ctx.db,
      repo: createAlertsRepository(ctx.db),
      clock: ctx.clock,
      jobs: { send: async () => undefined },
      outbox: {
        dispatch: real.dispatch,
        queue: async (m, tx) => {
          if (refused) return real.queue(m, tx);
          refused = true;
          throw new Error('the mail queue refused it');
        },
      },
    });
    await refusingOnce.scanLowStock();
    await ctx.app.services.alerts.scanLowStock();
    // Each told exactly once at its new threshold: the refused one's notice went back with its claim, then came again.
    expect(await toldAt(5)).toBe(2);
  });
});

describe('low-balance alerts', () => {
  it('a crossing that auto-credit does not cover tells the shop and its reseller once, by the SMS the shop chose', async () => {
    // A shop whose credit limit is used up: the auto-credit after the crossing is skipped.
    const shop = await newShop(ctx, 'Low Balance Shop', '20');
    const shopStock = await stockFor(ctx, { owner: 'reseller', pins: 3, shops: [shop.customerId] });
    await topUp(ctx, shop.customerId, '20');
    const mobile = '+491701112233';
    await ctx.db.execute(sql`update users set mobile = ${mobile} where customer_id = ${shop.customerId}`);
    await ctx.db.execute(sql`update customers set sms_sender_id = 'ShopSMS' where id = ${shop.customerId}`);
    // The shop's main account reads French: its SMS is French.
    await chooseLanguage(shop.customerId, 'fr');
    const settings = { customer_id: shop.customerId, auto_credit: 1, balance_trigger: '15', balance_topup: '50' };
    await ok(post(ctx.app, '/api/update_auto_credit/', { ...settings, low_balance_notice: 'sms' }, reseller));
    const saved = await ok<{ low_balance_notice: string }>(
      post(ctx.app, '/api/view_auto_credit/', { customer_id: shop.customerId }, reseller),
    );
    expect(saved.low_balance_notice).toBe('sms');

    await ok(buy(ctx, shop.headers, shopStock.configurationId, 1));
    // A crossing counts once the auto-credit job has settled its request: a pending one may still cover it.
    const pending = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from auto_credit_requests where customer_id = ${shop.customerId} and status = 'pending'`,
        )
      ).rows[0]!.n; // count(*) answers one row
    for (let waited = 0; (await pending()) > 0; waited += 100) {
      if (waited > 15_000) throw new Error('the auto-credit request stayed pending');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [first, second] = await Promise.all([
      ctx.app.services.alerts.scanLowBalance(),
      ctx.app.services.alerts.scanLowBalance(),
    ]);
    expect(first.raised + second.raised).toBe(1);

    const shopNotices = (await notices(shop.headers)).notices.filter((n) => n.kind === 'low_balance');
    expect(shopNotices).toEqual([
      expect.objectContaining({
        link: '/seller/ledger',
        params: expect.objectContaining({ customer_name: 'Low Balance Shop', trigger: '15.0000' }),
      }),
    ]);
    const resellerNotices = (await notices(reseller)).notices.filter((n) => n.kind === 'low_balance');
    expect(resellerNotices.map((n) => n.link)).toEqual([`/customer/details/${shop.customerId}`]);
    // Another shop's users do not see it.
    expect((await notices(seller)).notices.filter((n) => n.kind === 'low_balance')).toEqual([]);

    const sms = await ctx.messagesTo(mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', senderId: 'ShopSMS' });
    expect(sms[0]!.body.replaceAll('\u00a0', ' ')).toBe(
      'Le solde de Low Balance Shop est de 10,30 €, sous son seuil de 15,00 €. Veuillez le recharger.',
    );

    // Topped up above the trigger, the crossing ends, and a later fall would be told again.
    await ctx.db.execute(sql`update customers set credit_limit = 100 where id = ${shop.customerId}`);
    await topUp(ctx, shop.customerId, '50');
    expect(await ctx.app.services.alerts.scanLowBalance()).toEqual({ raised: 0, cleared: 1 });
  });

  it('a crossing auto-credit covers tells nothing; with auto-credit off the shop hears of it by mail, the default', async () => {
    const pendingOf = async (customerId: number) =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from auto_credit_requests where customer_id = ${customerId} and status = 'pending'`,
        )
      ).rows[0]!.n; // count(*) answers one row
    const lowNotices = async (headers: Headers) =>
      (await notices(headers)).notices.filter((n) => n.kind === 'low_balance');
    const covered = await newShop(ctx, 'Covered Shop', '500');
    const off = await newShop(ctx, 'No Auto Credit Shop', '500');
    const mail = 'till@no-auto-credit.example';
    await ctx.db.execute(sql`update customers set email = ${mail} where id = ${off.customerId}`);
    // A German customer: its own address gets the mail in its main account's language.
    await chooseLanguage(off.customerId, 'de');
    const shopStock = await stockFor(ctx, { owner: 'reseller', pins: 4, shops: [covered.customerId, off.customerId] });
    for (const [shop, autoCredit] of [
      [covered, 1],
      [off, 0],
    ] as const) {
      await topUp(ctx, shop.customerId, '20');
      const rule = {
        customer_id: shop.customerId,
        auto_credit: autoCredit,
        balance_trigger: '15',
        balance_topup: '50',
      };
      await ok(post(ctx.app, '/api/update_auto_credit/', rule, reseller));
      await ok(buy(ctx, shop.headers, shopStock.configurationId, 1));
    }
    for (let waited = 0; (await pendingOf(covered.customerId)) > 0; waited += 100) {
      if (waited > 15_000) throw new Error('the auto-credit request stayed pending');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await ctx.app.services.alerts.scanLowBalance();
    expect(await lowNotices(covered.headers)).toEqual([]);
    expect(await lowNotices(off.headers)).toHaveLength(1);
    const mails = await ctx.messagesTo(mail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: 'Niedriges Guthaben' });
    expect(mails[0]!.body.replaceAll('\u00a0', ' ')).toBe(
      'Das Guthaben von No Auto Credit Shop beträgt 10,30 € und liegt unter der Schwelle von 15,00 €. Bitte laden Sie es auf.',
    );
  });
});

describe('a reseller’s own low balance', () => {
  it('is told at once after its shop’s first sale refused for it, once for a burst of refusals', async () => {
    const ids = await demoIds(ctx.db);
    const r = await insertCustomer(ctx.db, {
      name: 'Alert Empty Reseller',
      accountRole: 1,
      parentId: ids.platform,
      username: 'alert-empty-reseller',
      password: 'Demo#2026',
      creditLimit: '1000',
    });
    const s = await insertCustomer(ctx.db, {
      name: 'Alert Empty Reseller Shop',
      accountRole: 2,
      parentId: r.customerId,
      username: 'alert-empty-reseller-shop',
      password: 'Demo#2026',
      creditLimit: '1000',
    });
    const own = await signInOnce(ctx, 'alert-empty-reseller');
    // The reseller gives its shop credit it does not have: its own balance goes below zero.
    await ok(post(ctx.app, '/api/add_customer_credit/', { customer_id: s.customerId, amount: '20' }, own));
    const shop = await signInOnce(ctx, 'alert-empty-reseller-shop');
    const sell = async () =>
      sendTopup(
        ctx.app,
        { transaction_key: await sessionKey(shop), product_id: 5000, mobile_number: '+905321234100' },
        shop,
      );
    const lowNotices = async () => (await notices(own)).notices.filter((n) => n.kind === 'low_balance');
    expect(await lowNotices()).toEqual([]);

    const refused = await sell();
    expect([refused.status, refused.body.code]).toEqual([409, 'reseller_insufficient_balance']);
    // The refusal asked for a scan now (not the minute's): the notice is there within seconds.
    for (let waited = 0; (await lowNotices()).length === 0; waited += 100) {
      if (waited > 20_000) throw new Error('no low-balance notice for the reseller');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A burst of refusals, each asking again, tells nothing more: one notice per fall.
    for (let i = 0; i < 3; i++) expect((await sell()).body.code).toBe('reseller_insufficient_balance');
    await ctx.app.services.alerts.scanLowBalance();
    expect(await lowNotices()).toEqual([
      expect.objectContaining({ link: '/admin/ledger', params: expect.objectContaining({ trigger: '50.00' }) }),
    ]);
    // Its platform sees it too, leading to the reseller's details.
    const platform = (await notices(await signInOnce(ctx, 'superadmin'))).notices.filter(
      (n) => n.kind === 'low_balance' && n.params.customer_name === 'Alert Empty Reseller',
    );
    expect(platform.map((n) => n.link)).toEqual([`/customer/details/${r.customerId}`]);
  }, 60_000);
});
