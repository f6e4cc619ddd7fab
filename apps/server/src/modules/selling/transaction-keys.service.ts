import type { Envelope } from '@portal/contract/envelope';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { TransactionKeysRepository } from './transaction-keys.repository.ts';

const KEY_LIFETIME_MS = 24 * 3_600_000;
const RUNNING_WAIT_MS = 5_000;

/** What a keyed operation hands back: the answer now, and what to keep to rebuild it on a replay. */
export interface KeyedOutcome<S> {
  status: number;
  answer: Envelope;
  stored: S;
}

export interface Answer {
  status: number;
  answer: Envelope;
}

/** Whose key it is: the session and user that fetched it (the partner API passes its key's user). */
export interface KeyOwner {
  sessionId: string;
  userId: number;
}

/** The key step's refusals that are not remembered: the key stays as it was. */
export function keyRefusal(code: 'in_progress' | 'key_invalid' | 'key_reused'): AppError {
  if (code === 'in_progress') {
    return new AppError('in_progress', 'A purchase with this transaction key is still running; please wait.');
  }
  if (code === 'key_reused')
    return new AppError('key_reused', 'transaction_key: already used for a different purchase');
  return new AppError('key_invalid', 'transaction_key: unknown, expired or not of this session');
}

/**
 * Transaction keys as idempotency keys (ARCHITECTURE.md "Purchases and idempotency"). The key's row is
 * locked inside the operation's own transaction, so a duplicate waits for the first to commit and then
 * replays it; a crash rolls the lock back with everything else, so no key is ever left half-used.
 * Business refusals (409) are remembered like successes; other failures leave the key usable.
 */
export function createTransactionKeysService(deps: {
  db: Db;
  repo: TransactionKeysRepository;
  clock: Clock;
  runningWaitMs?: number;
}) {
  const { db, repo, clock } = deps;
  const waitMs = deps.runningWaitMs ?? RUNNING_WAIT_MS;

  async function issue(actor: Actor): Promise<{ transaction_key: string }> {
    const key = randomToken(24);
    await repo.insert({ key, sessionId: actor.sessionId, userId: actor.userId, createdAt: clock.now() });
    return { transaction_key: key };
  }

  /**
   * The partner API's `Idempotency-Key`, chosen by the client: registered as a transaction key of its API key
   * (the owner) on first use, under a name scoped to that API key, so two partners' keys never meet. The
   * purchase's key step then treats it exactly as a portal key: same body replays, other body 422, running 409.
   */
  async function adopt(owner: KeyOwner, clientKey: string): Promise<string> {
    const key = `api:${owner.sessionId}:${clientKey}`;
    await repo.insertIfAbsent({ key, sessionId: owner.sessionId, userId: owner.userId, createdAt: clock.now() });
    return key;
  }

  async function runOnce<S>(
    actor: Actor,
    key: string,
    request: unknown,
    operation: (tx: Tx) => Promise<KeyedOutcome<S>>,
    replay: (stored: S, status: number) => Promise<Answer>,
  ): Promise<Answer> {
    const requestHash = sha256(canonicalJson(request));
    const result = await db.transaction(async (tx) => {
      const row = await repo.lock(key, waitMs, tx);
      if (row === null) throw keyRefusal('in_progress');
      const now = clock.now();
      if (
        !row ||
        row.sessionId !== actor.sessionId ||
        row.userId !== actor.userId ||
        now.getTime() - row.createdAt.getTime() > KEY_LIFETIME_MS
      ) {
        throw keyRefusal('key_invalid');
      }
      if (row.status === 'done') {
        if (row.requestHash !== requestHash) throw keyRefusal('key_reused');
        return { replayed: true as const, stored: row.outcome as S, status: row.outcomeStatus ?? 200 };
      }
      let outcome: KeyedOutcome<S | { refusal: Envelope }>;
      // A savepoint, so a refusal keeps nothing of the operation but still records the key's answer.
      await repo.openOperation(tx);
      try {
        outcome = await operation(tx);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 409) throw err;
        await repo.undoOperation(tx);
        const refusal: Envelope = { message_type: 0, message: err.message, code: err.code };
        outcome = { status: 409, answer: refusal, stored: { refusal } };
      }
      await repo.finish(key, { requestHash, outcomeStatus: outcome.status, outcome: outcome.stored, at: now }, tx);
      return { replayed: false as const, answer: { status: outcome.status, answer: outcome.answer } };
    });
    if (!result.replayed) return result.answer;
    const refusal = (result.stored as { refusal?: Envelope } | null)?.refusal;
    if (refusal) return { status: result.status, answer: refusal };
    return replay(result.stored, result.status);
  }

  /**
   * The key step of an operation that runs in one database call (the purchase, `portal_purchase`): the
   * same rules as runOnce, checked by the database function with these parameters.
   */
  function keyStep(owner: KeyOwner, key: string, request: unknown) {
    return {
      key,
      sessionId: owner.sessionId,
      userId: owner.userId,
      requestHash: sha256(canonicalJson(request)),
      waitMs,
      lifetimeMs: KEY_LIFETIME_MS,
    };
  }

  async function deleteExpired() {
    await repo.deleteOlderThan(new Date(clock.now().getTime() - 2 * KEY_LIFETIME_MS));
  }

  return { issue, adopt, runOnce, keyStep, deleteExpired };
}
export type TransactionKeysService = ReturnType<typeof createTransactionKeysService>;

/** JSON with sorted keys, so the same body hashes the same whatever the order of its fields. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
