import { ROLE } from '@portal/contract/roles';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createDtOneClient } from '../../providers/dtone/client.ts';
import { type DtOneSimulatorOptions, startDtOneSimulator } from '../../providers/dtone/simulator.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { insertUser } from '../reports/reports.fixtures.ts';
import { topUp } from '../selling/selling.fixtures.ts';

/**
 * The portal speaking to a DT One simulator of the test's own (so the test can act as DT One through `dtOne`), the
 * simulator on the portal's clock unless told otherwise (offers expire when the test moves it), no poll job between
 * a test's steps unless `env` asks for one, and the demo reseller funded to sell.
 */
export async function dtOneSimulatorApp(
  opts: { simulator?: Partial<DtOneSimulatorOptions>; env?: Record<string, string> } = {},
) {
  let now = () => Date.now();
  const sim = await startDtOneSimulator({
    apiKey: 'k',
    apiSecret: 's',
    delayScale: 0.001,
    now: () => now(),
    ...opts.simulator,
  });
  const ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      DT_ONE_PROVIDER: 'http',
      DT_ONE_BASE_URL: sim.baseUrl,
      DT_ONE_API_KEY: 'k',
      DT_ONE_API_SECRET: 's',
      DT_ONE_POLL_MS: '600000',
      DT_ONE_TIMEOUT_MS: '1000',
      ...opts.env,
    },
  });
  now = () => ctx.clock.now().getTime();
  const dtOne = createDtOneClient({ baseUrl: sim.baseUrl, apiKey: 'k', apiSecret: 's' });
  const ids = await demoIds(ctx.db);
  await topUp(ctx, ids.reseller, '1000');
  return { sim, ctx, dtOne, ids };
}

/** A second superadmin of the platform (internal role 1), who sees the pending screens but decides nothing. */
export const insertPlatformStaff = (ctx: TestContext, platformId: number) =>
  insertUser(ctx.db, { customerId: platformId, username: 'platform-staff', role: ROLE.superadmin, internalRole: 1 });
