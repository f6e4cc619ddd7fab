import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createJobs } from './jobs.ts';
import { testKeys } from './keys.ts';

let ctx: TestContext;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  // A second copy of the server on the same database, as behind a load balancer.
  const jobs = createJobs(ctx.url, { error: () => {} });
  second = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: ctx.db,
    jobs,
    keys: testKeys(),
    clock: ctx.clock,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const apply = (copy: typeof second, ip: string) =>
  copy.inject({
    method: 'POST',
    url: '/api/register/',
    payload: {},
    headers: { host: 'localhost' },
    remoteAddress: ip,
  });

describe('per-address request limits', () => {
  it('count one limit across every copy of the server', async () => {
    const ip = '203.0.113.41';
    const statuses: number[] = [];
    // The registration form allows 5 an hour per address: 3 through one copy, 3 through the other.
    for (const copy of [ctx.app, second, ctx.app, second, ctx.app, second])
      statuses.push((await apply(copy, ip)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('count each address and each route on its own, and open again when the window ends', async () => {
    const ip = '203.0.113.42';
    for (let i = 0; i < 5; i++) await apply(second, ip);
    expect((await apply(ctx.app, ip)).statusCode).toBe(429);
    expect((await apply(ctx.app, '203.0.113.43')).statusCode).toBe(422);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: {},
      headers: { host: 'localhost' },
      remoteAddress: ip,
    });
    expect(signIn.statusCode).not.toBe(429);
    ctx.clock.advance(60 * 60_000);
    expect((await apply(second, ip)).statusCode).toBe(422);
  });
});
