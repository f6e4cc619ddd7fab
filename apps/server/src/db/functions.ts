import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * The database's functions as files (issue 42): `db/functions/<name>.sql` holds the current definition of every
 * function and trigger function of the `public` schema, overloads of one name in one file, settings inline
 * (`SET ...`) or by `ALTER FUNCTION` in the file. Migrations stay history; these files are the current truth.
 * `functionsDrift` compares the files with a migrated database (the drift test and `npm run db:functions` both use
 * it), `functionsMigration` writes the migration that brings the database to the files.
 */
export const FUNCTIONS_DIR = new URL('./functions', import.meta.url).pathname;

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  sql: string;
}

export function readFunctionFiles(dir = FUNCTIONS_DIR): FunctionFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.sql'.length), sql: readFileSync(join(dir, f), 'utf8') }));
}

/** One function as PostgreSQL holds it, read back in a form that does not depend on its schema. */
export interface FunctionDefinition {
  name: string;
  /** The arguments that tell overloads apart (`pg_get_function_identity_arguments`): the key of DROP FUNCTION. */
  identity: string;
  /** Every argument with its name, mode and default, and the return type: what CREATE OR REPLACE cannot change. */
  signature: string;
  /** `pg_get_functiondef` with the schema left out: arguments, return type, language, volatility, settings, body. */
  definition: string;
}

/** What differs for one name; `live` are the migrated database's overloads, `file` the file's. */
export interface FunctionDrift {
  name: string;
  kind: 'changed' | 'no-file' | 'not-in-database';
  live: FunctionDefinition[];
  file: FunctionDefinition[];
  /** Live overloads a CREATE OR REPLACE cannot turn into the file's: gone from the file or another signature. */
  drop: FunctionDefinition[];
}

export interface DriftReport {
  drift: FunctionDrift[];
  /** Files that define something other than functions of their own name (a file's name is its function's). */
  misplaced: string[];
  /** Live functions that depend on a function to drop: triggers, which a DROP FUNCTION would refuse. */
  triggers: { function: string; trigger: string; table: string }[];
}

const SCRATCH = 'portal_function_files';

const READ = `
  SELECT p.oid, p.proname AS name, pg_get_function_identity_arguments(p.oid) AS identity,
    p.prokind::text || ' ' || pg_get_function_arguments(p.oid) || ' -> ' || coalesce(pg_get_function_result(p.oid), '')
      AS signature,
    pg_get_functiondef(p.oid) AS definition
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = $1
    AND NOT EXISTS (SELECT 1 FROM pg_depend d
                    WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  ORDER BY p.proname, identity`;

async function read(client: pg.ClientBase, schema: string): Promise<(FunctionDefinition & { oid: number })[]> {
  const { rows } = await client.query<FunctionDefinition & { oid: number }>(READ, [schema]);
  // The header names the function qualified by its schema; nothing else in it does for these functions.
  const qualified = `FUNCTION ${schema}.`;
  return rows.map((r) => ({ ...r, definition: r.definition.replace(qualified, 'FUNCTION ') }));
}

function byName(defs: FunctionDefinition[]): Map<string, FunctionDefinition[]> {
  const map = new Map<string, FunctionDefinition[]>();
  for (const d of defs) map.set(d.name, [...(map.get(d.name) ?? []), d]);
  return map;
}

/**
 * Compares the files with the functions of the database's `public` schema. The files are created in a scratch
 * schema inside a transaction that is rolled back, so PostgreSQL itself normalises both sides: the same
 * `pg_get_functiondef` text means the same arguments, return type, language, attributes, settings and body (the body
 * byte for byte). Bodies are not checked against tables there (`check_function_bodies` off): that is the
 * migration's job, and a SQL function calling another file's function must not depend on the order files load in.
 */
