import { and, eq, isNull, sql } from 'drizzle-orm';
import { type AccountRow, accountColumns } from '../../db/accounts.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { sessions } from '../../db/schema/auth.ts';
import { customers, users } from '../../db/schema/customers.ts';

/** Sessions: started at sign-in, looked up and touched while in use, ended by logout or a new password. */
export function createSessionsRepository(db: Db) {
  // Every authenticated call looks its session up: prepared once per connection, planned once.
  const findSessionStatement = db
    .select({
      session: {
        id: sessions.id,
        lastActiveAt: sessions.lastActiveAt,
        expiresAt: sessions.expiresAt,
        endedAt: sessions.endedAt,
        // Read in the lookup's snapshot, so the versions are those of the rows the actor is built from.
        version: sql<string>`actor_version(${sessions.id})`,
      },
      account: accountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_session');

  return {
    /** The session of a token with its account, in one query. */
    async findSession(tokenHash: string) {
      const rows = await findSessionStatement.execute({ tokenHash });
      return rows[0] as { session: (typeof rows)[0]['session']; account: AccountRow } | undefined;
    },

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
      return row!.id; // insert … returning answers the row it inserted
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
