import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { newApiKey } from '../modules/partner/partner.fixtures.ts';
import { ok, signInOnce } from '../modules/selling/selling.fixtures.ts';
import { AUDITED_TABLES, asActor, BOOKKEEPING_TABLES, PURCHASE_PATH_TABLES } from './audit.ts';

/**
 * Issue 41, the trail (decision 0141), on an app whose database has no default actor, as in production: the demo
 * seed, sign-ins and the edit routes below all run under the actor the server names, or fail here.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

type TrailRow = {
  id: number;
  actor_name: string;
  actor_user_id: number | null;
  actor_customer_id: number | null;
  request_id: string | null;
  table_name: string;
  record_key: string;
  subject_customer_id: number | null;
  action: string;
  changes: Record<string, { before?: unknown; after?: unknown; event?: string }>;
  origin_digest: string | null;
};

const trailOf = async (table: string, key: string | number) =>
  (
    await ctx.db.execute<TrailRow>(
      sql`select * from audit_trail where table_name = ${table} and record_key = ${String(key)} order by id`,
    )
  ).rows;

const trailCount = async () =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_trail`)).rows[0]!.n;

/** The database's error for a refused statement (drizzle wraps it; the code and message are the driver's). */
async function refusal(work: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const err = await work.then(
    () => null,
    (e: unknown) => e as { cause?: { code?: string; message: string }; code?: string; message: string },
  );
  if (err === null) throw new Error('the statement was not refused');
  return err.cause ?? err;
}

beforeAll(async () => {
  ctx = await createTestApp({ strictActor: true });
  ids = await demoIds(ctx.db);
}, 120_000);
afterAll(async () => ctx.close());

