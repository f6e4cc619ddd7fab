import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, dumpEveryTable, login, type TestContext } from '../../../test/harness.ts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/connect.ts';
import {
  createProduct,
  createSupplier,
  importPins,
  makePins,
  postMultipart,
  uploadAndMap,
} from './inventory.fixtures.ts';

/**
 * PINs at rest: known PINs are imported (some sold, some unpublished, some still waiting in an upload
 * or refused as failed rows), then every table of the database is exported as text and the server
 * log, captured at trace level, is read: no PIN appears in either, in clear or hex-encoded.
 */
let ctx: TestContext;
let app: App;
let db: Db;
beforeAll(async () => {
  ctx = await createTestApp({ captureLog: true });
  ({ app, db } = ctx);
}, 60_000);
afterAll(async () => ctx.close());

describe('PINs never in a dump or a log', () => {
  it('keeps imported, sold, pending and refused PINs out of every table and the log', { timeout: 60_000 }, async () => {
    const res = await login(ctx, { username: 'reseller' });
    const headers = authHeaders(res.body.data as never);
    const product = await createProduct(app, headers, { pin_length: 16 });
    const supplier = await createSupplier(app, headers);
    const map = { configuration_id: product.configurations[0]!.id, supplier_id: supplier.supplier_id };
    const published = makePins(20, 16);
    const unpublished = makePins(5, 16);
    const pending = makePins(5, 16);
    const cancelled = makePins(3, 16);
    const refused = makePins(2, 15); // wrong length: stored only as a failed row
    await importPins(app, headers, published, map);
    await importPins(app, headers, unpublished, { ...map, import_batch: 'HIDDEN' }, 0);
    await uploadAndMap(app, headers, [...pending, ...refused].join('\n'), map); // validated, never approved
    const c = await uploadAndMap(app, headers, cancelled.join('\n'), map);
    await app.inject({
      method: 'POST',
      url: '/api/upload_step_three/',
      payload: { import_id: c.importId, cancel: 1 },
      headers: { host: 'localhost', ...headers },
    });
    await postMultipart(
      app,
      '/api/upload_file/',
      { delimiter: ',' },
      { field: 'csv_file', filename: 'p.csv', content: pending.join('\n') },
      headers,
    );
    // Sell some: claimed from available_stock and marked sold.
    const sold = await db.transaction((tx) => app.services.inventory.claimPins(product.configurations[0]!.id, 7, tx));
    expect(sold).toHaveLength(7);
    // Calls that carry a PIN in their body: a search, and a refused request.
    for (const pin of [published[0], unpublished[0], pending[0]]) {
      await app.inject({
        method: 'POST',
        url: '/api/inventory_batch_and_pin_search/',
        payload: { search_type: 'pin', search_text: pin },
        headers: { host: 'localhost', ...headers },
      });
    }
    await app.inject({
      method: 'POST',
      url: '/api/inventory_batch_and_pin_search/',
      payload: { search_type: 'serial', search_text: published[1] },
      headers: { host: 'localhost', ...headers },
    });

    const dump = await dumpEveryTable(ctx.url);
    expect(dump).toContain('Demo Reseller GmbH'); // the dump is real
    expect(dump).toContain(published[0]!.slice(-4)); // masked hints are all that is kept
    const log = ctx.logLines.join('\n');
    expect(log).toContain('/api/inventory_batch_and_pin_search/'); // the log is real
    for (const pin of [...published, ...unpublished, ...pending, ...cancelled, ...refused]) {
      const hex = Buffer.from(pin).toString('hex');
      expect(dump.includes(pin), `PIN in dump`).toBe(false);
      expect(dump.includes(hex), `PIN (hex) in dump`).toBe(false);
      expect(log.includes(pin), `PIN in log`).toBe(false);
    }
  });
});
