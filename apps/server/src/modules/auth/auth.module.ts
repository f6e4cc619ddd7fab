import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { KeyRing } from '../../platform/keys.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createThrottle } from '../../platform/throttle.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createInvitationsRepository } from './invitations.repository.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createSessionsService } from './sessions.service.ts';
import { createSignInService } from './sign-in.service.ts';

/** Sign-in (password, OTP, login approval), sessions and invitations. */
export function createAuthModule(deps: {
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  organisations: Pick<OrganisationsService, 'resolveHost'>;
  loginKeys: KeyRing<string>;
  session: { idleMs: number; maxMs: number };
}) {
  const { db, clock, outbox } = deps;
  const repo = createAuthRepository(db);
  const sessionsRepo = createSessionsRepository(db);
  const sessions = createSessionsService({
    repo: sessionsRepo,
    clock,
    sessionIdleMs: deps.session.idleMs,
    sessionMaxMs: deps.session.maxMs,
  });
  const services = {
    sessions,
    signIn: createSignInService({
      db,
      repo,
      throttle: createThrottle(db, clock),
      outbox,
      clock,
      sessions,
      loginKeys: deps.loginKeys,
    }),
    invitations: createInvitationsService({
      db,
      repo,
      sessionsRepo,
      invitationsRepo: createInvitationsRepository(db),
      outbox,
      clock,
    }),
  };
  return {
    name: 'auth',
    services,
    register: async (app) => {
      await app.register(authRoutes(services, deps.organisations), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type AuthModule = ReturnType<typeof createAuthModule>;
