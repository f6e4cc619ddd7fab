import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/guard.ts';
import { actorOf, assertActive } from './account.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** Sessions: started by a sign-in, resolved to the actor on every request, ended by logout or idleness. */
export function createSessionsService(deps: {
  repo: SessionsRepository;
  clock: Clock;
  sessionIdleMs: number;
  sessionMaxMs: number;
}) {
  const { repo, clock } = deps;

  async function startSession(userId: number, customerId: number, ip: string) {
    const now = clock.now();
    const token = randomToken(32);
    const sessionId = await repo.createSession({
      userId,
      tokenHash: sha256(token),
      now,
      expiresAt: new Date(now.getTime() + deps.sessionMaxMs),
      ip,
    });
    return { access_token: token, session_id: sessionId, customer_id: customerId };
  }

  /** The actor behind a request's bearer token, session and customer headers. */
  async function resolveActor(req: FastifyRequest): Promise<Actor> {
    const token = bearerToken(req);
    const sessionId = String(req.headers['x-session-id'] ?? '');
    const customerId = String(req.headers['x-customer-id'] ?? '');
    if (!token) throw sessionEnded();
    const found = await repo.findSession(sha256(token));
    const now = clock.now();
    const session = found?.session;
    if (
      !found ||
      !session ||
      session.endedAt ||
      session.id !== sessionId ||
      session.expiresAt <= now ||
      now.getTime() - session.lastActiveAt.getTime() > deps.sessionIdleMs
    ) {
      throw sessionEnded();
    }
    const account = found.account;
    if (String(account.customerId) !== customerId) throw sessionEnded();
    assertActive(account);
    // Writing on every call would make each read a write; a minute's precision is enough for 3 hours.
    if (now.getTime() - session.lastActiveAt.getTime() > 60_000) await repo.touchSession(session.id, now);
    return actorOf(account, session.id);
  }

  async function logout(actor: Actor) {
    await repo.endSession(actor.sessionId, clock.now());
  }

  return { startSession, resolveActor, logout };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

function sessionEnded() {
  return new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
}
