import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { sessions } from '../../db/schema/auth.ts';

/** Writes to sessions: started at sign-in, touched while in use, ended by logout or a new password. */
export function createSessionsRepository(db: Db) {
  return {
    async createSession(s: { userId: number; tokenHash: string; now: Date; expiresAt: Date; ip: string }, tx: Tx = db) {
      const [row] = await tx
        .insert(sessions)
        .values({
          userId: s.userId,
          tokenHash: s.tokenHash,
          createdAt: s.now,
          lastActiveAt: s.now,
          expiresAt: s.expiresAt,
          ip: s.ip,
        })
        .returning({ id: sessions.id });
      return row.id;
    },

    async touchSession(id: string, now: Date) {
      await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, id));
    },

    async endSession(id: string, now: Date) {
      await db
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    },

    async endUserSessions(userId: number, now: Date, tx: Tx = db) {
      await tx
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
