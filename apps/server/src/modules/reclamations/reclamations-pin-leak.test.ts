import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpEveryTable, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';

/**
 * The PIN-leak check for reclamations: a shop reclaims one PIN by typing its code and another from the sale,
 * its reseller reads and credits the claim. No PIN is stored in clear (or hex) anywhere, none reaches the
 * log (the filing's body carries one), and the answers show them masked only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ captureLog: true });
}, 60_000);
afterAll(async () => ctx.close());

describe('reclaimed PINs never in an answer, a dump or a log', () => {
  it('files by code and by sale, credits, and leaves no plain PIN behind', async () => {
    const ids = await demoIds(ctx.db);
    const seller = await signInOnce(ctx, 'seller');
    const reseller = await signInOnce(ctx, 'reseller');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 4, shops: [ids.seller] });
    await topUp(ctx, ids.seller, '100');
    const sale = (await buy(ctx, seller, stock.configurationId, 2)).body.data as {
      sale_id: number;
      pins: { pin_id: number; pin: string }[];
    };
    const answers: unknown[] = [];
    const call = async (url: string, body: object, headers: Record<string, string>) => {
      const res = await post(ctx.app, url, body, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      answers.push(res.body);
      return res.body.data;
    };
    const byCode = await call('/api/post_reclam_pins/', { pin: sale.pins[0]!.pin, reason: 'Rejected' }, seller);
    await call(
      '/api/post_reclam_pins/',
      { sale_id: sale.sale_id, pin_ids: [sale.pins[1]!.pin_id], reason: 'x' },
      seller,
    );
    for (const action of ['open', 'accept', 'forward', 'approve', 'issue_credit_note']) {
      await call('/api/view_update_reclam_pins/', { reclamation_id: byCode.reclamation_id, action }, reseller);
    }
    await call('/api/view_update_reclam_pins/', { page: 1, view: 'reseller' }, reseller);

    const dump = await dumpEveryTable(ctx.url);
    expect(dump).toContain('reclamation:'); // the dump holds the refund's ledger entry
    const log = ctx.logLines.join('\n');
    expect(log).toContain('/api/post_reclam_pins/'); // the log is real
    const said = JSON.stringify(answers);
    for (const pin of stock.pins) {
      expect(dump.includes(pin), 'PIN in dump').toBe(false);
      expect(dump.includes(Buffer.from(pin).toString('hex')), 'PIN (hex) in dump').toBe(false);
      expect(log.includes(pin), 'PIN in log').toBe(false);
      expect(said.includes(pin), 'PIN in an answer').toBe(false);
    }
  }, 120_000);
});
