import type { AuditChange } from '@portal/contract/audit';
import { ROLE } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { expectGermanCsv, xlsxSheet } from '../../platform/export-checks.fixtures.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { assignCustomer, insertUser } from '../reports/reports.fixtures.ts';

/** Issue 41: who sees which changes of the audit trail (decision 0141). */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let headers: Record<string, Record<string, string>>;
let otherShop: number;
let otherReseller: number;

type Page = { changes: AuditChange[]; filters: { total_count?: number } };
const changesOf = (r: { body: { data: Page } }) => r.body.data.changes;
/** Today in Berlin, as the period filter takes it (the trail's time is the database's clock). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  const other = await insertOtherTenant(ctx.db, ids.platform);
  otherShop = other.shop.customerId;
  otherReseller = other.reseller.customerId;
  // Platform staff (a restricted superadmin) assigned to the other reseller only.
  const staff = await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  await assignCustomer(ctx.db, staff, otherReseller, ids.user('superadmin'));
  headers = {};
  for (const u of ['superadmin', 'reseller', 'seller', 'other-reseller', 'platform-staff'])
    headers[u] = await signIn(ctx, u);
  const edit = await post(
    ctx.app,
    '/api/edit_customer/',
    { customer_id: ids.seller, credit_limit: '777.77' },
    headers.reseller,
  );
  expect(edit.status).toBe(200);
}, 120_000);
afterAll(async () => ctx.close());

/** The reseller's user's name as the screens show it, and the shop's name. */
async function demoNames() {
  const { rows } = await ctx.db.execute<{ reseller: string; seller: string }>(
    sql`select (select coalesce(nullif(btrim(name), ''), username) from users where id = ${ids.user('reseller')}) as reseller,
      (select name from customers where id = ${ids.seller}) as seller`,
  );
  return rows[0]!; // a select without from answers one row
}

describe("a customer's changes", () => {
  it('shows the operator above who changed what, newest first, with its users’ changes', async () => {
    const r = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}&limit=100`, headers.reseller);
    expect(r.status).toBe(200);
    const changes = changesOf(r);
    expect(changes[0]).toMatchObject({
      actor_name: 'user',
      actor_user_id: ids.user('reseller'),
      actor_username: 'reseller',
      actor_customer_id: ids.reseller,
      kind: 'customers',
      record_key: String(ids.seller),
      customer_id: ids.seller,
      action: 'update',
      changes: { credit_limit: { after: '777.7700' } },
    });
    expect(changes.map((c) => c.id)).toEqual([...changes.map((c) => c.id)].sort((a, b) => b - a));
    // The shop's main user, created by the demo seed, belongs to the shop's changes; no password in them.
    const user = changes.find((c) => c.kind === 'users' && c.record_key === String(ids.user('seller')));
    expect(user).toMatchObject({ actor_name: 'seed', action: 'insert' });
    expect(user?.changes.password_hash).toEqual({ event: 'set' });
    expect(changes.every((c) => c.customer_id === ids.seller)).toBe(true);
  });

  it('pages on the server and names the actor and the customer for the screens', async () => {
    const all = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}&limit=100`, headers.reseller);
    const total = changesOf(all).length;
    expect(total).toBeGreaterThan(2);
    const second = await get(
      ctx.app,
      `/api/customer_changes/?customer_id=${ids.seller}&limit=1&page=2`,
      headers.reseller,
    );
    expect(second.body.data.filters).toMatchObject({ total_count: total, total_pages: total, page: 2, limit: 1 });
    expect(changesOf(second).map((c) => c.id)).toEqual([changesOf(all)[1]!.id]); // total > 2, checked above
    const names = await demoNames();
    expect(changesOf(all)[0]).toMatchObject({ actor_user_name: names.reseller, customer_name: names.seller });
  });

  it("answers 404 for another tenant's customer and refuses a shop", async () => {
    const foreign = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}`, headers['other-reseller']);
    expect(foreign.status).toBe(404);
    const below = await get(ctx.app, `/api/customer_changes/?customer_id=${otherShop}`, headers.reseller);
    expect(below.status).toBe(404);
    const shop = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}`, headers.seller);
    expect(shop.status).toBe(403);
  });
});

describe("the superadmin's log", () => {
  it('filters by actor, customer, kind and period', async () => {
    const q = `actor_user_id=${ids.user('reseller')}&customer_id=${ids.seller}&kind=customers&from=${today}&to=${today}`;
    const r = await get(ctx.app, `/api/audit_log/?${q}`, headers.superadmin);
    expect(r.status).toBe(200);
    const changes = changesOf(r);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes[0]!.changes.credit_limit).toMatchObject({ after: '777.7700' });
    expect(changes.every((c) => c.actor_user_id === ids.user('reseller') && c.kind === 'customers')).toBe(true);
    const before = await get(
      ctx.app,
      `/api/audit_log/?${q.replace(`from=${today}&to=${today}`, 'from=2020-01-01&to=2020-01-31')}`,
      headers.superadmin,
    );
    expect(changesOf(before)).toEqual([]);
    const users = await get(ctx.app, `/api/audit_log/?kind=users&customer_id=${ids.seller}`, headers.superadmin);
    expect(changesOf(users).length).toBeGreaterThan(0);
    expect(changesOf(users).every((c) => c.kind === 'users')).toBe(true);
  });

  it('is the superadmin’s only, and refuses an unknown kind and a period that ends before it starts', async () => {
    expect((await get(ctx.app, '/api/audit_log/', headers.reseller)).status).toBe(403);
    expect((await get(ctx.app, '/api/audit_log/?kind=sales', headers.superadmin)).status).toBe(422);
    expect((await get(ctx.app, '/api/audit_log/?from=2026-02-01&to=2026-01-01', headers.superadmin)).status).toBe(422);
  });
});

