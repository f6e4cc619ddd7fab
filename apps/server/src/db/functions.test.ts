import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import {
  describeDrift,
  type FunctionFile,
  functionsDrift,
  functionsMigration,
  readFunctionFiles,
} from './functions.ts';

/**
 * Issue 42: `db/functions/<name>.sql` is the current text of every function the migrations create. This test ties
 * the files to the migrated database (the harness's template, migrated from every migration), and proves that the
 * comparison sees every kind of difference and that the migration `npm run db:functions` writes from changed files
 * brings a database to them.
 */
const files = readFunctionFiles();
let database: Awaited<ReturnType<typeof freshDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await freshDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** The files with `name`'s text passed through `edit` (null: the file removed). */
function edited(name: string, edit: ((sql: string) => string) | null, base: FunctionFile[] = files): FunctionFile[] {
  const found = base.find((f) => f.name === name);
  if (!found) throw new Error(`no file ${name}.sql`);
  if (edit === null) return base.filter((f) => f.name !== name);
  const sql = edit(found.sql);
  if (sql === found.sql) throw new Error(`the edit left ${name}.sql unchanged`);
  return base.map((f) => (f.name === name ? { name, sql } : f));
}

describe('db/functions/', () => {
  it('holds every function of the migrated database, each exactly as the migrations left it', async () => {
    const report = await functionsDrift(client, files);
    expect(describeDrift(report)).toEqual([]);
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(DISTINCT p.proname)::int AS n FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace
       WHERE s.nspname = 'public'`,
    );
    expect(files.length).toBe(rows[0]?.n);
  });

  it('gives each function as CREATE OR REPLACE of an unqualified name, so the file is a migration as it stands', () => {
    for (const f of files) {
      const creates = [...f.sql.matchAll(/^\s*CREATE\b[^(]*?\bFUNCTION\s+([\w."]+)\s*\(/gim)];
      expect(creates.length, f.name).toBeGreaterThan(0);
      for (const c of creates) {
        expect(c[0].trim(), f.name).toMatch(/^CREATE OR REPLACE FUNCTION /);
        expect(c[1], f.name).toBe(f.name);
      }
    }
  });
});

describe('the comparison of files and database', () => {
  const drift = async (changed: FunctionFile[]) => (await functionsDrift(client, changed)).drift;

  it('sees one character of a body changed', async () => {
    const changed = edited('portal_purchase', (s) => s.replace('v_seller_price numeric;', 'v_seller_price numeric ;'));
    expect(await drift(changed)).toMatchObject([{ name: 'portal_purchase', kind: 'changed', drop: [] }]);
  });

  it('sees a setting removed, inline or by ALTER FUNCTION, and one added', async () => {
    const inline = edited('portal_purchase_batch', (s) => s.replace(' SET plan_cache_mode = force_generic_plan', ''));
    expect(await drift(inline)).toMatchObject([{ name: 'portal_purchase_batch', kind: 'changed', drop: [] }]);
    const altered = edited(
      'seal_field',
      (s) => `${s}--> statement-breakpoint\nALTER FUNCTION seal_field(text) SET search_path = public;\n`,
    );
    expect(await drift(altered)).toMatchObject([{ name: 'seal_field', kind: 'changed', drop: [] }]);
    const reset = edited('seal_payload', (s) => s.replace(` SET "DateStyle" = 'ISO, YMD'`, ''));
    expect(await drift(reset)).toMatchObject([{ name: 'seal_payload', kind: 'changed' }]);
  });

  it('sees an attribute changed (volatility)', async () => {
    const changed = edited('price_after_discount', (s) => s.replace('LANGUAGE sql IMMUTABLE', 'LANGUAGE sql STABLE'));
    expect(await drift(changed)).toMatchObject([{ name: 'price_after_discount', kind: 'changed', drop: [] }]);
  });

  it('sees arguments or the return type changed, which need the old function dropped', async () => {
    const result = edited('wallet_slot_count', (s) => s.replace('RETURNS integer', 'RETURNS bigint'));
    const [r] = await drift(result);
    expect(r).toMatchObject({ name: 'wallet_slot_count', kind: 'changed' });
    expect(r?.drop.map((d) => d.identity)).toEqual(['p_account_role smallint']);
    const renamed = edited('actor_version', (s) => s.replace(/p_session_id/g, 'p_session'));
    expect((await drift(renamed))[0]?.drop.map((d) => d.identity)).toEqual(['p_session_id uuid']);
  });

  it('sees a function without a file, a file without a function, and a file defining another name', async () => {
    const report = await functionsDrift(client, [
      ...edited('refuse_change', null),
      {
        name: 'portal_not_yet',
        sql: 'CREATE OR REPLACE FUNCTION portal_not_yet() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
      },
      { name: 'misnamed', sql: 'CREATE OR REPLACE FUNCTION other_name() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;' },
    ]);
    expect(report.drift.map((d) => [d.name, d.kind])).toEqual([
      ['portal_not_yet', 'not-in-database'],
      ['refuse_change', 'no-file'],
    ]);
    expect(report.misplaced).toEqual(['misnamed']);
    // refuse_change guards every append-only table: its drop needs their triggers dropped first, which is said.
    expect(report.triggers.map((t) => t.trigger)).toContain('ledger_lines_append_only');
    expect(describeDrift(report)).toHaveLength(3);
  });

  it('names the file whose SQL does not load', async () => {
    const broken = edited('seal_hash', (s) => s.replace('RETURNS text', 'RETURNS txet'));
    await expect(functionsDrift(client, broken)).rejects.toThrow(/seal_hash\.sql: type "txet" does not exist/);
  });
});

describe('the migration written from changed files', () => {
  it('brings the migrated database to the files: bodies replaced, changed signatures dropped first, new and removed', async () => {
    let changed = edited('price_after_discount', (s) => s.replace('/ 100, 2)', '/ 100, 3)'));
    changed = edited('wallet_slot_count', (s) => s.replace('RETURNS integer', 'RETURNS bigint'), changed);
    changed = edited('bank_line_loose_base', null, changed);
    changed = [
      ...changed,
      {
        name: 'portal_probe',
        sql: 'CREATE OR REPLACE FUNCTION portal_probe() RETURNS numeric LANGUAGE sql AS $$ SELECT price_after_discount(10.005, 0) $$;',
      },
    ];
    const own = await freshDatabase();
    const c = new pg.Client({ connectionString: own.url });
    await c.connect();
    try {
      const report = await functionsDrift(c, changed);
      const migration = functionsMigration(report, changed);
      // The drops come first; the new function after price_after_discount, which its SQL body calls.
      const order = [
        'DROP FUNCTION bank_line_loose_base(',
        'DROP FUNCTION wallet_slot_count(',
        'FUNCTION price_after_discount(',
        'FUNCTION portal_probe(',
      ];
      const at = order.map((s) => migration.indexOf(s));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      // Run as drizzle's migrator runs a migration: statement by statement, in one transaction.
      await c.query('BEGIN');
      for (const statement of migration.split('--> statement-breakpoint')) await c.query(statement);
      await c.query('COMMIT');
      expect(describeDrift(await functionsDrift(c, changed))).toEqual([]);
      expect((await c.query('SELECT portal_probe() AS v')).rows[0]?.v).toBe('10.005');
      expect(describeDrift(await functionsDrift(c, files))).toEqual([
        'bank_line_loose_base: file db/functions/bank_line_loose_base.sql, not in the database',
        'portal_probe: in the database, no file db/functions/portal_probe.sql',
        'price_after_discount: definition differs between db/functions/price_after_discount.sql and the migrated database',
        'wallet_slot_count: arguments or return type differ between db/functions/wallet_slot_count.sql and the migrated database',
      ]);
    } finally {
      await c.end();
      await own.drop();
    }
  });

  it('is empty of changes when nothing differs', async () => {
    const report = await functionsDrift(client, files);
    expect(report.drift).toEqual([]);
    expect(functionsMigration(report, files).trim()).toBe('');
  });
});