export async function functionsDrift(client: pg.ClientBase, files = readFunctionFiles()): Promise<DriftReport> {
  const misplaced: string[] = [];
  const fromFiles: FunctionDefinition[] = [];
  let live: FunctionDefinition[] = [];
  await client.query('BEGIN');
  try {
    await client.query(`CREATE SCHEMA ${SCRATCH}`);
    await client.query(`SET LOCAL search_path = ${SCRATCH}, public`);
    await client.query('SET LOCAL check_function_bodies = off');
    // Read before any file runs: a file's statement can only touch the scratch copies, never what is compared.
    live = (await read(client, 'public')).map(({ oid: _, ...d }) => d);
    const seen = new Set<number>();
    for (const f of files) {
      try {
        await client.query(f.sql);
      } catch (err) {
        throw new Error(`db/functions/${f.name}.sql: ${(err as Error).message}`);
      }
      const created = (await read(client, SCRATCH)).filter((d) => !seen.has(d.oid));
      for (const d of created) seen.add(d.oid);
      if (created.length === 0 || created.some((d) => d.name !== f.name)) misplaced.push(f.name);
      else for (const { oid: _, ...d } of created) fromFiles.push(d);
    }
  } finally {
    await client.query('ROLLBACK');
  }

  const liveByName = byName(live);
  const fileByName = byName(fromFiles);
  const drift: FunctionDrift[] = [];
  const fileNames = new Set(files.map((f) => f.name));
  for (const name of [...new Set([...liveByName.keys(), ...fileByName.keys()])].sort()) {
    const l = liveByName.get(name) ?? [];
    const f = fileByName.get(name) ?? [];
    if (f.length === 0 && fileNames.has(name)) continue; // reported as misplaced
    const drop = l.filter((d) => !f.some((x) => x.identity === d.identity && x.signature === d.signature));
    const same =
      l.length === f.length &&
      l.every((d) => f.some((x) => x.identity === d.identity && x.definition === d.definition));
    if (same) continue;
    drift.push({
      name,
      kind: f.length === 0 ? 'no-file' : l.length === 0 ? 'not-in-database' : 'changed',
      live: l,
      file: f,
      drop,
    });
  }

  const dropped = drift.flatMap((d) => d.drop.map((x) => x.name));
  const { rows: triggers } = await client.query<{ function: string; trigger: string; table: string }>(
    `SELECT p.proname AS function, t.tgname AS trigger, t.tgrelid::regclass::text AS table
     FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND NOT t.tgisinternal AND p.proname = ANY ($1) ORDER BY 1, 2`,
    [dropped],
  );
  return { drift, misplaced, triggers };
}

/** Names the SQL of `sql` mentions as whole words, among `names`. */
function mentions(sql: string, names: string[]): string[] {
  return names.filter((n) => new RegExp(`\\b${n}\\s*\\(`).test(sql));
}

/**
 * The migration that brings a database migrated so far to the files: for each drifted name, a DROP FUNCTION of
 * every live overload whose signature the file no longer has (CREATE OR REPLACE cannot change arguments or the
 * return type), then the file as it stands (CREATE OR REPLACE, its settings). A function without a file is dropped.
 * Drops come first; a function is created after the changed functions its text calls, so a SQL-language body is
 * checked against their new definitions.
 */
export function functionsMigration(report: DriftReport, files = readFunctionFiles()): string {
  const text = new Map(files.map((f) => [f.name, f.sql]));
  const parts: string[] = [];
  for (const d of report.drift) {
    for (const x of d.drop) {
      const why =
        d.kind === 'no-file'
          ? `-- ${d.name} has no file in db/functions/ any more.`
          : `-- ${d.name}(${x.identity}): its arguments or return type change, which CREATE OR REPLACE cannot do.`;
      parts.push(`${why}\nDROP FUNCTION ${d.name}(${x.identity});`);
    }
  }
  const pending = report.drift.filter((d) => d.kind !== 'no-file').map((d) => d.name);
  const written = new Set<string>();
  const write = (name: string, path: string[]) => {
    if (written.has(name) || path.includes(name)) return;
    const sql = text.get(name) ?? '';
    for (const dep of mentions(sql, pending)) if (dep !== name) write(dep, [...path, name]);
    written.add(name);
    parts.push(sql.trimEnd());
  };
  for (const name of pending) write(name, []);
  return `${parts.join('\n--> statement-breakpoint\n')}\n`;
}

/** The drift in words, one line per function, for the test's failure and the script's output. */
export function describeDrift(report: DriftReport): string[] {
  const lines = report.misplaced.map(
    (n) => `db/functions/${n}.sql must create function ${n} (and only functions of that name)`,
  );
  for (const d of report.drift) {
    if (d.kind === 'no-file') lines.push(`${d.name}: in the database, no file db/functions/${d.name}.sql`);
    else if (d.kind === 'not-in-database')
      lines.push(`${d.name}: file db/functions/${d.name}.sql, not in the database`);
    else {
      const how = d.drop.length > 0 ? 'arguments or return type differ' : 'definition differs';
      lines.push(`${d.name}: ${how} between db/functions/${d.name}.sql and the migrated database`);
    }
  }
  return lines;
}
