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
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do here.
  });
  return drizzle(pool, { schema }) as Db;
}

export const MIGRATIONS_DIR = new URL('./migrations', import.meta.url).pathname;

export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
