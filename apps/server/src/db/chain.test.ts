import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { ok, signInOnce, topUp } from '../modules/selling/selling.fixtures.ts';
import { asActor } from './audit.ts';
import {
  ANCHOR_FILE,
  type Anchor,
  anchorHead,
  chainHead,
  readAnchors,
  SEAL_SOURCES,
  sealOnce,
  sealPayload,
  sealPending,
  verifyChain,
} from './chain.ts';

/**
 * Issue 41, tamper evidence (decision 0142): the chain over the trail, the ledger, issued documents and Z reports,
 * computed alike in SQL and TypeScript, sealed after commit without skipping a row committed out of id order, and
 * checked by verify against the seals and the anchors written outside the database.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let anchorDir: string;
const log: string[] = [];
const logger = { info: (o: object, m: string) => log.push(`${m} ${JSON.stringify(o)}`) };

/** A connection of the test's own, as an operator's psql or an attacker's superuser session would be. */
async function session() {
  const c = new pg.Client({ connectionString: ctx.url });
  await c.connect();
  await c.query(`set portal.actor = '{"name":"test"}'`);
  return c;
}

async function verify(anchors: Anchor[], now?: Date) {
  const c = await session();
  try {
    return await verifyChain(c, anchors, now);
  } finally {
    await c.end();
  }
}

