import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { carriesSecret, envelopeOf, pageOf } from '@portal/contract/envelope';
import { bulkPurchaseResult, downloadInfo, saleDetails, saleReceipt } from '@portal/contract/selling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import {
  buy,
  type Headers,
  ok,
  type Stock,
  signInOnce,
  stockFor,
  topUp,
  transactionKey,
} from '../modules/selling/selling.fixtures.ts';
import { COMPRESS_FROM_BYTES } from './api-compression.ts';

let ctx: TestContext;
let seller: Headers;
let receiptSaleId: number;
let stock: Stock;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const ids = await demoIds(ctx.db);
  seller = await signInOnce(ctx, 'seller');
  stock = await stockFor(ctx, { owner: 'reseller', pins: 40, shops: [ids.seller] });
  await topUp(ctx, ids.seller, '900');
  receiptSaleId = (await ok<{ sale_id: number }>(buy(ctx, seller, stock.configurationId, 20))).sale_id;
  for (let i = 0; i < 6; i++) await ok(buy(ctx, seller, stock.configurationId, 1));
}, 120_000);
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST', url: string, encoding: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { host: 'localhost', 'accept-encoding': encoding, ...seller } });
const salesList = (encoding: string) => call('POST', '/api/get_sales_report_2_with_customer_id/', encoding, {});

describe('compressed API answers', () => {
  it('finds the secret in every schema that declares a PIN, and none where there is none', () => {
    expect(carriesSecret(envelopeOf(saleReceipt))).toBe(true);
    expect(carriesSecret(pageOf('sales', saleReceipt))).toBe(true);
    expect(carriesSecret(envelopeOf(bulkPurchaseResult))).toBe(false);
    expect(carriesSecret(envelopeOf(saleDetails))).toBe(false);
    expect(carriesSecret(envelopeOf(downloadInfo))).toBe(false);
  });

  it('compresses a large list with brotli, or gzip when only that is accepted, and decodes to the same JSON', async () => {
    const plain = await salesList('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const br = await salesList('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await salesList('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers alone', async () => {
    const res = await call('GET', '/api/get_transaction_session_key/', 'br');
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an answer that carries PINs, however large', async () => {
    const reprint = await call('POST', '/api/reprint_sale/', 'br, gzip', { sale_id: receiptSaleId });
    expect(reprint.statusCode).toBe(200);
    expect(reprint.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(reprint.headers['content-encoding']).toBeUndefined();
    expect(reprint.json().data.pins).toHaveLength(20);

    const key = await transactionKey(ctx, seller);
    const purchase = await call('POST', '/api/add_transaction_v3/', 'br, gzip', {
      transaction_key: key,
      configuration: stock.configurationId,
      quantity: 10,
    });
    expect(purchase.statusCode).toBe(200);
    expect(purchase.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(purchase.headers['content-encoding']).toBeUndefined();
  });
});
