import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpEveryTable, freshDatabase, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { buy, signInOnce, stockFor, topUp } from '../modules/selling/selling.fixtures.ts';
import { backupDatabase, RestoreRefused, restoreDatabase } from './backup.ts';
import { connect } from './connect.ts';

let ctx: TestContext;
let target: Awaited<ReturnType<typeof freshDatabase>>;
const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
const file = join(dir, 'portal.backup.gz');

beforeAll(async () => {
  ctx = await createTestApp();
  target = await freshDatabase();
  // Sales, PINs, ledger entries and a name with characters COPY must escape.
  const ids = await demoIds(ctx.db);
  const stock = await stockFor(ctx, { owner: 'reseller', pins: 5, shops: [ids.seller] });
  await topUp(ctx, ids.seller, '100');
  const seller = await signInOnce(ctx, 'seller');
  for (let i = 0; i < 3; i++) expect((await buy(ctx, seller, stock.configurationId)).status).toBe(200);
  // The approval asked for a low-stock scan, whose notice and mail are written by jobs: let them finish first, or
  // they land in the source after the backup was taken.
  for (let waited = 0; !(await lowStockMailSent()); waited += 100) {
    if (waited > 20_000) throw new Error('the low-stock scan never sent its mail');
    await new Promise((r) => setTimeout(r, 100));
  }
  // The request counters of the sign-ins above are not kept by a backup.
  await ctx.db.execute(sql`delete from rate_limit_hits`);
  await ctx.db.execute(
    sql`update customers set remarks = ${'Straße 1\tTür\\2\nzweite Zeile €'} where id = ${ids.seller}`,
  );
}, 120_000);
async function lowStockMailSent(): Promise<boolean> {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from low_stock_alerts a
        where exists (select 1 from outbox_messages m where m.status = 'sent')
          and not exists (select 1 from outbox_messages m where m.status <> 'sent')`,
  );
  return r.rows[0]!.n > 0;
}

afterAll(async () => {
  await target.drop();
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every row of every table into a fresh database, and the ledger still balances', {
    timeout: 120_000,
  }, async () => {
    const header = await backupDatabase(ctx.url, file);
    expect(header.tables.find((t) => t.name === 'sales')?.rows).toBe(3);
    await restoreDatabase(target.url, file, { replace: false });
    expect(await dumpEveryTableOfPortal(target.url)).toBe(await dumpEveryTableOfPortal(ctx.url));

    const restored = connect(target.url, 1);
    try {
      const unbalanced = await restored.execute(
        sql`select entry_id from ledger_lines group by entry_id having sum(amount) <> 0`,
      );
      expect(unbalanced.rows).toEqual([]);
      // Sequences continue after the restored ids: a new customer gets a new id.
      const next = await restored.execute<{ fresh: boolean }>(
        sql`select nextval(pg_get_serial_sequence('customers', 'id')) > (select max(id) from customers) as fresh`,
      );
      expect(next.rows[0]!.fresh).toBe(true);
    } finally {
      await restored.$client.end();
    }
  });

  it('refuses to overwrite a database that holds customers unless asked, and changes nothing then', {
    timeout: 120_000,
  }, async () => {
    const before = await dumpEveryTableOfPortal(target.url);
    await expect(restoreDatabase(target.url, file, { replace: false })).rejects.toBeInstanceOf(RestoreRefused);
    expect(await dumpEveryTableOfPortal(target.url)).toBe(before);
    await restoreDatabase(target.url, file, { replace: true });
    expect(await dumpEveryTableOfPortal(target.url)).toBe(await dumpEveryTableOfPortal(ctx.url));
  });
});

/** Every row of the portal's tables, in a stable order (pg-boss's queues are not part of a backup). */
async function dumpEveryTableOfPortal(url: string) {
  return (await dumpEveryTable(url, ['public'])).split('\n').sort().join('\n');
}
