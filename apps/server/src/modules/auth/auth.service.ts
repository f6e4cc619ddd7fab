import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Throttle } from '../../platform/throttle.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import { createInvitationsRepository } from './invitations.repository.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createSessionsService } from './sessions.service.ts';
import { createSignInService } from './sign-in.service.ts';

/** The auth use cases (sign-in, sessions, invitations) wired together over one repository. */
export function createAuthService(deps: {
  db: Db;
  repo: AuthRepository;
  throttle: Throttle;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  clock: Clock;
  loginKeyPem: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
}) {
  const { db, repo, throttle, outbox, clock } = deps;
  const sessionsRepo = createSessionsRepository(db);
  const sessions = createSessionsService({
    repo,
    sessionsRepo,
    clock,
    sessionIdleMs: deps.sessionIdleMs,
    sessionMaxMs: deps.sessionMaxMs,
  });
  const signIn = createSignInService({ db, repo, throttle, outbox, clock, sessions, loginKeyPem: deps.loginKeyPem });
  const invitations = createInvitationsService({
    db,
    repo,
    sessionsRepo,
    invitationsRepo: createInvitationsRepository(db),
    outbox,
    clock,
  });
  return { ...signIn, ...sessions, ...invitations };
}
export type AuthService = ReturnType<typeof createAuthService>;
