import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { asActor } from '../../db/audit.ts';
import type { Keys } from '../../platform/keys.ts';
import { createPinCrypto } from '../../platform/pin-crypto.ts';
import { createProduct, createSupplier, importPins, makePins, uploadAndMap } from '../inventory/inventory.fixtures.ts';
import { createKeyRotationRepository } from './key-rotation.repository.ts';
import { createKeyRotationService } from './key-rotation.service.ts';

/**
 * The re-encryption and re-index job of decision 0148 on a real database: data written under the original keys,
 * the app restarted with new active keys, a crash in the middle of a batch, then a resumed run that moves every
 * row once, reports a collision instead of failing, and leaves nothing the original keys are still needed for.
 */
let ctx: TestContext;
let reseller: Record<string, string>;
let before: Keys;
const pins = makePins(7, 12);
let productId: number;
let staged: number;

const rotated = (k: Keys): Keys => ({
  login: k.login,
  pinEncryption: { active: 1, keys: new Map([...k.pinEncryption.keys, [1, randomBytes(32)]]) },
  pinIndex: { active: 1, keys: new Map([...k.pinIndex.keys, [1, randomBytes(32)]]) },
});

/** Every sealed thing the rotation covers, by table and row, as the key id it names and what it decrypts to. */
async function sealedState(keys: Keys) {
  const c = createPinCrypto(keys);
  const { rows } = await ctx.db.execute<{ t: string; k: string; s: Buffer; i: string | null }>(sql`
    select 'pins' as t, id::text as k, pin_ciphertext as s, pin_index as i from pins where product_id = ${productId}
    union all select 'import', import_id || ':' || row_no, pin_ciphertext, pin_index from inventory_import_rows
      where pin_ciphertext is not null
    union all select 'webhook', customer_id::text, decode(secret_ciphertext, 'base64'), null from partner_webhooks
    union all select 'outbox', id::text, decode(substr(body, 11), 'base64'), null from outbox_messages
      where body like 'sealed:v1:%'
    union all select 'file', id::text, data, null from stored_files where encrypted
    order by 1, 2`);
  return rows.map((r) => ({
    row: `${r.t}/${r.k}`,
    head: r.s.subarray(0, r.s[0] === 1 ? 1 : 2).toString('hex'),
    index: r.i === null ? null : r.i.startsWith('1:') ? 'new' : 'old',
    plain: c.decryptBytes(r.s).toString('hex'),
  }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  reseller = await signIn(ctx, 'reseller');
  const product = await createProduct(ctx.app, reseller, { pin_length: 12 });
  productId = product.product_id;
  const supplier = await createSupplier(ctx.app, reseller);
  const map = { configuration_id: product.configurations[0]!.id, supplier_id: supplier.supplier_id };
  await importPins(ctx.app, reseller, pins.slice(0, 6), map);
  // An import checked but not approved: its staged rows and its uploaded file are sealed too.
  staged = (await uploadAndMap(ctx.app, reseller, `${pins[6]}\n`, map)).importId;
  const seller = await signIn(ctx, 'seller');
  const made = await post(ctx.app, '/api/seller/webhook_secret/rotate/', {}, seller);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  // A sealed message, as a sign-in code is kept in the outbox.
  await ctx.app.services.outbox.queue({
    channel: 'email',
    recipient: 'rotation@example.com',
    subject: 'Code',
    body: 'Your code is 482913',
  });
  before = ctx.keys;
  ctx = await ctx.restart(rotated(before));
}, 120_000);
afterAll(async () => ctx?.close());

describe('the key rotation job', () => {
  it('resumes after a crash mid-batch, moves every row once, and reports a collision instead of failing', async () => {
    const keys = ctx.keys;
    const start = await sealedState(keys);
    expect(start.filter((s) => s.row.startsWith('pins/'))).toHaveLength(6);
    expect(new Set(start.map((s) => s.row.split('/')[0]))).toEqual(
      new Set(['pins', 'import', 'webhook', 'outbox', 'file']),
    );
    expect(start.every((s) => s.head === '01' && s.index !== 'new')).toBe(true);
    // A PIN that slipped in twice: the same PIN as the first stock row, already under the new index (as a copy on
    // the new keys would have written it before the check under every key existed).
    const crypto = ctx.app.services.pinCrypto;
    const { rows: first } = await ctx.db.execute<{ id: string }>(
      sql`select id::text as id from pins where product_id = ${productId} order by id limit 1`,
    );
    // first holds a row: the stock holds the six PINs beforeAll imported.
    const firstPin = crypto.decrypt(
      (
        await ctx.db.execute<{ c: Buffer }>(
          sql`select pin_ciphertext as c from pins where id = ${Number(first[0]!.id)}`,
        )
      ).rows[0]!.c,
    );
    const { rows: twin } = await ctx.db.execute<{ id: string }>(sql`
      insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
                        pin_hint, pin_length, serial, supplier_id, buying_discount, cost, published)
      select owner_customer_id, product_id, configuration_id, import_id, 'TWIN', ${crypto.encrypt(firstPin)},
             ${crypto.index(firstPin)}, pin_hint, pin_length, serial, supplier_id, buying_discount, cost, false
      from pins where id = ${Number(first[0]!.id)} returning id::text as id`);

    const repo = createKeyRotationRepository(ctx.db, { batch: 2 });
    let pinBatches = 0;
    const crashing = createKeyRotationService({
      db: ctx.db,
      repo,
      pinCrypto: crypto,
      afterBatch: (table) => {
        if (table === 'pins' && ++pinBatches === 2) throw new Error('crash in the middle of a batch');
      },
    });
    const runId = await crashing.start('test');
    expect(await crashing.start('test')).toBe(runId);
    await expect(asActor('job:keys.rotate', () => crashing.work())).rejects.toThrow('crash in the middle');
    const halfway = await repo.latest();
    // The first batch of pins committed with its cursor; the second rolled back with its rows.
    expect(halfway?.progress.pins).toMatchObject({ done: false, seen: 2, changed: 2 });
    expect(halfway?.progress.inventory_import_rows).toMatchObject({ done: true, seen: 1, changed: 1 });

    const resumed = createKeyRotationService({ db: ctx.db, repo, pinCrypto: crypto });
    expect(await asActor('job:keys.rotate', () => resumed.work(1))).toBe('more');
    let outcome = 'more';
    for (let i = 0; i < 50 && outcome === 'more'; i++) outcome = await asActor('job:keys.rotate', () => resumed.work());
    expect(outcome).toBe('done');
    const run = await repo.latest();
    expect(run?.status).toBe('done');
    // 7 rows of pins (6 + the twin): each seen once; the twin was already under the new keys, so 6 changed.
    expect(run?.progress.pins).toMatchObject({ done: true, seen: 7, changed: 6 });
    expect(run?.collisions).toEqual([{ table: 'pins', row: first[0]!.id, other: twin[0]!.id }]);

    const end = await sealedState(keys);
    const endOf = new Map(end.map((s) => [s.row, s]));
    // Every sealed row left (a message sent meanwhile has its body cleared) is under key 1.
    for (const e of end) expect(e.head, e.row).toBe('0201');
    for (const s of start) {
      if (s.row.startsWith('outbox/') && !endOf.has(s.row)) continue;
      // Same content, now under key 1 (version 2, id 1), the index under index key 1, except the collided row.
      expect(endOf.get(s.row)).toEqual({
        ...s,
        head: '0201',
        index: s.index === null ? null : s.row === `pins/${first[0]!.id}` ? 'old' : 'new',
      });
    }
    // Nothing still needs key 0 to be read: a ring of key 1 alone reads every row.
    const onlyNew = createPinCrypto({
      pinEncryption: { active: 1, keys: new Map([[1, keys.pinEncryption.keys.get(1) as Buffer]]) },
      pinIndex: { active: 1, keys: new Map([[1, keys.pinIndex.keys.get(1) as Buffer]]) },
    });
    const { rows: all } = await ctx.db.execute<{ c: Buffer }>(
      sql`select pin_ciphertext as c from pins where product_id = ${productId}`,
    );
    expect(all.map((r) => onlyNew.decrypt(r.c)).sort()).toEqual([...pins.slice(0, 6), firstPin].sort());
    // The staged row's other index is the one under key 0, recomputed with its index.
    const { rows: stagedRows } = await ctx.db.execute<{ i: string; o: string[] }>(
      sql`select pin_index as i, pin_index_others as o from inventory_import_rows where import_id = ${staged}`,
    );
    expect(stagedRows).toEqual([{ i: crypto.index(pins[6]!), o: crypto.indexes(pins[6]!).slice(1) }]);
    // A second run finds nothing to do but the collided row, which it reports again (an operator withdraws one).
    await resumed.start('test');
    for (let i = 0; i < 50 && outcome !== 'idle'; i++) outcome = await asActor('job:keys.rotate', () => resumed.work());
    const again = await repo.latest();
    expect(again?.id).not.toBe(run?.id);
    expect(Object.values(again?.progress ?? {}).reduce((n, p) => n + p.changed, 0)).toBe(1);
    expect(again?.collisions).toEqual(run?.collisions);
  });

  it('the job leaves a run alone on a copy whose active keys are not the run’s', async () => {
    const repo = createKeyRotationRepository(ctx.db);
    const oldCopy = createKeyRotationService({ db: ctx.db, repo, pinCrypto: createPinCrypto(before) });
    await createKeyRotationService({ db: ctx.db, repo, pinCrypto: ctx.app.services.pinCrypto }).start('test');
    expect(await oldCopy.work()).toBe('not-ours');
  });
});
