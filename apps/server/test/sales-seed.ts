import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * Sales fixtures written straight into a portal database through `pg`, for the selling benchmark, the
 * crash test and the claim's plan test: funded resellers and shops (through the ledger's own posting
 * function), a product with PINs encrypted under the server's key and published into available_stock,
 * slabs, assignments, and shops with a main user, a session and pre-issued transaction keys. Hundreds of
 * sign-ins would only measure argon2 and the sign-in rate limit.
 */
export function createSalesSeed(
  pool: pg.Pool,
  opts: { pinKey: Buffer; soldShare: number; cipherPool: number; keysPerShop: number },
) {
  /**
   * One statement in a transaction of its own that names the seed as its actor: the audit trail's trigger refuses a
   * change of an audited table (customers, users, products, …) that names none (decision 0141).
   */
  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const client = await pool.connect();
    try {
      await client.query(`begin; select set_config('portal.actor', '{"name":"sales-seed"}', true)`);
      try {
        const res = await client.query<T>(text, values);
        await client.query('commit');
        return res;
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    } finally {
      client.release();
    }
  }
  /** The one row a statement answers (an insert … returning of one row, a select of one); none is refused. */
  async function one<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T> {
    const row = (await query<T>(text, values)).rows[0];
    if (row === undefined) throw new Error(`no row for: ${text}`);
    return row;
  }
  /** The id of the one row an insert … returning id answers. */
  const id = async (text: string, values: unknown[] = []) => (await one<{ id: number }>(text, values)).id;
  const ids = async (text: string, values: unknown[] = []) =>
    (await query<{ id: number }>(text, values)).rows.map((r) => r.id);

  /** The server's PIN format (platform/pin-crypto.ts): version | iv | tag | AES-256-GCM ciphertext. */
  function encryptPin(pin: string): Buffer {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', opts.pinKey, iv);
    const body = Buffer.concat([c.update(pin, 'utf8'), c.final()]);
    return Buffer.concat([Buffer.from([1]), iv, c.getAuthTag(), body]);
  }

  /** Customers with funded wallets: a balanced credit top-up entry each, like the ledger would book it. */
  async function fundedCustomers(
    n: number,
    role: 1 | 2,
    parentOf: (i: number) => number,
    org: number,
    name: string,
  ): Promise<number[]> {
    const features = role === 1 ? '{has_credit_and_balance}' : '{has_transaction,has_cash_card,has_gift_card}';
    const created = await ids(
      `insert into customers (organisation_id, parent_id, account_role, name, credit_limit, features)
       select $1, p.parent, $2, $3 || ' ' || p.i, 100000000, $4::text[]
       from unnest($5::int[], $6::int[]) as p(i, parent) returning id`,
      [org, role, name, features, [...Array(n).keys()], [...Array(n).keys()].map(parentOf)],
    );
    await query('select open_wallet(id) from unnest($1::int[]) id', [created]);
    await fund(created);
    return created;
  }

  /** 10 000 000 € of credit each (within a raised credit limit): a top-up entry posted by the ledger itself. */
  async function fund(customerIds: number[]) {
    await query('update customers set credit_limit = greatest(credit_limit, 100000000) where id = any($1::int[])', [
      customerIds,
    ]);
    await query(
      `select ledger_post('credit_topup', c, null, null, null, null, 'seed funding', now(), array[c, c],
         array['balance', 'credit'], array[10000000, -10000000]::numeric[])
       from unnest($1::int[]) c`,
      [customerIds],
    );
  }

  async function product(owner: number, createdBy: number, name: string) {
    const productId = await id(
      `insert into products (owner_customer_id, product_type, product_name, pin_length, customer_care, instructions)
       values ($1, 'cash_card', $2, 16, '+49 30 555', 'Dial *100#') returning id`,
      [owner, name],
    );
    const configurationId = await id(
      `insert into product_configurations (product_id, value, info) values ($1, 10, '10 EUR') returning id`,
      [productId],
    );
    const importId = await id(
      `insert into inventory_imports (owner_customer_id, status, file_name, delimiter, line_count, column_count,
         detected_header, configuration_id, created_by, approved_by, published)
       values ($1, 'approved', 'bench.csv', ',', 0, 1, false, $2, $3, $3, true) returning id`,
      [owner, configurationId, createdBy],
    );
    return { owner, productId, configurationId, importId };
  }

  /**
   * n PINs of a configuration, the first `sold` (by default the seed's sold share of n) sold a day ago, the rest
   * published and in available_stock.
   */
  async function seedPins(p: Awaited<ReturnType<typeof product>>, n: number, sold = Math.floor(n * opts.soldShare)) {
    await query(
      `insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
         pin_hint, pin_length, buying_discount, cost, published, sold_at)
       select $1, $2, $3, $4, 'BENCH', ct.ct, md5($3::int || '-' || g), lpad((g % 10000)::text, 4, '0'), 16, 10, 9, true,
         case when g <= $5 then now() - interval '1 day' end
       from generate_series(1, $6::int) g join bench_ciphertexts ct on ct.i = g % ${opts.cipherPool}`,
      [p.owner, p.productId, p.configurationId, p.importId, sold, n],
    );
    await query(
      `insert into available_stock (configuration_id, pin_id)
       select configuration_id, id from pins where configuration_id = $1 and sold_at is null`,
      [p.configurationId],
    );
  }

  /**
   * The history of a configuration's sold PINs, so `sales`, `sale_pins`, `journal_entries` and `ledger_lines` are
   * as large as in a portal that sold them: each sold PIN one single sale by one of `sellers` in turn, at its sale
   * time, with the ledger entry a purchase posts (the seller's balance, its reseller's income, the owner's stock and
   * cost of sales; for platform stock also the reseller's balance and the platform's revenue). Without it those
   * tables start nearly empty and every plan made early (the foreign-key checks' among them) is one for a tiny
   * table. The wallets were funded beforehand and do not move with the history.
   */
  async function seedHistory(
    configurationId: number,
    sellers: SeedShop[],
    prices: { seller: string; reseller: string | null },
  ) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `create temp table bench_history on commit drop as
         select p.id as pin_id, p.owner_customer_id as owner, p.product_id, p.cost, p.sold_at, cf.value,
           s.customer_id, s.user_id, shop.parent_id as reseller_id, reseller.parent_id as platform_id,
           nextval(pg_get_serial_sequence('sales', 'id')) as sale_id,
           nextval(pg_get_serial_sequence('journal_entries', 'id')) as entry_id
         from pins p
         join product_configurations cf on cf.id = p.configuration_id
         join unnest($2::int[], $3::int[]) with ordinality s(customer_id, user_id, n) on s.n = p.id % $4 + 1
         join customers shop on shop.id = s.customer_id
         join customers reseller on reseller.id = shop.parent_id
         where p.configuration_id = $1 and p.sold_at is not null`,
        [configurationId, sellers.map((s) => s.customerId), sellers.map((s) => s.userId), sellers.length],
      );
      await client.query(
        `insert into sales (id, customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id,
           kind, quantity, face_value, seller_price, reseller_price, total_cost, created_at) overriding system value
         select sale_id, customer_id, user_id, reseller_id, owner, product_id, $1, 'single', 1, value, $2, $3, cost,
           sold_at
         from bench_history`,
        [configurationId, prices.seller, prices.reseller],
      );
      await client.query('insert into sale_pins (sale_id, pin_id) select sale_id, pin_id from bench_history');
      await client.query(
        `insert into journal_entries (id, kind, customer_id, actor_customer_id, created_by, reference, memo, created_at)
         overriding system value
         select entry_id, 'sale', customer_id, customer_id, user_id, 'sale:' || sale_id, 'history', sold_at
         from bench_history`,
      );
      await client.query(
        `insert into ledger_lines (entry_id, customer_id, account, amount, created_at)
         select h.entry_id, l.c, l.a, l.x, h.sold_at
         from bench_history h cross join lateral (values
           (1, h.customer_id, 'balance', -$1::numeric), (2, h.reseller_id, 'sales_income', $1::numeric),
           (3, h.reseller_id, 'balance', -$2::numeric), (4, h.platform_id, 'revenue', $2::numeric),
           (5, h.owner, 'inventory', -h.cost), (6, h.owner, 'cost_of_sales', h.cost)) l(n, c, a, x)
         where l.x is not null
         order by h.entry_id, l.n`,
        [prices.seller, prices.reseller],
      );
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  }

  async function slab(owner: number, configurationIds: number[], discount: string) {
    const slabId = await id(
      `insert into discount_slabs (owner_customer_id, name, created_at) values ($1, 'bench', now()) returning id`,
      [owner],
    );
    await query(
      `insert into discount_slab_items (slab_id, configuration_id, discount, updated_at)
       select $1, c, $2, now() from unnest($3::int[]) c`,
      [slabId, discount, configurationIds],
    );
    return slabId;
  }

  async function assign(
    customerIds: number[],
    configurationOf: (i: number) => number,
    slabOf: (i: number) => number,
    by: number,
  ) {
    await query(
      `insert into product_assignments (customer_id, configuration_id, discount_slab_id, is_active, assigned_by, updated_at)
       select c, cfg, s, true, $4, now() from unnest($1::int[], $2::int[], $3::int[]) as t(c, cfg, s)`,
      [customerIds, customerIds.map((_, i) => configurationOf(i)), customerIds.map((_, i) => slabOf(i)), by],
    );
  }

  /** A main user per shop with a session (token hashed as the server stores it) and its transaction keys. */
  async function shops(
    customerIds: number[],
    configurationOf: (i: number) => number,
    org: number,
  ): Promise<SeedShop[]> {
    const out: SeedShop[] = [];
    for (const [i, customerId] of customerIds.entries()) {
      const userId = await id(
        `insert into users (customer_id, organisation_id, username, account_role, internal_role, is_main, features)
         values ($1, $2, $3, 2, 0, true, '{has_transaction,has_cash_card,has_gift_card}') returning id`,
        [customerId, org, `bench-shop-${customerId}`],
      );
      const token = randomBytes(32).toString('base64url');
      const { id: sessionId } = await one<{ id: string }>(
        `insert into sessions (user_id, token_hash, created_at, last_active_at, expires_at)
         values ($1, $2, now(), now(), now() + interval '1 day') returning id`,
        [userId, createHash('sha256').update(token).digest('hex')],
      );
      out.push({
        customerId,
        userId,
        sessionId,
        configurationId: configurationOf(i),
        headers: {
          authorization: `Bearer ${token}`,
          'x-session-id': sessionId,
          'x-customer-id': String(customerId),
          'content-type': 'application/json',
        },
      });
    }
    await query(
      `insert into transaction_keys (key, session_id, user_id, created_at)
       select 'bench-key-' || s.user_id || '-' || lpad(n::text, 6, '0'), s.session_id, s.user_id, now()
       from unnest($1::int[], $2::uuid[]) as s(user_id, session_id), generate_series(0, ${opts.keysPerShop}) n`,
      [out.map((s) => s.userId), out.map((s) => s.sessionId)],
    );
    return out;
  }

  /** Distinct ciphertexts the PINs take in turn (`bench_ciphertexts`); dropped once the stock is seeded. */
  async function loadCiphertexts() {
    await query('create table bench_ciphertexts (i int primary key, ct bytea not null)');
    const ciphertexts = Array.from({ length: opts.cipherPool }, (_, i) =>
      encryptPin(`7${String(i).padStart(15, '0')}`),
    );
    await query('insert into bench_ciphertexts select i - 1, ct from unnest($1::bytea[]) with ordinality as t(ct, i)', [
      ciphertexts,
    ]);
  }

  return {
    one,
    ids,
    encryptPin,
    loadCiphertexts,
    fundedCustomers,
    fund,
    product,
    seedPins,
    seedHistory,
    slab,
    assign,
    shops,
  };
}

/** The pre-issued transaction keys (at least 16 characters, like the server's). */
export const keyOf = (userId: number, n: number) => `bench-key-${userId}-${String(n).padStart(6, '0')}`;

export interface SeedShop {
  customerId: number;
  userId: number;
  sessionId: string;
  headers: Record<string, string>;
  configurationId: number;
}
