import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { createSalesSeed } from '../../../test/sales-seed.ts';

/**
 * The claim (`claim_pins`, which every purchase runs) keeps to one configuration's rows of `available_stock`
 * in its primary key's order with the plan PostgreSQL keeps for it, however the PINs were imported. Its nested
 * plan is read through auto_explain (shipped with PostgreSQL), with the generic plan a busy connection uses.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  database = await freshDatabase();
  pool = new pg.Pool({ connectionString: database.url });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('the claim of stock', () => {
  it("reads one configuration's PINs through available_stock's primary key when configurations were imported in turn", async () => {
    // The seed's product fixture; no PIN of this test is ever decrypted, so its key and options do not matter.
    const { one, product } = createSalesSeed(pool, {
      pinKey: randomBytes(32),
      soldShare: 0,
      cipherPool: 1,
      keysPerShop: 0,
    });
    // Each insert … returning answers one row, as does the min() below.
    const { platform } = (await one<{ platform: number }>(
      `with o as (insert into organisations (name) values ('Plan Org') returning id)
       insert into customers (organisation_id, account_role, name) select id, 0, 'Plan Platform' from o
       returning id as platform`,
    ))!;
    const { admin } = (await one<{ admin: number }>(
      `insert into users (organisation_id, customer_id, account_role, username)
       select organisation_id, id, 0, 'plan-admin' from customers where id = $1 returning id as admin`,
      [platform],
    ))!;
    const cards = [];
    for (const name of ['Plan Card A', 'Plan Card B', 'Plan Card C', 'Plan Card D'])
      cards.push(await product(platform, admin, name));
    // 40 000 PINs, the four cards taking turns: the configuration column's order is no longer the PINs'.
    await pool.query(
      `insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
         pin_hint, pin_length, buying_discount, cost, published)
       select $1, ($2::int[])[1 + g % 4], ($3::int[])[1 + g % 4], ($4::int[])[1 + g % 4], 'PLAN', '\\x00',
         md5('plan-' || g), '0000', 16, 10, 9, true
       from generate_series(1, 40000) g`,
      [platform, cards.map((c) => c.productId), cards.map((c) => c.configurationId), cards.map((c) => c.importId)],
    );
    await pool.query('insert into available_stock (configuration_id, pin_id) select configuration_id, id from pins');
    await pool.query('analyze available_stock');
    const configurationId = cards[3]!.configurationId;
    const { first } = (await one<{ first: string }>(
      'select min(pin_id) as first from available_stock where configuration_id = $1',
      [configurationId],
    ))!;

    const client = await pool.connect();
    const plans: string[] = [];
    client.on('notice', (n) => plans.push(n.message ?? ''));
    try {
      await client.query(`load 'auto_explain'`);
      // A dear random read stands for a stock far larger than the test's: what makes the planner prefer walking
      // `available_stock_pin_id_unique` (in the table's order) and filtering by configuration, as 0038's claim did.
      await client.query(
        `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
         set auto_explain.log_level = notice; set plan_cache_mode = force_generic_plan; set random_page_cost = 40`,
      );
      await client.query('begin');
      const claimed = await client.query<{ id: string }>('select id from claim_pins($1, 1)', [configurationId]);
      await client.query('rollback');
      expect(claimed.rows[0]!.id).toBe(first);
    } finally {
      client.release(true);
    }
    const claimPlan = plans.find((p) => p.includes('Delete on available_stock'));
    expect(claimPlan).toContain('Index Scan using available_stock_configuration_id_pin_id_pk');
    expect(claimPlan).not.toContain('available_stock_pin_id_unique');
  });
});