describe('the audit trail: who changed what', () => {
  it('records the partial edit of a credit limit with its user, request, origin and the value before and after', async () => {
    const before = (
      await ctx.db.execute<{ credit_limit: string }>(sql`select credit_limit from customers where id = ${ids.seller}`)
    ).rows[0]!.credit_limit;
    const headers = {
      ...(await signIn(ctx, 'reseller')),
      'user-agent': 'AuditTest/1.0',
      'x-request-id': 'audit-req-0001',
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/edit_customer/',
      payload: { customer_id: ids.seller, credit_limit: '1234.56' },
      headers: { host: 'localhost', ...headers },
      remoteAddress: '192.0.2.45',
    });
    expect(res.statusCode).toBe(200);
    const rows = (await trailOf('customers', ids.seller)).filter((r) => r.request_id === 'audit-req-0001');
    expect(rows).toHaveLength(1);
    const row = rows[0]!; // its length was checked above
    expect(row).toMatchObject({
      actor_name: 'user',
      actor_user_id: ids.user('reseller'),
      actor_customer_id: ids.reseller,
      subject_customer_id: ids.seller,
      action: 'update',
    });
    // Only what the edit changed: the other fields it did not name are neither changed nor recorded.
    expect(row.changes).toEqual({ credit_limit: { before, after: '1234.5600' } });
    const origin = (
      await ctx.db.execute<{ ip: string; user_agent: string; salt: string }>(
        sql`select ip, user_agent, salt::text from audit_origins where trail_id = ${row.id}`,
      )
    ).rows[0]!;
    expect(origin).toMatchObject({ ip: '192.0.2.45', user_agent: 'AuditTest/1.0' });
    const digest = createHash('sha256').update(`${origin.salt}|192.0.2.45|AuditTest/1.0`).digest('hex');
    expect(row.origin_digest).toBe(digest);
    // The origin is erasable (privacy notice); the trail row and its digest stay.
    await ctx.db.execute(sql`delete from audit_origins where trail_id = ${row.id}`);
    expect((await trailOf('customers', ids.seller)).find((r) => r.id === row.id)?.origin_digest).toBe(digest);
  });

  it('records the demo seed as the seed and a sign-in without a user as public', async () => {
    const seeded = await trailOf('customers', ids.platform);
    expect(seeded[0]).toMatchObject({ actor_name: 'seed', action: 'insert', actor_user_id: null });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_trail where actor_name = 'public' and table_name = 'user_devices'
          and request_id is not null`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('refuses a change of an audited table that names no actor, and names the job or tool that does', async () => {
    const outside = await refusal(
      ctx.db.execute(sql`update customers set remarks = 'nobody' where id = ${ids.seller}`),
    );
    expect(outside.message).toMatch(/audit_actor_missing/);
    expect(outside.code).toBe('42501');
    const inTx = await refusal(
      ctx.db.transaction((tx) => tx.execute(sql`update customers set remarks = 'nobody' where id = ${ids.seller}`)),
    );
    expect(inTx.message).toMatch(/audit_actor_missing/);
    // A single statement and a transaction, each under a job's name.
    await asActor('job:audit-test', () =>
      ctx.db.execute(sql`update customers set remarks = 'by a job' where id = ${ids.seller}`),
    );
    await asActor('job:audit-test', () =>
      ctx.db.transaction((tx) =>
        tx.execute(sql`update customers set remarks = 'by a job, twice' where id = ${ids.seller}`),
      ),
    );
    const rows = (await trailOf('customers', ids.seller)).filter((r) => r.actor_name === 'job:audit-test');
    expect(rows.map((r) => r.changes.remarks?.after)).toEqual(['by a job', 'by a job, twice']);
  });

  it('records nothing and needs no actor for a change of bookkeeping columns only', async () => {
    const key = await newApiKey(ctx, 'seller', 'Till audit');
    const n = await trailCount();
    await ctx.db.execute(sql`update api_keys set last_used_at = now() where id = ${key.api_key_id}`);
    await ctx.db.execute(sql`update users set settings = settings where id = ${ids.user('seller')}`);
    expect(await trailCount()).toBe(n);
  });
});

describe('the audit trail holds no secrets', () => {
  it('never contains a password hash, key hash, webhook secret, OTP or token hash, fingerprint or PIN ciphertext', async () => {
    // Exercised through the routes: an API key, a webhook secret, sign-ins; and a password and OTP reset event.
    await newApiKey(ctx, 'seller', 'Till secrets');
    await ok(post(ctx.app, '/api/seller/webhook_secret/rotate/', {}, await signInOnce(ctx, 'seller')));
    await asActor('job:audit-test', async () => {
      await ctx.db.execute(
        sql`update users set password_hash = 'argon2id$secret-audit-hash' where id = ${ids.user('seller-staff')}`,
      );
      await ctx.db.execute(sql`insert into password_invitations (token_hash, user_id, otp_hash, expires_at)
        values ('token-hash-audit-secret', ${ids.user('seller-staff')}, 'otp-hash-audit-secret', now() + interval '1 day')`);
    });
    const reset = (await trailOf('users', ids.user('seller-staff'))).at(-1);
    expect(reset?.changes).toEqual({ password_hash: { event: 'reset' } });
    const invitation = (await trailOf('password_invitations', ids.user('seller-staff'))).at(-1);
    expect(invitation?.changes.otp_hash).toEqual({ event: 'set' });

    const secrets = (
      await ctx.db.execute<{ s: string }>(sql`
        select password_hash as s from users where password_hash is not null
        union all select key_hash from api_keys
        union all select secret_ciphertext from partner_webhooks
        union all select token_hash from password_invitations
        union all select otp_hash from password_invitations where otp_hash is not null
        union all select fingerprint_hash from user_devices
        union all select otp_hash from login_challenges where otp_hash is not null
        union all select encode(pin_ciphertext, 'hex') from pins
        union all select encode(pin_ciphertext, 'hex') from soft_pins`)
    ).rows.map((r) => r.s);
    expect(secrets.length).toBeGreaterThan(8);
    const trail = (
      await ctx.db.execute<{ t: string }>(sql`select coalesce(string_agg(t::text, ' '), '') as t from audit_trail t`)
    ).rows[0]!.t;
    expect(trail).toContain('webhook');
    for (const secret of secrets)
      expect(trail.includes(secret), `a secret in the trail: ${secret.slice(0, 12)}…`).toBe(false);
    const rotations = await trailOf('partner_webhooks', ids.seller);
    expect(rotations.at(-1)?.changes.secret_ciphertext).toEqual({ event: 'set' });
  });
});

describe('the audit trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of the trail, and an UPDATE of an origin', async () => {
    for (const statement of [
      sql`update audit_trail set actor_name = 'someone else'`,
      sql`delete from audit_trail`,
      sql`truncate audit_trail`,
      sql`update audit_origins set ip = '0.0.0.0'`,
    ]) {
      const err = await refusal(ctx.db.execute(statement));
      expect(err.message).toMatch(/append-only/);
    }
  });
});

describe('every table is classified', () => {
  it('names each table of the schema exactly once: audited (with its trigger), purchase path or bookkeeping', async () => {
    const tables = (
      await ctx.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.name);
    const classes = [Object.keys(AUDITED_TABLES), [...PURCHASE_PATH_TABLES], Object.keys(BOOKKEEPING_TABLES)];
    const unclassified = tables.filter((t) => classes.filter((c) => c.includes(t)).length !== 1);
    expect(unclassified, 'tables in none or several of the lists of db/audit.ts').toEqual([]);
    expect(
      classes.flat().filter((t) => !tables.includes(t)),
      'names in db/audit.ts that are no table',
    ).toEqual([]);
  });

  it('has on each audited table the trigger with its recorded columns, and on no other table', async () => {
    // tgargs: each argument followed by a NUL byte.
    const triggers = (
      await ctx.db.execute<{ table: string; args: Buffer }>(sql`
        select c.relname as table, t.tgargs as args
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'audit_change' and not t.tgisinternal`)
    ).rows.map((r) => ({ table: r.table, args: r.args.toString('utf8').split('\0').slice(0, -1) }));
    const expected = Object.entries(AUDITED_TABLES)
      .map(([table, t]) => ({ table, args: [t.key.join(','), t.subject ?? '', ...t.recorded] }))
      .sort((a, b) => a.table.localeCompare(b.table));
    expect([...triggers].sort((a, b) => a.table.localeCompare(b.table))).toEqual(expected);
    // Every named column exists: a misspelt one would silently record nothing.
    const columns = new Set(
      (
        await ctx.db.execute<{ c: string }>(
          sql`select table_name || '.' || column_name as c from information_schema.columns where table_schema = 'public'`,
        )
      ).rows.map((r) => r.c),
    );
    const missing = Object.entries(AUDITED_TABLES).flatMap(([table, t]) =>
      [...t.key, ...(t.subject ? [t.subject] : []), ...t.recorded.map((c) => c.replace(/^~/, ''))]
        .map((c) => `${table}.${c}`)
        .filter((c) => !columns.has(c)),
    );
    expect(missing).toEqual([]);
  });

  it('adds no trigger to the tables the purchase writes', async () => {
    const { rows } = await ctx.db.execute<{ t: string }>(sql`
      select c.relname || '.' || t.tgname as t from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in (${sql.join(
        PURCHASE_PATH_TABLES.map((t) => sql`${t}`),
        sql`, `,
      )})`);
    // The guards the purchase path had before the trail; a new trigger here costs every purchase.
    expect(rows.map((r) => r.t).sort()).toEqual(PURCHASE_PATH_TRIGGERS);
  });
});

/** The triggers on the purchase path when the trail came (issue 41): append-only guards and the ledger's balance. */
const PURCHASE_PATH_TRIGGERS = [
  'journal_entries.journal_entries_append_only',
  'journal_entries.journal_entries_no_truncate',
  'ledger_lines.ledger_lines_append_only',
  'ledger_lines.ledger_lines_balanced_per_statement',
  'ledger_lines.ledger_lines_no_truncate',
  'pin_reveals.pin_reveals_append_only',
  'pin_reveals.pin_reveals_no_truncate',
  'provider_sales.provider_sales_facts_fixed',
  'sale_pins.sale_pins_append_only',
  'sales.sales_append_only',
];
