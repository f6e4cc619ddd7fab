import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, login, type TestContext } from '../../../test/harness.ts';

// Counts the password verifications the server really runs, not only the answers it gives.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const argon = await original<typeof import('@node-rs/argon2')>();
  return {
    ...argon,
    verify: (...args: Parameters<typeof argon.verify>) => {
      verifications.count++;
      return argon.verify(...args);
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('sign-in throttle under a burst', () => {
  it('checks at most the 5 free attempts of 40 sent at once from one IP, the right password among them', async () => {
    const ip = '203.0.113.99';
    verifications.count = 0;
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(ctx, { username: 'seller-staff', password: i === 39 ? 'Demo#2026' : `Guess#${1000 + i}` }, { ip }),
      ),
    );
    expect(verifications.count).toBeLessThanOrEqual(5);
    expect(burst.filter((r) => r.status === 401 || r.status === 200).length).toBe(verifications.count);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(40 - verifications.count);
  });

  it('gives a successful attempt back, so a user who mistypes a few times is not locked out', async () => {
    const ip = '203.0.113.100';
    for (let i = 0; i < 4; i++) {
      expect((await login(ctx, { username: 'reseller-staff', password: `Typo#${i}` }, { ip })).status).toBe(401);
    }
    expect((await login(ctx, { username: 'reseller-staff' }, { ip })).body.data.status).toBe('signed_in');
    // The IP starts afresh: four more mistakes are still free.
    for (let i = 0; i < 4; i++) {
      expect((await login(ctx, { username: 'reseller-staff', password: `Typo#${i + 4}` }, { ip })).status).toBe(401);
    }
  });
});