describe("the log's export and pickers", () => {
  const exportLog = (body: object, who = 'superadmin') =>
    ctx.app.inject({ method: 'POST', url: '/api/export_audit_log/', payload: body, headers: headers[who] });

  it('writes the filtered log as a German CSV: words, the form’s values, numbers as numbers, formula-safe', async () => {
    // A remark that a spreadsheet would run as a formula, written as the test tool (the database's default actor).
    await ctx.db.execute(sql`update customers set remarks = '=HYPERLINK("x")' where id = ${ids.seller}`);
    const res = await exportLog({ customer_id: ids.seller, kind: 'customers', from: today, to: today, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const { header, rows } = expectGermanCsv(res.rawPayload, ['Nr.']);
    expect(header).toEqual([
      'Nr.',
      'Zeitpunkt',
      'Wer',
      'Kunde',
      'Was',
      'Datensatz',
      'Aktion',
      'Feld',
      'Vorher',
      'Nachher',
      'Anfrage',
    ]);
    const col = (name: string) => header.indexOf(name);
    const limit = rows.find((r) => r[col('Feld')] === 'Kreditlimit');
    const names = await demoNames();
    expect(limit?.[col('Nachher')]).toBe('777,77\u00a0€');
    expect(limit).toMatchObject({ [col('Wer')]: names.reseller, [col('Kunde')]: names.seller, [col('Was')]: 'Kunde' });
    expect(limit?.[col('Aktion')]).toBe('Geändert');
    expect(limit?.[col('Zeitpunkt')]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    const remark = rows.find((r) => r[col('Feld')] === 'Bemerkungen');
    expect(remark?.[col('Nachher')]).toBe(`'=HYPERLINK("x")`);
    expect(remark?.[col('Wer')]).toBe('Werkzeug: test');
    expect(rows.every((r) => r[col('Kunde')] === names.seller)).toBe(true);
  });

  it('writes the same rows as an XLSX with no formula and the entry number as a number cell', async () => {
    const res = await exportLog({ customer_id: ids.seller, kind: 'customers', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const sheet = xlsxSheet(res.rawPayload);
    const log = await get(ctx.app, `/api/audit_log/?customer_id=${ids.seller}&kind=customers`, headers.superadmin);
    expect(sheet).toMatch(new RegExp(`<c [^>]*><v>${changesOf(log)[0]!.id}</v></c>`));
  });

  it('is the superadmin’s only, and a restricted superadmin’s holds only its assigned customers', async () => {
    expect((await exportLog({ format: 'csv' }, 'reseller')).statusCode).toBe(403);
    expect((await exportLog({ format: 'pdf' })).statusCode).toBe(422);
    const staff = await exportLog({ format: 'csv' }, 'platform-staff');
    expect(staff.statusCode).toBe(200);
    const { header, rows } = expectGermanCsv(staff.rawPayload, ['Nr.']);
    const names = await demoNames();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r[header.indexOf('Kunde')] === names.seller)).toBe(false);
    const log = await get(ctx.app, '/api/audit_log/?limit=100', headers['platform-staff']);
    expect(changesOf(log).length).toBeGreaterThan(0);
    const seen = changesOf(log).map((c) => c.customer_id);
    expect(seen).toContain(otherShop);
    expect(seen.filter((id) => id === ids.seller || id === ids.reseller || id === ids.platform)).toEqual([]);
  });

  it('searches who acted and the customers within the log’s scope', async () => {
    const actor = await get(ctx.app, '/api/audit_log_choices/?field=actor&q=resell', headers.superadmin);
    expect(actor.status).toBe(200);
    const actors = actor.body.data.choices as { id: number; name: string }[];
    expect(actors.map((c) => c.id)).toContain(ids.user('reseller'));
    const one = await get(ctx.app, `/api/audit_log_choices/?field=customer&id=${ids.seller}`, headers.superadmin);
    expect(one.body.data.choices).toEqual([expect.objectContaining({ id: ids.seller })]);
    const hidden = await get(
      ctx.app,
      `/api/audit_log_choices/?field=customer&id=${ids.seller}`,
      headers['platform-staff'],
    );
    expect(hidden.body.data.choices).toEqual([]);
    expect((await get(ctx.app, '/api/audit_log_choices/?field=actor', headers.reseller)).status).toBe(403);
  });
});
