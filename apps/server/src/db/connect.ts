import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle or the database itself: repositories take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

// NUMERIC stays a string end to end: money never passes through a JS float.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connect(url: string, max = 20): Db {
  // Short OLTP statements only: JIT compilation would cost more CPU than any of them runs for.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
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
  await underStartupLock(db, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }));
}
