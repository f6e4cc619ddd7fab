import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import type { KeyRotationCollision, KeyRotationTableProgress } from '../../db/schema/keys.ts';

/**
 * Where each kind of secret at rest lives (decision 0148), in the order a rotation walks them: staged import rows
 * before `pins`, so a PIN approved meanwhile reaches `pins` already under the new keys or behind the pins cursor.
 * Each table is read in its key order after a cursor; only these constants reach `sql.raw`.
 */
const TABLES = {
  inventory_import_rows: {
    key: `t.import_id || ':' || t.row_no`,
    order: 't.import_id, t.row_no',
    after: (c: string) => {
      const [importId, rowNo] = c.split(':').map(Number);
      return sql`(t.import_id, t.row_no) > (${importId}, ${rowNo})`;
    },
    match: `t.import_id = split_part(u.k, ':', 1)::int and t.row_no = split_part(u.k, ':', 2)::int`,
    filter: 't.pin_ciphertext is not null',
    column: 'pin_ciphertext',
    form: 'bytea',
    index: 'pin_index',
    others: 'pin_index_others',
    batch: 500,
  },
  pins: {
    key: 't.id::text',
    order: 't.id',
    after: (c: string) => sql`t.id > ${Number(c)}`,
    match: 't.id = u.k::bigint',
    filter: null,
    column: 'pin_ciphertext',
    form: 'bytea',
    index: 'pin_index',
    others: null,
    batch: 500,
  },
  soft_pins: {
    key: 't.sale_id::text',
    order: 't.sale_id',
    after: (c: string) => sql`t.sale_id > ${Number(c)}`,
    match: 't.sale_id = u.k::int',
    filter: null,
    column: 'pin_ciphertext',
    form: 'bytea',
    index: 'pin_index',
    others: null,
    batch: 500,
  },
  partner_webhooks: {
    key: 't.customer_id::text',
    order: 't.customer_id',
    after: (c: string) => sql`t.customer_id > ${Number(c)}`,
    match: 't.customer_id = u.k::int',
    filter: null,
    column: 'secret_ciphertext',
    form: 'base64',
    index: null,
    others: null,
    batch: 200,
  },
  outbox_messages: {
    key: 't.id::text',
    order: 't.id',
    after: (c: string) => sql`t.id > ${Number(c)}`,
    match: 't.id = u.k::int',
    filter: `t.body like 'sealed:v1:%'`,
    column: 'body',
    form: 'sealed-text',
    index: null,
    others: null,
    batch: 200,
  },
  stored_files: {
    key: 't.id::text',
    order: 't.id',
    after: (c: string) => sql`t.id > ${c}::uuid`,
    match: 't.id = u.k::uuid',
    filter: 't.encrypted',
    column: 'data',
    form: 'bytea',
    index: null,
    others: null,
    // Files run to megabytes: a few per transaction.
    batch: 5,
  },
} as const;

export type RotatedTable = keyof typeof TABLES;
export const ROTATED_TABLES = Object.keys(TABLES) as RotatedTable[];

/** The outbox's marker of a sealed body (outbox.service.ts). */
const SEALED_PREFIX_LENGTH = 'sealed:v1:'.length;

/** The stored form of a ciphertext as hex, and back: bytea, base64 text, or the outbox's marked base64. */
function readForm(form: string, column: string): string {
  if (form === 'bytea') return `encode(t.${column}, 'hex')`;
  if (form === 'base64') return `encode(decode(t.${column}, 'base64'), 'hex')`;
  return `encode(decode(substr(t.${column}, ${SEALED_PREFIX_LENGTH + 1}), 'base64'), 'hex')`;
}
function writeForm(form: string): string {
  const base64 = `translate(encode(decode(u.c, 'hex'), 'base64'), E'\\n', '')`;
  if (form === 'bytea') return `decode(u.c, 'hex')`;
  if (form === 'base64') return base64;
  return `'sealed:v1:' || ${base64}`;
}

