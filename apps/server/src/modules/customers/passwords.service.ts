import { verify as argonVerify } from '@node-rs/argon2';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { hashPassword } from '../auth/account.ts';
import { fieldError } from './customer-onboarding.service.ts';
import type { CustomersRepository } from './customers.repository.ts';

/** Passwords set by an operator or changed by their user; either way the user's other sessions end. */
export function createPasswordsService(deps: { db: Db; repo: CustomersRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

  /** An operator sets the password of a user of one of its customers; that user's sessions end. */
  async function changePassword(actor: Actor, b: { username: string; new_password: string }) {
    const userId = await repo.findUserInScope(actor, b.username);
    if (!userId) throw notFound('User');
    const hash = await hashPassword(b.new_password);
    await db.transaction(async (tx) => {
      await repo.setPassword(userId, hash, tx);
      await repo.endSessions(userId, clock.now(), tx);
    });
  }

  /** A user changes its own password; its other sessions end. */
  async function updatePassword(actor: Actor, b: { old_password: string; new_password: string }) {
    const current = await repo.findPasswordHash(actor.userId);
    const ok = current ? await argonVerify(current, b.old_password).catch(() => false) : false;
    if (!ok) throw validationError([fieldError('old_password', 'wrong', 'is not your current password')]);
    const hash = await hashPassword(b.new_password);
    await db.transaction(async (tx) => {
      await repo.setPassword(actor.userId, hash, tx);
      await repo.endSessions(actor.userId, clock.now(), tx, actor.sessionId);
    });
  }

  /** Ends every session of a user (its password was reset or it was deactivated). */
  async function endUserSessions(userId: number) {
    await repo.endSessions(userId, clock.now(), db);
  }

  return { changePassword, updatePassword, endUserSessions };
}
export type PasswordsService = ReturnType<typeof createPasswordsService>;
