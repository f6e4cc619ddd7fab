import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpEveryTable, get, post, type TestContext } from '../../../test/harness.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/connect.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, signInOnce, stockFor, topUp, transactionKey } from './selling.fixtures.ts';

/**
 * The catalogue's PIN-leak check extended to selling: PINs are sold singly, in bulk (rendered into a
 * file by the job and downloaded), replayed and reprinted; then every table is read as text and the
 * server log, captured at trace level, is searched. The PINs went out to their buyer in the answers,
 * but none is stored in clear (or hex-encoded) anywhere, and none reached the log.
 */
let ctx: TestContext;
let app: App;
let db: Db;
beforeAll(async () => {
  ctx = await createTestApp({ captureLog: true });
  ({ app, db } = ctx);
}, 60_000);
afterAll(async () => ctx.close());

describe('sold PINs never in a dump or a log', () => {
  it('keeps PINs of single and bulk sales, replays, reprints and downloads out of every table and the log', async () => {
    const ids = await demoIds(db);
    const seller = await signInOnce(ctx, 'seller');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 40, shops: [ids.seller] });
    await topUp(ctx, ids.seller, '500');

    const key = await transactionKey(ctx, seller);
    const single = await buy(ctx, seller, stock.configurationId, 3, key);
    expect(single.status).toBe(200);
    expect((await buy(ctx, seller, stock.configurationId, 3, key)).status).toBe(200); // replay
    const reprint = await post(app, '/api/reprint_sale/', { sale_id: single.body.data.sale_id }, seller);
    expect(reprint.body.data.pins).toHaveLength(3);

    const bulk = await post(
      app,
      '/api/add_bulk_transaction_v3/',
      { transaction_key: await transactionKey(ctx, seller), configuration: stock.configurationId, quantity: 31 },
      seller,
    );
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const downloadId = bulk.body.data.download_id;
    for (let i = 0; i < 100; i++) {
      if ((await get(app, `/api/download/${downloadId}/`, seller)).body.data.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const kind of ['csv', 'pdf']) {
      const file = await app.inject({
        method: 'GET',
        url: `/api/download/${downloadId}/${kind}/`,
        headers: { host: 'localhost', ...seller },
      });
      expect(file.statusCode).toBe(200);
    }

    const dump = await dumpEveryTable(ctx.url);
    expect(dump).toContain('Demo Shop Berlin'); // the dump is real
    expect(dump).toContain('sale:'); // and holds the sales' ledger entries
    const log = ctx.logLines.join('\n');
    expect(log).toContain('/api/add_transaction_v3/'); // the log is real
    expect(log).toContain('/api/download/');
    for (const pin of stock.pins) {
      expect(dump.includes(pin), 'PIN in dump').toBe(false);
      expect(dump.includes(Buffer.from(pin).toString('hex')), 'PIN (hex) in dump').toBe(false);
      expect(log.includes(pin), 'PIN in log').toBe(false);
    }
  }, 120_000);
});
