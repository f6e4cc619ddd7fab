import { priceAfterDiscount } from '@portal/contract/pricing';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';

/**
 * The purchase computes its prices in the database (`price_after_discount`, used by `portal_purchase`);
 * the screens, PAD checks and margin warnings use `pricing.ts`. Both must agree to the cent.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await freshDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await database.drop();
});

const cents = fc.integer({ min: 1, max: 100_000_00 }).map((c) => (c / 100).toFixed(2));
const discount = fc.integer({ min: 0, max: 100_0000 }).map((d) => (d / 10_000).toFixed(4));

describe('price chain in the database', () => {
  it('equals pricing.ts priceAfterDiscount for random face values and discounts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(cents, discount), { minLength: 1, maxLength: 200 }), async (pairs) => {
        const { rows } = await client.query<{ price: string }>(
          `select price_after_discount(f, d)::text as price
           from unnest($1::numeric[], $2::numeric[]) with ordinality as t(f, d, n) order by n`,
          [pairs.map(([f]) => f), pairs.map(([, d]) => d)],
        );
        expect(rows.map((r) => r.price)).toEqual(pairs.map(([f, d]) => priceAfterDiscount(f, d).toFixed(2)));
      }),
      { numRuns: 50 },
    );
  });

  it('rounds the half cents half-up like pricing.ts', async () => {
    const { rows } = await client.query<{ price: string }>(
      `select price_after_discount(15, 2.5)::text as price union all select price_after_discount(0.01, 50)::text`,
    );
    expect(rows.map((r) => r.price)).toEqual(['14.63', '0.01']);
  });
});
