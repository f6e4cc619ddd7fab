import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { passwordInvitations } from '../../db/schema/auth.ts';

/** Password invitations: the link's token hash, its verification code and the code's attempts. */
export function createInvitationsRepository(db: Db) {
  return {
    async createInvitation(i: { tokenHash: string; userId: number; expiresAt: Date }, tx: Tx = db) {
      await tx.insert(passwordInvitations).values(i);
    },

    async findInvitation(tokenHash: string) {
      const rows = await db.select().from(passwordInvitations).where(eq(passwordInvitations.tokenHash, tokenHash));
      return rows[0];
    },

    async setInvitationOtp(tokenHash: string, otpHash: string, tx: Tx = db) {
      await tx
        .update(passwordInvitations)
        .set({ otpHash, otpAttempts: 0, otpVerifiedAt: null })
        .where(eq(passwordInvitations.tokenHash, tokenHash));
    },

    /**
     * Takes one of the code's attempts before it is checked, in one statement, so a burst of guesses
     * sent at once gets no more checks than `max`; null when none is left (or no code was sent).
     */
    async takeInvitationOtpAttempt(tokenHash: string, max: number): Promise<string | null> {
      const [row] = await db
        .update(passwordInvitations)
        .set({ otpAttempts: sql`${passwordInvitations.otpAttempts} + 1` })
        .where(
          and(
            eq(passwordInvitations.tokenHash, tokenHash),
            isNotNull(passwordInvitations.otpHash),
            lt(passwordInvitations.otpAttempts, max),
          ),
        )
        .returning({ otpHash: passwordInvitations.otpHash });
      return row?.otpHash ?? null;
    },

    async markInvitationOtpVerified(tokenHash: string, at: Date) {
      await db
        .update(passwordInvitations)
        .set({ otpVerifiedAt: at })
        .where(eq(passwordInvitations.tokenHash, tokenHash));
    },

    /** Uses the invitation once; false when it was already used. */
    async useInvitation(tokenHash: string, at: Date, tx: Tx) {
      const res = await tx
        .update(passwordInvitations)
        .set({ usedAt: at })
        .where(and(eq(passwordInvitations.tokenHash, tokenHash), isNull(passwordInvitations.usedAt)))
        .returning({ userId: passwordInvitations.userId });
      return res[0]?.userId;
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
