import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { connect, migrateDb } from './connect.ts';

const MAGIC = 'PREPAID-PORTAL-BACKUP 1';
/** Counters of the request limits are not worth keeping; everything else of the portal's data is. */
const SKIPPED = new Set(['rate_limit_hits']);

interface Header {
  created_at: string;
  migrations: string[];
  tables: { name: string; rows: number }[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function migrationHashes(client: pg.ClientBase): Promise<string[]> {
  const r = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id');
  return r.rows.map((row) => row.hash);
}

async function portalTables(client: pg.ClientBase): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return r.rows.map((row) => row.name).filter((name) => !SKIPPED.has(name));
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0
     and not attisdropped and attgenerated = '' order by attnum`,
    [`public.${quote(table)}`],
  );
  return r.rows.map((row) => row.name);
}

/**
 * A consistent copy of the portal's data (one snapshot of every table of the `public` schema) into a
 * gzip file: a header with the migrations it was made under, then each table in PostgreSQL's COPY text
 * format. It needs no `pg_dump`, so it works with the embedded PostgreSQL 18 and any external one, and
 * runs while the portal serves (the snapshot is taken in a read-only repeatable-read transaction).
 * Queued background jobs are not copied: their work is redone from the data (outbox, sweeps).
 */
export async function backupDatabase(url: string, file: string): Promise<Header> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  const write = async (data: string | Buffer) => {
    if (!gzip.write(data)) await once(gzip, 'drain');
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const header: Header = {
      created_at: new Date().toISOString(),
      migrations: await migrationHashes(client),
      tables: [],
    };
    const tables = await portalTables(client);
    for (const table of tables) {
      const n = await client.query<{ n: number }>(`select count(*)::int as n from public.${quote(table)}`);
      header.tables.push({ name: table, rows: n.rows[0]!.n }); // count(*) answers one row
    }
    await write(`${MAGIC}\n${JSON.stringify(header)}\n`);
    for (const table of tables) {
      const columns = (await columnsOf(client, table)).map(quote).join(', ');
      await write(`COPY ${quote(table)} (${columns})\n`);
      const out = client.query(copyTo(`copy public.${quote(table)} (${columns}) to stdout`));
      for await (const chunk of out) await write(chunk);
      await write('\\.\n');
    }
    await client.query('commit');
    gzip.end();
    await written;
    return header;
  } catch (err) {
    gzip.destroy();
    throw err;
  } finally {
    await client.end();
  }
}

export class RestoreRefused extends Error {}

/**
 * Loads a backup into the database at `url`: migrates it to the portal's schema, checks the backup was
 * made under the same migrations, then in one transaction empties every portal table and copies the
 * backup in (triggers and foreign keys are not re-checked row by row: the rows were consistent in the
 * snapshot) and moves each sequence past the highest id. A database that already holds customers is
 * replaced only when `replace` is set. Nothing is changed unless the whole backup loads.
 */
export async function restoreDatabase(url: string, file: string, opts: { replace: boolean }): Promise<Header> {
  const db = connect(url, 2);
  await migrateDb(db);
  await db.$client.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const reader = lines[Symbol.asyncIterator]();
  const next = async () => {
    const r = await reader.next();
    return r.done ? null : (r.value as string);
  };
  try {
    if ((await next()) !== MAGIC) throw new RestoreRefused(`${file} is not a Prepaid Portal backup`);
    const header = JSON.parse((await next()) ?? '{}') as Header;
    const here = await migrationHashes(client);
    if (here.join() !== header.migrations.join()) {
      throw new RestoreRefused(
        `the backup was made under ${header.migrations.length} migrations and this portal has ${here.length}: restore it with the portal version that made it, then start the newer one`,
      );
    }
    const held = await client.query<{ n: number }>('select count(*)::int as n from customers');
    if (held.rows[0]!.n > 0 && !opts.replace) {
      throw new RestoreRefused('the database already holds customers: pass --replace to overwrite them');
    }
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const tables = await portalTables(client);
    await client.query(`truncate ${tables.map((t) => `public.${quote(t)}`).join(', ')}`);
    for (let line = await next(); line !== null; line = await next()) {
      const section = /^COPY ("(?:[^"]|"")+") \((.*)\)$/.exec(line);
      if (!section) throw new RestoreRefused(`unexpected line in ${file}: ${line.slice(0, 40)}`);
      const into = client.query(copyFrom(`copy public.${section[1]} (${section[2]}) from stdin`));
      const done = once(into, 'finish');
      for (let row = await next(); row !== '\\.'; row = await next()) {
        if (row === null) throw new RestoreRefused(`${file} ends inside table ${section[1]}`);
        if (!into.write(`${row}\n`)) await once(into, 'drain');
      }
      into.end();
      await done;
    }
    const sequences = await client.query<{ table_name: string; column_name: string; seq: string }>(
      `select table_name, column_name, pg_get_serial_sequence(format('public.%I', table_name), column_name) as seq
       from information_schema.columns where table_schema = 'public'
       and pg_get_serial_sequence(format('public.%I', table_name), column_name) is not null`,
    );
    for (const s of sequences.rows) {
      await client.query(
        `select setval($1, coalesce(max(${quote(s.column_name)}), 0) + 1, false) from public.${quote(s.table_name)}`,
        [s.seq],
      );
    }
    await client.query('commit');
    return header;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    lines.close();
    await client.end();
  }
}