export interface SealedRow {
  key: string;
  sealed: Buffer;
  /** The stored blind index, for tables that have one. */
  index: string | null;
}

export interface RowChange {
  key: string;
  old: Buffer;
  sealed: Buffer;
  /** The new index, or null to keep the stored one. */
  index: string | null;
  /** The index under the ring's other keys, for staged import rows. */
  others: string[] | null;
}

/** A text[] parameter of hex digits, colons, semicolons and dashes: nothing an array literal must quote. */
const textArray = (values: (string | null)[]): SQL => {
  for (const v of values) if (v !== null && !/^[0-9a-f:;-]*$/.test(v)) throw new Error('not a safe array element');
  return sql`${`{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`}::text[]`;
};

/** `batch`: one size for every table (tests walk a few rows in several batches). */
export function createKeyRotationRepository(db: Db, opts: { batch?: number } = {}) {
  const batchSize = (table: RotatedTable) => opts.batch ?? TABLES[table].batch;
  return {
    async insertRun(targets: { encryption: number; index: number }, startedBy: string) {
      return db.transaction(async (tx) => {
        // One run at a time: a run for other targets is left behind (its rows are picked up by the new one).
        await tx.execute(sql`
          update key_rotations set status = 'superseded', finished_at = now()
          where status = 'running' and (target_encryption_key, target_index_key) <> (${targets.encryption}, ${targets.index})`);
        const existing = await tx.execute<{ id: number }>(sql`
          select id from key_rotations where status = 'running' order by id desc limit 1`);
        if (existing.rows[0]) return Number(existing.rows[0].id);
        const { rows } = await tx.execute<{ id: number }>(sql`
          insert into key_rotations (target_encryption_key, target_index_key, started_by)
          values (${targets.encryption}, ${targets.index}, ${startedBy}) returning id`);
        return Number(rows[0]!.id); // insert … returning answers the row it inserted
      });
    },

    async findRunning() {
      const { rows } = await db.execute<{ id: number; target_encryption_key: number; target_index_key: number }>(sql`
        select id, target_encryption_key, target_index_key from key_rotations where status = 'running'
        order by id desc limit 1`);
      return rows[0] && { ...rows[0], id: Number(rows[0].id) };
    },

    async latest() {
      const { rows } = await db.execute<RotationRow>(sql`
        select id, target_encryption_key, target_index_key, status, progress, collisions, started_by, started_at,
               updated_at, finished_at
        from key_rotations order by id desc limit 1`);
      return rows[0] && { ...rows[0], id: Number(rows[0].id) };
    },

    /** The run under its row lock: batches of two copies (or a retried job) run one after the other. */
    async lockRun(id: number, tx: Tx) {
      const { rows } = await tx.execute<RotationRow>(sql`
        select id, target_encryption_key, target_index_key, status, progress, collisions, started_by, started_at,
               updated_at, finished_at
        from key_rotations where id = ${id} for update`);
      return rows[0];
    },

    async saveProgress(
      id: number,
      table: RotatedTable,
      progress: KeyRotationTableProgress,
      collisions: KeyRotationCollision[],
      tx: Tx,
    ) {
      await tx.execute(sql`
        update key_rotations
        set progress = progress || jsonb_build_object(${table}::text, ${JSON.stringify(progress)}::jsonb),
            collisions = collisions || ${JSON.stringify(collisions)}::jsonb, updated_at = now()
        where id = ${id}`);
    },

    async finish(id: number, tx: Tx) {
      await tx.execute(sql`update key_rotations set status = 'done', finished_at = now() where id = ${id}`);
    },

    /** The next batch after the cursor, in key order. */
    async readBatch(table: RotatedTable, cursor: string | null, tx: Tx): Promise<SealedRow[]> {
      const t = TABLES[table];
      const where = [cursor === null ? undefined : t.after(cursor), t.filter ? sql.raw(t.filter) : undefined].filter(
        (x) => x !== undefined,
      );
      const { rows } = await tx.execute<{ key: string; sealed: string; index: string | null }>(sql`
        select ${sql.raw(t.key)} as key, ${sql.raw(readForm(t.form, t.column))} as sealed,
               ${sql.raw(t.index ? `t.${t.index}` : 'null::text')} as index
        from ${sql.raw(table)} t
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${sql.raw(t.order)} limit ${batchSize(table)}`);
      return rows.map((r) => ({ key: r.key, sealed: Buffer.from(r.sealed, 'hex'), index: r.index }));
    },
    batchSize,

    /**
     * The rows of `keys` this batch may change, locked without waiting: a row a purchase holds (it marks its PINs
     * sold) is skipped, never waited on, so a batch neither delays a purchase beyond its own milliseconds nor forms
     * a deadlock with one.
     */
    async lockRows(table: RotatedTable, keys: string[], tx: Tx): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const t = TABLES[table];
      const { rows } = await tx.execute<{ key: string }>(sql`
        select ${sql.raw(t.key)} as key from ${sql.raw(table)} t
        join unnest(${textArray(keys)}) as u(k) on ${sql.raw(t.match)}
        for update of t skip locked`);
      return new Set(rows.map((r) => r.key));
    },

    /**
     * Writes the changed rows, each only if its ciphertext is still the one read (a row changed meanwhile is left
     * to its writer, who wrote under the active key). A new index another row of the product already holds (the
     * same PIN twice, under different keys) is a collision: that row keeps its old index, still found by a search
     * under every key, and is reported instead of failing the batch.
     */
    async writeBatch(table: RotatedTable, changes: RowChange[], tx: Tx): Promise<KeyRotationCollision[]> {
      if (changes.length === 0) return [];
      try {
        await tx.transaction((sp) => update(table, changes, sp));
        return [];
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const collisions: KeyRotationCollision[] = [];
      for (const change of changes) {
        try {
          await tx.transaction((sp) => update(table, [change], sp));
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          await tx.transaction((sp) => update(table, [{ ...change, index: null, others: null }], sp));
          collisions.push({ table, row: change.key, other: await holderOf(table, change, tx) });
        }
      }
      return collisions;
    },
  };
}
export type KeyRotationRepository = ReturnType<typeof createKeyRotationRepository>;

export type RotationRow = {
  id: number;
  target_encryption_key: number;
  target_index_key: number;
  status: string;
  progress: Record<string, KeyRotationTableProgress>;
  collisions: KeyRotationCollision[];
  started_by: string;
  started_at: string;
  updated_at: string | null;
  finished_at: string | null;
};

async function update(table: RotatedTable, changes: RowChange[], tx: Tx) {
  const t = TABLES[table];
  const sets = [`${t.column} = ${writeForm(t.form)}`];
  if (t.index) sets.push(`${t.index} = coalesce(u.i, t.${t.index})`);
  if (t.others) sets.push(`${t.others} = case when u.i is null then t.${t.others} else string_to_array(u.x, ';') end`);
  await tx.execute(sql`
    update ${sql.raw(table)} t set ${sql.raw(sets.join(', '))}
    from unnest(${textArray(changes.map((c) => c.key))}, ${textArray(changes.map((c) => c.sealed.toString('hex')))},
                ${textArray(changes.map((c) => c.old.toString('hex')))}, ${textArray(changes.map((c) => c.index))},
                ${textArray(changes.map((c) => (c.others && c.others.length > 0 ? c.others.join(';') : null)))})
         as u(k, c, o, i, x)
    where ${sql.raw(t.match)} and ${sql.raw(readForm(t.form, t.column))} = u.o`);
}

/** The row that holds the index a collided row could not take: only `pins` has a unique index. */
async function holderOf(table: RotatedTable, change: RowChange, tx: Tx): Promise<string | null> {
  if (table !== 'pins' || !change.index) return null;
  const { rows } = await tx.execute<{ id: string }>(sql`
    select o.id::text as id from pins p join pins o on o.product_id = p.product_id and o.pin_index = ${change.index}
    where p.id = ${Number(change.key)}`);
  return rows[0]?.id ?? null;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
