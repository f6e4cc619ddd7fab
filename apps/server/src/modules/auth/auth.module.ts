import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createThrottle } from '../../platform/throttle.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

/** Sign-in (password, OTP, login approval), sessions and invitations. */
export function createAuthModule(deps: {
  db: Db;
  clock: Clock;
  outbox: OutboxService;
  organisations: Pick<OrganisationsService, 'resolveHost'>;
  loginKeyPem: string;
  session: { idleMs: number; maxMs: number };
}) {
  const { db, clock } = deps;
  const auth = createAuthService({
    db,
    repo: createAuthRepository(db),
    throttle: createThrottle(db, clock),
    outbox: deps.outbox,
    clock,
    loginKeyPem: deps.loginKeyPem,
    sessionIdleMs: deps.session.idleMs,
    sessionMaxMs: deps.session.maxMs,
  });
  const services = { auth };
  return {
    name: 'auth',
    services,
    register: async (app) => {
      await app.register(authRoutes(auth, deps.organisations), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type AuthModule = ReturnType<typeof createAuthModule>;
