import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { AUDITED_TABLES, asActor, currentActorSetting } from './audit.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle or the database itself: repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

// NUMERIC stays a string end to end: money never passes through a JS float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const AUDITED: ReadonlySet<string> = new Set(Object.keys(AUDITED_TABLES));

/** `begin`, as drizzle's transactions open: the statement the actor is appended to. */
const BEGIN = /^\s*begin\b/i;
/** A statement outside a transaction that writes one table, and which table (drizzle quotes names, raw SQL may not). */
const SINGLE_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
const textOf = (config: unknown): string | undefined =>
  typeof config === 'string' ? config : ((config as { text?: unknown } | null)?.text as string | undefined);

/**
 * Every transaction names its actor for the audit trail (decision 0141): drizzle opens each with a plain `begin`,
 * to which the actor of the current audit scope is appended as a transaction-local setting, in the same round trip
 * (a simple-protocol query may hold two statements), so a purchase pays nothing for it.
 */
function nameActorOnBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
    const [config, values] = args;
    const text = textOf(config);
    if (text !== undefined && BEGIN.test(text) && (values === undefined || (Array.isArray(values) && !values.length))) {
      const actor = currentActorSetting();
      if (actor !== null) {
        const withActor = `${text}; select set_config('portal.actor', ${client.escapeLiteral(actor)}, true)`;
        args[0] = typeof config === 'string' ? withActor : { ...(config as object), text: withActor };
      }
    }
    return query(...args);
  };
}

/**
 * A pool whose single statements outside a transaction that write an audited table run in a transaction of their
 * own that names the actor (`pool.query` has no `begin` to append it to). Other statements, the purchase's among
 * them, go through unchanged.
 */
class AuditedPool extends pg.Pool {
  readonly audited: ReadonlySet<string>;
  constructor(config: pg.PoolConfig, audited: ReadonlySet<string>) {
    super(config);
    this.audited = audited;
  }
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query, passed through unchanged
  override query(...args: any[]): any {
    const [config, values, callback] = args as QueryArgs;
    const table = SINGLE_WRITE.exec(textOf(config) ?? '')?.[1]?.toLowerCase();
    if (table === undefined || !this.audited.has(table) || currentActorSetting() === null) {
      return Reflect.apply(pg.Pool.prototype.query, this, args);
    }
    const cb = typeof values === 'function' ? values : callback;
    const params = typeof values === 'function' ? undefined : values;
    const done = this.inOwnTransaction(config, params);
    if (typeof cb !== 'function') return done;
    done.then(
      (res) => cb(null, res),
      (err) => cb(err),
    );
    return undefined;
  }
  private async inOwnTransaction(config: unknown, values: unknown) {
    const client = await this.connect();
    try {
      await client.query('begin');
      try {
        const res = await client.query(config as pg.QueryConfig, values as unknown[]);
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
}

/**
 * `actor`: the name every change made through this pool is recorded under when no audit scope names another (a tool
 * such as a benchmark's set-up or a test's fixtures); the server's own pool has none, so a change it makes outside
 * a request, job, seed or migration is refused by the trail's trigger. `null`: none even where the database names a
 * default (the test harness's app pool, whose database gives its fixtures one).
 */
export function connect(url: string, max = 20, opts: { actor?: string | null } = {}): Db {
  // Short OLTP statements only: JIT compilation would cost more CPU than any of them runs for.
  const actor =
    opts.actor === null
      ? ' -c portal.actor='
      : opts.actor
        ? ` -c portal.actor=${JSON.stringify({ name: opts.actor }).replace(/[\\ ]/g, '\\$&')}`
        : '';
  const pool = new AuditedPool({ connectionString: url, max, options: `-c jit=off${actor}` }, AUDITED);
  pool.on('connect', nameActorOnBegin);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do here.
  });
  return drizzle(pool, { schema }) as Db;
}

export const MIGRATIONS_DIR = new URL('./migrations', import.meta.url).pathname;

/** Advisory lock key of start-up work (migrations, demo data) that several copies may begin together. */
const STARTUP_LOCK = 7_301_001;

/**
 * Runs `work` while holding a session advisory lock on a connection of its own: copies that start
 * together run their migrations and demo seeding one after the other (drizzle's migrator takes no lock,
 * and the seed reads before it writes).
 */
export async function underStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function migrateDb(db: Db): Promise<void> {
  // A migration that changes an audited table is recorded as the migration's change.
  await underStartupLock(db, () => asActor('migration', () => migrate(db, { migrationsFolder: MIGRATIONS_DIR })));
}
