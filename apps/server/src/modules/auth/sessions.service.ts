import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/guard.ts';
import { actorOf, assertActive } from './account.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const TOUCH_AFTER_MS = 60_000;
const MEMO_SIZE = 20_000;

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

  /**
   * The session memo (decision 0124): the actors of recent lookups by token, with the row versions they were
   * read at. Only a route whose database work compares those versions is answered from it (`memo`), so a
   * change to the session, user or customer since is never acted on. An entry lives until its session would
   * need touching; the oldest goes first once the memo is full.
   */
  const memo = new Map<string, { actor: Actor; expiresAt: number; lastActiveAt: number }>();
  const memoMs = Math.min(TOUCH_AFTER_MS, deps.sessionIdleMs);

  /** The actor behind a request's bearer token, session and customer headers; `memo`: from the memo when it can. */
  async function resolveActor(req: FastifyRequest, memoOk = false): Promise<Actor> {
    const token = bearerToken(req);
    const sessionId = String(req.headers['x-session-id'] ?? '');
    const customerId = String(req.headers['x-customer-id'] ?? '');
    if (!token) throw sessionEnded();
    const tokenHash = sha256(token);
    const now = clock.now().getTime();
    const known = memoOk ? memo.get(tokenHash) : undefined;
    if (
      known &&
      known.actor.sessionId === sessionId &&
      String(known.actor.customerId) === customerId &&
      known.expiresAt > now &&
      now - known.lastActiveAt <= memoMs
    ) {
      return known.actor;
    }
    memo.delete(tokenHash);
    const found = await repo.findSession(tokenHash);
    const session = found?.session;
    if (
      !found ||
      !session ||
      session.endedAt ||
      session.id !== sessionId ||
      session.expiresAt.getTime() <= now ||
      now - session.lastActiveAt.getTime() > deps.sessionIdleMs
    ) {
      throw sessionEnded();
    }
    const account = found.account;
    if (String(account.customerId) !== customerId) throw sessionEnded();
    assertActive(account);
    const actor = { ...actorOf(account, session.id), version: session.version };
    // Writing on every call would make each read a write; a minute's precision is enough for 3 hours. The
    // touch changes the session's version: this actor is as fresh as a lookup gets, and the next fills the memo.
    if (now - session.lastActiveAt.getTime() > TOUCH_AFTER_MS) {
      await repo.touchSession(session.id, new Date(now));
      return { ...actor, version: null };
    }
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    memo.set(tokenHash, {
      actor,
      expiresAt: session.expiresAt.getTime(),
      lastActiveAt: session.lastActiveAt.getTime(),
    });
    return actor;
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
