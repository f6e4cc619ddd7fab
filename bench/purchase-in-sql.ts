import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { SeedShop } from '../apps/server/test/sales-seed.ts';

/**
 * Scenario A without HTTP and without Node: pgbench calls `portal_purchase` itself, 50 clients, each purchase
 * for a random shop of A with a key it issues in the same transaction (the HTTP runs use pre-issued keys, so this
 * does one insert more). Set beside A over HTTP, it splits what a purchase costs between PostgreSQL and the rest.
 * `bench_sql_buy` lives only in the bench's own throwaway database. `bench_sql_buy_batch` does the same for a batch.
 */
export async function prepareSqlPurchases(pool: pg.Pool, shops: SeedShop[], dir: string) {
  await pool.query(
    `create table bench_sql_shops as
     select i - 1 as i, customer_id, user_id, session_id, configuration_id
     from unnest($1::int[], $2::int[], $3::uuid[], $4::int[]) with ordinality t(customer_id, user_id, session_id, configuration_id, i)`,
    [
      shops.map((s) => s.customerId),
      shops.map((s) => s.userId),
      shops.map((s) => s.sessionId),
      shops.map((s) => s.configurationId),
    ],
  );
  await pool.query('create sequence bench_sql_key');
  await pool.query(`create function bench_sql_buy(p_shop int) returns jsonb language plpgsql as $$
    declare
      s bench_sql_shops;
      k text := 'bench-sql-key-' || nextval('bench_sql_key');
    begin
      select * into s from bench_sql_shops where i = p_shop;
      insert into transaction_keys (key, session_id, user_id, created_at) values (k, s.session_id, s.user_id, now());
      return portal_purchase(k, s.session_id, s.user_id, 'bench', 10000, 172800000, s.customer_id,
        s.configuration_id, 1, 'single', array['cash_card', 'gift_card'], now(), null, null, null);
    end $$`);
  // The batched variant: `p_n` purchases of random shops of A in one `portal_purchase_batch` call, as a portal copy
  // sends the purchases that arrived together.
  await pool.query(`create function bench_sql_buy_batch(p_n int) returns jsonb language plpgsql as $$
    declare
      v jsonb := '[]';
      s bench_sql_shops;
      k text;
      v_shop int;
    begin
      for n in 1 .. p_n loop
        -- Drawn once per purchase: random() in the WHERE would be drawn again for every row.
        v_shop := floor(random() * ${shops.length})::int;
        select * into s from bench_sql_shops where i = v_shop;
        k := 'bench-sql-key-' || nextval('bench_sql_key');
        insert into transaction_keys (key, session_id, user_id, created_at) values (k, s.session_id, s.user_id, now());
        v := v || jsonb_build_array(jsonb_build_object('key', k, 'session_id', s.session_id, 'user_id', s.user_id,
          'request_hash', 'bench', 'customer_id', s.customer_id, 'configuration_id', s.configuration_id,
          'quantity', 1, 'kind', 'single', 'allowed_types', jsonb_build_array('cash_card', 'gift_card')));
      end loop;
      return portal_purchase_batch(v, 172800000, now());
    end $$`);
  const script = join(dir, 'purchase-in-sql.pgbench');
  writeFileSync(script, `\\set shop random(0, ${shops.length - 1})\nselect bench_sql_buy(:shop);\n`);
  const batchScript = join(dir, 'purchase-in-sql-batch.pgbench');
  writeFileSync(batchScript, `select bench_sql_buy_batch(${SQL_BATCH});\n`);
  return { single: { script, database: 'portal' }, batched: { script: batchScript, database: 'portal' } };
}

/** Purchases per call in the batched variant, and its clients: about the 50 purchases in flight of the others. */
export const SQL_BATCH = 12;
export const SQL_BATCH_CLIENTS = 4;
