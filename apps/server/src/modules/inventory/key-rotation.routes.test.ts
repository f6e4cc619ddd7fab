import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, post, signIn, type TestContext } from '../../../test/harness.ts';
import type { Keys } from '../../platform/keys.ts';
import { createProduct, createSupplier, importPins, makePins, uploadAndMap } from './inventory.fixtures.ts';

/**
 * Decision 0148 through the screens' own calls: stock imported under the original keys, then the app restarted as a
 * rotation's deploy step with a second key of each ring active. Old and new PINs are both searchable, a PIN in stock
 * under the old index is still a duplicate at import, and new rows carry the new keys' ids.
 */
let ctx: TestContext;
let reseller: Record<string, string>;
let product: Awaited<ReturnType<typeof createProduct>>;
let supplier: { supplier_id: number };
const oldPins = makePins(3, 12);
const newPins = makePins(2, 12, '9');
let before: Keys;

const rotated = (k: Keys): Keys => ({
  login: {
    active: 1,
    keys: new Map([
      ...k.login.keys,
      [
        1,
        generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      ],
    ]),
  },
  pinEncryption: { active: 1, keys: new Map([...k.pinEncryption.keys, [1, randomBytes(32)]]) },
  pinIndex: { active: 1, keys: new Map([...k.pinIndex.keys, [1, randomBytes(32)]]) },
});

const search = (pin: string) =>
  post(ctx.app, '/api/inventory_batch_and_pin_search/', { search_type: 'pin', search_text: pin }, reseller);

beforeAll(async () => {
  ctx = await createTestApp();
  reseller = await signIn(ctx, 'reseller');
  product = await createProduct(ctx.app, reseller, { pin_length: 12 });
  supplier = await createSupplier(ctx.app, reseller);
  await importPins(ctx.app, reseller, oldPins, {
    configuration_id: product.configurations[0]!.id,
    supplier_id: supplier.supplier_id,
  });
  before = ctx.keys;
  ctx = await ctx.restart(rotated(before));
  reseller = await signIn(ctx, 'reseller');
}, 120_000);
afterAll(async () => ctx?.close());

describe('PINs across a key rotation', () => {
  it('finds a PIN still under the old index, and one under the new', async () => {
    const old = await search(oldPins[0]!);
    expect(old.body.data.results, JSON.stringify(old.body)).toHaveLength(1);
    const { importId, review } = await uploadAndMap(ctx.app, reseller, `${oldPins[1]}\n${newPins.join('\n')}\n`, {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
    });
    // The old PIN is in stock under key 0's index only: found as a duplicate under every key of the ring.
    expect(review.failed_pins.map((r: { reason: string }) => r.reason)).toEqual(['duplicate_in_stock']);
    const approve = await post(
      ctx.app,
      '/api/upload_step_three/',
      { import_id: importId, cancel: 0, publish: 1 },
      reseller,
    );
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    const fresh = await search(newPins[1]!);
    expect(fresh.body.data.results).toHaveLength(1);
  });

  it('writes new rows under the active keys with their ids, and reads old and new alike', async () => {
    const { rows } = await ctx.db.execute<{ pin_index: string; head: string; id: number }>(sql`
      select pin_index, encode(substring(pin_ciphertext from 1 for 2), 'hex') as head, id
      from pins where product_id = ${product.product_id} order by id`);
    expect(rows).toHaveLength(5);
    const old = rows.slice(0, 3);
    const fresh = rows.slice(3);
    for (const r of old)
      expect({ index: /^[0-9a-f]{64}$/.test(r.pin_index), version: r.head.slice(0, 2) }).toEqual({
        index: true,
        version: '01',
      });
    for (const r of fresh)
      expect({ index: r.pin_index.startsWith('1:'), head: r.head }).toEqual({ index: true, head: '0201' });
    const plain = await Promise.all(
      rows.map(async (r) => {
        const one = await ctx.db.execute<{ c: Buffer }>(sql`select pin_ciphertext as c from pins where id = ${r.id}`);
        return ctx.app.services.pinCrypto.decrypt(one.rows[0]!.c);
      }),
    );
    expect(plain.sort()).toEqual([...oldPins, ...newPins].sort());
  });

  it('refuses a PIN imported a second time under the new key too', async () => {
    const { review } = await uploadAndMap(ctx.app, reseller, `${newPins[0]}\n`, {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
    });
    expect(review.failed_pins.map((r: { reason: string }) => r.reason)).toEqual(['duplicate_in_stock']);
  });
});

describe('the sign-in key across a rotation', () => {
  it('hands out the active key with its id, and opens a payload sealed under the key handed out before', async () => {
    const check = await post(ctx.app, '/api/p_check/', { organisation_name: 'localhost' });
    expect(check.body.data.login_key.kid).toBe('1');
    // A browser that loaded the sign-in page before the rotation: key 0's public half, with or without its id.
    const { createPublicKey } = await import('node:crypto');
    const oldPublic = createPublicKey(before.login.keys.get(0) as string).export({ format: 'jwk' });
    for (const kid of ['0', undefined]) {
      const payload = {
        username: 'reseller',
        password: DEMO_PASSWORD,
        fingerprint: 'rotation-fingerprint-0001',
        nonce: randomBytes(16).toString('base64url'),
        iat: Math.floor(ctx.clock.now().getTime() / 1000),
      };
      const data = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', ...(kid ? { kid } : {}) })
        .encrypt(await importJWK({ ...oldPublic, alg: 'RSA-OAEP-256' }, 'RSA-OAEP-256'));
      const res = await post(ctx.app, '/api/login/', { data });
      // Read: the answer is the sign-in's next step, never "the sign-in data cannot be read".
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // A payload naming a key the ring lacks cannot be read.
    const data = await new CompactEncrypt(new TextEncoder().encode('{}'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: '9' })
      .encrypt(await importJWK({ ...oldPublic, alg: 'RSA-OAEP-256' }, 'RSA-OAEP-256'));
    const refused = await post(ctx.app, '/api/login/', { data });
    expect(refused.body.message).toContain('cannot be read');
  });
});