/** `npm run audit:verify` on the test's database and anchor folder: its exit code and what it said. */
function verifyCli() {
  const cli = new URL('../audit-verify-cli.ts', import.meta.url).pathname;
  const r = spawnSync(process.execPath, [cli], {
    env: { ...process.env, DATABASE_URL: ctx.url, BACKUP_DIR: anchorDir, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Runs the job until everything committed so far is sealed (the first run only records the horizon). */
async function sealAll() {
  await sealOnce(ctx.db);
  await sealOnce(ctx.db);
}

/** The next seal; a job's or the pool's transaction that began before the horizon may hold it back a moment. */
async function sealSoon() {
  for (let i = 0; i < 40; i++) {
    const seal = await sealOnce(ctx.db);
    if (seal) return seal;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nothing was sealed');
}

/** As a superuser with triggers off (what the append-only guard cannot stop), then back. */
async function asSuperuserTriggersOff(statements: string) {
  const c = await session();
  try {
    await c.query('begin');
    await c.query('set local session_replication_role = replica');
    await c.query(statements);
    await c.query('commit');
  } finally {
    await c.end();
  }
}

/** An issued invoice with its lines and files, and a Z report, written as the invoices and selling modules do. */
async function insertDocuments() {
  const c = await session();
  try {
    await c.query('begin');
    const inv = await c.query<{ id: string }>(
      `insert into invoices (issuer_customer_id, recipient_customer_id, number, invoice_no, period_start, period_end,
         issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown, kind, part)
       values ($1, $2, 7, 'RE-2026-00007', '2026-10-01', '2026-10-31', '2026-11-01T00:12:03.456789Z',
         '{"name": "Demo Reseller GmbH", "city": "Köln"}', '{"name": "Demo Shop Berlin | Späti"}',
         '1043.7731', '19.7638', '1063.5369', '[{"rate": "19.00", "gross": "123.7638"}]', 'invoice', 'all')
       returning id`,
      [ids.reseller, ids.seller],
    );
    const id = inv.rows[0]!.id;
    await c.query(
      `insert into invoice_lines (invoice_id, product_id, configuration_id, product_name, face_value, unit_price,
         quantity, gross_amount, vat_treatment, vat_rate)
       values ($1, 1, 1, 'Aufladung 15 € – Prepaid', '15.0000', '14.5531', 3, '43.6593', 'mpv', '19.00'),
              ($1, 2, 2, 'Bus ticket', '1020.1100', '1019.8776', 1, '1019.8776', 'carrier', '0.00')`,
      [id],
    );
    await c.query(
      `insert into invoice_files (invoice_id, pdf, xrechnung, zugferd, created_at)
       values ($1, $2, null, $3, '2026-11-01T00:12:03.456789Z')`,
      [id, Buffer.from('%PDF-1.7 invoice bytes \u0000\u00ff'), Buffer.from('%PDF-1.7 zugferd')],
    );
    await c.query(
      `insert into z_reports (customer_id, number, first_sale_id, last_sale_id, closed_at, closed_by, totals)
       values ($1, 1, null, 0, '2026-11-20T21:59:59.999Z', (select min(id) from users),
         '{"sales": "0.0000", "note": "Kasse\\nzu"}')`,
      [ids.seller],
    );
    await c.query('commit');
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  anchorDir = mkdtempSync(join(tmpdir(), 'portal-anchors-'));
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  // Every source holds rows: trail rows (a partial edit), ledger entries with lines (credit), documents, Z report.
  await ok(
    post(
      ctx.app,
      '/api/edit_customer/',
      { customer_id: ids.seller, credit_limit: '1234.56' },
      await signInOnce(ctx, 'reseller'),
    ),
  );
  await topUp(ctx, ids.seller, '250.37');
  await insertDocuments();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(anchorDir, { recursive: true, force: true });
});

describe('the hash chain (decision 0142)', () => {
  it('serialises every source alike in SQL and in TypeScript, files by their hash', async () => {
    const c = await session();
    try {
      await c.query(`set timezone = 'UTC'`);
      await c.query(`set datestyle = 'ISO, YMD'`);
      for (const s of SEAL_SOURCES) {
        const max = Number((await c.query(`select coalesce(max(id), 0) as m from ${s.name}`)).rows[0]!.m);
        expect(max, s.name).toBeGreaterThan(0);
        const inSql = (await c.query('select seal_payload($1, 0, $2) as p', [s.name, max])).rows[0]!.p as string;
        expect(inSql.length, s.name).toBeGreaterThan(0);
        expect(await sealPayload(c, s.name, 0, max), s.name).toBe(inSql);
      }
      // The documents' file hashes and their lines follow the invoice; a missing XRechnung is a NULL, not ''.
      const inv = (await c.query(`select seal_payload('invoices', 0, 1000000) as p`)).rows[0]!.p as string;
      expect(inv).toMatch(/^invoices\|/);
      expect(inv).toContain('|28:Aufladung 15 € – Prepaid|');
      expect(inv.split('\n')[1]).toMatch(/^invoice_lines\|/);
      // Same in any session time zone: the function fixes its own.
      await c.query(`set timezone = 'Asia/Kolkata'`);
      expect((await c.query(`select seal_payload('invoices', 0, 1000000) as p`)).rows[0]!.p).toBe(inv);
    } finally {
      await c.end();
    }
  });

  it('is scheduled every minute, and its head anchored hourly, on the jobs platform', () => {
    expect(ctx.app.schedules).toContainEqual(['audit-seal', '* * * * *']);
    expect(ctx.app.schedules).toContainEqual(['audit-anchor', '17 * * * *']);
  });

  it('seals what committed, never a row committed out of id order before its transaction ended', async () => {
    await sealAll();
    const before = await chainHead(ctx.db);
    expect(before).not.toBeNull();
    // T1 takes an entry id, T2 a later one and commits first.
    const t1 = await session();
    const t2 = await session();
    const entry = async (c: pg.Client, amount: string) => {
      const r = await c.query<{ id: string }>(
        `insert into journal_entries (kind, customer_id, memo, created_at) values ('adjustment', $1, 'out of order', now()) returning id`,
        [ids.seller],
      );
      await c.query(
        `insert into ledger_lines (entry_id, customer_id, account, amount, created_at)
         values ($1, $2, 'external_funds', $3, now()), ($1, $2, 'revenue', -$3::numeric, now())`,
        [r.rows[0]!.id, ids.seller, amount],
      );
      return Number(r.rows[0]!.id);
    };
    try {
      await t1.query('begin');
      const early = await entry(t1, '10.0100');
      await t2.query('begin');
      const late = await entry(t2, '20.0300');
      await t2.query('commit');
      expect(late).toBeGreaterThan(early);
      // The run after T2's commit records the horizon; the next finds T1 still running and seals nothing.
      await sealOnce(ctx.db);
      expect(await sealOnce(ctx.db)).toBeNull();
      expect((await chainHead(ctx.db))?.upto.journal_entries).toBeLessThan(early);
      await t1.query('commit');
      const head = await chainHead(ctx.db);
      const seal = await sealSoon();
      expect(seal.upto.journal_entries).toBeGreaterThanOrEqual(late);
      expect(seal.prevHash).toBe(head?.hash);
      const c = await session();
      try {
        await c.query(`set timezone = 'UTC'`);
        const lines = await sealPayload(c, 'journal_entries', before?.upto.journal_entries ?? 0, late);
        expect(lines).toContain(`journal_entries|${String(early).length}:${early}|`);
        expect(lines).toContain(`journal_entries|${String(late).length}:${late}|`);
      } finally {
        await c.end();
      }
    } finally {
      await t1.end();
      await t2.end();
    }
    const ok = await verify([]);
    expect(ok).toMatchObject({ ok: true });
  });

  it('seals a backlog in bounded spans, each following the last', async () => {
    await sealAll();
    const head = await chainHead(ctx.db);
    for (const amount of ['3.01', '4.02', '5.03']) await topUp(ctx, ids.seller, amount);
    await sealOnce(ctx.db); // records the horizon
    const added = (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from journal_entries where id > ${head?.upto.journal_entries ?? 0}`,
      )
    ).rows[0]!.n;
    expect(added).toBeGreaterThanOrEqual(3);
    expect(await sealPending(ctx.db, 30_000, 1)).toBeGreaterThanOrEqual(added);
    const spans = (
      await ctx.db.execute<{ upto: number }>(
        sql`select entries_upto as upto from audit_seals where id > ${head?.id ?? 0} order by id`,
      )
    ).rows.map((r) => Number(r.upto));
    spans.reduce((prev, upto) => {
      expect(upto - prev).toBeLessThanOrEqual(1);
      return upto;
    }, head?.upto.journal_entries ?? 0);
    expect(spans.at(-1)).toBe(
      Number((await ctx.db.execute<{ m: number }>(sql`select max(id) as m from journal_entries`)).rows[0]!.m),
    );
    expect(await verify([])).toMatchObject({ ok: true });
  });

  it('keeps the seal and the horizon together: a run that fails writes neither, the next seals the same rows', async () => {
    await sealAll();
    await topUp(ctx, ids.seller, '17.43');
    await sealOnce(ctx.db); // the horizon now includes the top-up
    const state = async () =>
      (await ctx.db.execute<{ at: string }>(sql`select pending_at::text as at from audit_seal_state`)).rows[0]!.at;
    const horizon = await state();
    const head = await chainHead(ctx.db);
    const c = await session();
    await c.query(`create function fail_seal() returns trigger language plpgsql as $$ begin
        raise exception 'crash'; end $$`);
    await c.query('create trigger fail_seal before insert on audit_seals for each row execute function fail_seal()');
    await expect(sealOnce(ctx.db)).rejects.toThrow();
    expect(await state()).toBe(horizon);
    expect((await chainHead(ctx.db))?.id).toBe(head?.id);
    await c.query('drop trigger fail_seal on audit_seals');
    await c.end();
    const seal = await sealSoon();
    expect(seal.prevHash).toBe(head?.hash);
    expect(seal.upto.journal_entries).toBeGreaterThan(head?.upto.journal_entries ?? 0);
  });

  it('writes the head to the log and the anchor file; verify agrees with both', async () => {
    await sealAll();
    const anchor = await anchorHead(ctx.db, anchorDir, logger);
    const head = await chainHead(ctx.db);
    expect(anchor).toMatchObject({ seal_id: head?.id, hash: head?.hash });
    expect(log.at(-1)).toContain('audit chain head');
    expect(log.at(-1)).toContain(head?.hash);
    const anchors = readAnchors(join(anchorDir, ANCHOR_FILE));
    expect(anchors.at(-1)).toEqual(anchor);
    expect(await verify(anchors)).toMatchObject({ ok: true, anchors: anchors.length });
    const cli = verifyCli();
    expect(cli.out).toMatch(/audit chain intact: \d+ seals, \d+ anchors/);
    expect(cli.status).toBe(0);
  });

  it('fails on a changed record, naming the seal that covers it', async () => {
    const line = (
      await ctx.db.execute<{ entry_id: number; id: number; amount: string }>(
        sql`select entry_id, id, amount::text from ledger_lines order by entry_id, id limit 1`,
      )
    ).rows[0]!;
    const seal = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from audit_seals where entries_upto >= ${line.entry_id} order by id limit 1`,
      )
    ).rows[0]!;
    await asSuperuserTriggersOff(
      `update ledger_lines set amount = amount + 100 where entry_id = ${line.entry_id} and id = ${line.id}`,
    );
    const result = await verify(readAnchors(join(anchorDir, ANCHOR_FILE)));
    expect(result).toMatchObject({ ok: false, sealId: Number(seal.id) });
    expect(result.ok === false && result.reason).toContain('journal_entries rows');
    const cli = verifyCli();
    expect(cli.out).toContain(`audit chain broken at seal ${seal.id}: its journal_entries rows`);
    expect(cli.status).toBe(1);
    await asSuperuserTriggersOff(
      `update ledger_lines set amount = '${line.amount}' where entry_id = ${line.entry_id} and id = ${line.id}`,
    );
    expect(await verify(readAnchors(join(anchorDir, ANCHOR_FILE)))).toMatchObject({ ok: true });
  });

  it('fails on a changed record even when the attacker recomputed every seal in SQL: the anchors disagree', async () => {
    await sealAll();
    await anchorHead(ctx.db, anchorDir, logger);
    const anchors = readAnchors(join(anchorDir, ANCHOR_FILE));
    const trailRow = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from audit_trail where table_name = 'customers' and changes ? 'credit_limit' order by id limit 1`,
      )
    ).rows[0]!;
    const firstSeal = Number(
      (
        await ctx.db.execute<{ id: number }>(
          sql`select id from audit_seals where trail_upto >= ${trailRow.id} order by id limit 1`,
        )
      ).rows[0]!.id,
    );
    // The attacker's rewrite: the credit limit's history, then every seal from there on, as the job would have.
    await asSuperuserTriggersOff(`
      update audit_trail set changes = '{"credit_limit": {"before": "0.0000", "after": "0.0000"}}'
        where id = ${trailRow.id};
      do $$ declare s record; prev audit_seals; begin
        for s in select * from audit_seals order by id loop
          update audit_seals set
            prev_hash = coalesce(prev.hash, repeat('0', 64)),
            trail_digest = seal_digest('audit_trail', coalesce(prev.trail_upto, 0), s.trail_upto),
            entries_digest = seal_digest('journal_entries', coalesce(prev.entries_upto, 0), s.entries_upto),
            invoices_digest = seal_digest('invoices', coalesce(prev.invoices_upto, 0), s.invoices_upto),
            z_reports_digest = seal_digest('z_reports', coalesce(prev.z_reports_upto, 0), s.z_reports_upto)
          where id = s.id;
          update audit_seals set hash = seal_hash(prev_hash, trail_upto, trail_digest, entries_upto, entries_digest,
              invoices_upto, invoices_digest, z_reports_upto, z_reports_digest)
          where id = s.id returning * into prev;
        end loop;
      end $$;`);
    // The database alone agrees with itself now …
    expect(await verify([])).toMatchObject({ ok: true });
    // … the anchors written outside it do not: the first anchored seal at or after the change is named.
    const result = await verify(anchors);
    const firstAnchored = Math.min(...anchors.filter((a) => a.seal_id >= firstSeal).map((a) => a.seal_id));
    expect(result).toMatchObject({ ok: false, sealId: firstAnchored });
    expect(result.ok === false && result.reason).toContain('anchor');
    const cli = verifyCli();
    expect(cli.out).toContain(`audit chain broken at seal ${firstAnchored}: its anchor of`);
    expect(cli.status).toBe(1);
  });

  it('excuses rows gone only after their retention period, and only if the whole range is gone', async () => {
    const c = await session();
    await c.query(`set timezone = 'UTC'`);
    const seal = (
      await c.query<{ id: string; after_id: string; upto: string }>(
        `select s.id, coalesce((select max(p.z_reports_upto) from audit_seals p where p.id < s.id), 0) as after_id,
           s.z_reports_upto as upto from audit_seals s
         where s.z_reports_upto > coalesce((select max(p.z_reports_upto) from audit_seals p where p.id < s.id), 0)
         order by s.id limit 1`,
      )
    ).rows[0]!;
    await c.end();
    // The previous test's attacker left a chain that agrees with itself: only the Z report's seal breaks here.
    await asSuperuserTriggersOff(`delete from z_reports where id > ${seal.after_id} and id <= ${seal.upto}`);
    const in9Years = new Date(Date.UTC(new Date().getUTCFullYear() + 9, 0, 1));
    const broken = await verify([], new Date());
    expect(broken).toMatchObject({ ok: false, sealId: Number(seal.id) });
    expect((await verify([], in9Years)) as { ok: boolean; pastRetention?: number }).toMatchObject({
      ok: true,
      pastRetention: 1,
    });
  });
});

describe('the test harness names no actor for the server (decision 0141)', () => {
  it('refuses a server write outside every scope, while the test’s own writes act as `test`', async () => {
    const user = (await ctx.db.execute<{ id: number }>(sql`select id from users where username = 'seller-staff'`))
      .rows[0]!.id;
    const refused = await ctx.app.services.auth.invitations.createInvitation(user).then(
      () => null,
      (e: { cause?: { message: string }; message: string }) => e.cause?.message ?? e.message,
    );
    expect(refused).toContain('audit_actor_missing');
    await asActor('test', () => ctx.app.services.auth.invitations.createInvitation(user));
    await ctx.db.execute(sql`update customers set remarks = 'harness' where id = ${ids.seller}`);
    const last = (
      await ctx.db.execute<{ actor_name: string }>(
        sql`select actor_name from audit_trail where table_name = 'customers' order by id desc limit 1`,
      )
    ).rows[0]!;
    expect(last.actor_name).toBe('test');
  });
});
