import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';

/**
 * The claim (`claim_pins`, which every purchase runs) keeps to one configuration's rows of `available_stock`
 * in its primary key's order with the plan PostgreSQL keeps for it, however the PINs were imported. Its nested
 * plan is read through auto_explain (shipped with PostgreSQL), with the generic plan a busy connection uses.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let client: pg.Client;
const plans: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  client.on('notice', (n) => plans.push(n.message ?? ''));
});

afterAll(async () => {
  await client.end();
  await database.drop();
});

const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;

describe('the claim of stock', () => {
  it("reads one configuration's PINs through available_stock's primary key when configurations were imported in turn", async () => {
    const { platform } = await one<{ platform: number }>(
      `with o as (insert into organisations (name) values ('Plan Org') returning id)
       insert into customers (organisation_id, account_role, name) select id, 0, 'Plan Platform' from o
       returning id as platform`,
    );
    const { admin } = await one<{ admin: number }>(
      `insert into users (organisation_id, customer_id, account_role, username)
       select organisation_id, id, 0, 'plan-admin' from customers where id = $1 returning id as admin`,
      [platform],
    );
    const { product } = await one<{ product: number }>(
      `insert into products (owner_customer_id, product_type, product_name, pin_length, customer_care, instructions)
       values ($1, 'cash_card', 'Plan Card', 16, '+49 30 555', 'Dial *100#') returning id as product`,
      [platform],
    );
    const configurations = (
      await client.query<{ id: number }>(
        `insert into product_configurations (product_id, value, info)
         select $1, v, v || ' EUR' from unnest(array[5, 10, 20, 50]) v returning id`,
        [product],
      )
    ).rows.map((r) => r.id);
    const { importId } = await one<{ importId: number }>(
      `insert into inventory_imports (owner_customer_id, status, file_name, delimiter, line_count, column_count,
         detected_header, configuration_id, created_by, approved_by, published)
       values ($1, 'approved', 'plan.csv', ',', 0, 1, false, $2, $3, $3, true) returning id as "importId"`,
      [platform, configurations[0], admin],
    );
    // 40 000 PINs, the four denominations taking turns: the configuration column's order is no longer the PINs'.
    await client.query(
      `insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
         pin_hint, pin_length, buying_discount, cost, published)
       select $1, $2, ($3::int[])[1 + g % 4], $4, 'PLAN', '\\x00', md5('plan-' || g), '0000', 16, 10, 9, true
       from generate_series(1, 40000) g`,
      [platform, product, configurations, importId],
    );
    await client.query(
      `insert into available_stock (configuration_id, pin_id) select configuration_id, id from pins where product_id = $1`,
      [product],
    );
    await client.query('analyze available_stock');
    const { first } = await one<{ first: string }>(
      'select min(pin_id) as first from available_stock where configuration_id = $1',
      [configurations[3]],
    );

    await client.query(`load 'auto_explain'`);
    // A dear random read stands for a stock far larger than the test's: what makes the planner prefer walking
    // `available_stock_pin_id_unique` (in the table's order) and filtering by configuration, as 0038's claim did.
    await client.query(
      `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
       set auto_explain.log_level = notice; set plan_cache_mode = force_generic_plan; set random_page_cost = 40`,
    );
    await client.query('begin');
    const claimed = await one<{ id: string }>('select id from claim_pins($1, 1)', [configurations[3]]);
    await client.query('rollback');

    expect(claimed.id).toBe(first);
    const claimPlan = plans.find((p) => p.includes('Delete on available_stock'));
    expect(claimPlan).toContain('Index Scan using available_stock_configuration_id_pin_id_pk');
    expect(claimPlan).not.toContain('available_stock_pin_id_unique');
  });
});
