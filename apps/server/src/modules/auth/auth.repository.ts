import { and, eq, sql } from 'drizzle-orm';
import { type AccountRow, accountColumns } from '../../db/accounts.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { devices, loginChallenges, loginNonces } from '../../db/schema/auth.ts';
import { customers, users } from '../../db/schema/customers.ts';
import type { LoginRequestRow } from './auth.mapper.ts';

export type { AccountRow };

export interface ChallengeRow {
  id: string;
  userId: number;
  kind: string;
  reference: string;
  otpHash: string | null;
  fingerprintHash: string;
  status: string;
  attempts: number;
  expiresAt: Date;
}

export function createAuthRepository(db: Db) {
  return {
    /** A user who may sign in on this host: on a reseller's host, only that reseller's and its sellers' users. */
    async findAccountByUsername(organisationId: number, resellerId: number | null, username: string) {
      const hostScope =
        resellerId === null
          ? sql`true`
          : sql`(${customers.id} = ${resellerId} or ${customers.parentId} = ${resellerId})`;
      const rows = await db
        .select(accountColumns)
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .where(
          and(eq(users.organisationId, organisationId), sql`lower(${users.username}) = lower(${username})`, hostScope),
        );
      return rows[0] as AccountRow | undefined;
    },

    async findAccountById(userId: number) {
      const rows = await db
        .select(accountColumns)
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .where(eq(users.id, userId));
      return rows[0] as AccountRow | undefined;
    },

    /** Records a nonce; false when it was seen before (a replayed sign-in payload). */
    async rememberNonce(nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(loginNonces).where(sql`${loginNonces.expiresAt} < ${now}`);
      const res = await db.insert(loginNonces).values({ nonce, expiresAt }).onConflictDoNothing().returning();
      return res.length === 1;
    },

    async isKnownDevice(userId: number, fingerprintHash: string) {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.fingerprintHash, fingerprintHash)));
      return rows.length > 0;
    },

    async rememberDevice(userId: number, fingerprintHash: string, now: Date, tx: Tx = db) {
      await tx
        .insert(devices)
        .values({ userId, fingerprintHash, approvedAt: now, lastSeenAt: now })
        .onConflictDoUpdate({ target: [devices.userId, devices.fingerprintHash], set: { lastSeenAt: now } });
    },

    async createChallenge(
      c: {
        userId: number;
        kind: 'otp' | 'approval';
        reference: string;
        otpHash: string | null;
        fingerprintHash: string;
        ip: string;
        userAgent: string;
        now: Date;
        expiresAt: Date;
      },
      tx: Tx = db,
    ) {
      const [row] = await tx
        .insert(loginChallenges)
        .values({
          userId: c.userId,
          kind: c.kind,
          reference: c.reference,
          otpHash: c.otpHash,
          fingerprintHash: c.fingerprintHash,
          ip: c.ip,
          userAgent: c.userAgent.slice(0, 300),
          createdAt: c.now,
          expiresAt: c.expiresAt,
        })
        .returning({ id: loginChallenges.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async findOtpChallenge(userId: number, reference: string) {
      const rows = await db
        .select()
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.userId, userId),
            eq(loginChallenges.reference, reference),
            eq(loginChallenges.kind, 'otp'),
          ),
        );
      return rows[0] as ChallengeRow | undefined;
    },

    async findChallenge(id: string) {
      const rows = await db.select().from(loginChallenges).where(eq(loginChallenges.id, id));
      return rows[0] as ChallengeRow | undefined;
    },

    /**
     * Checks a login request's reference and counts a wrong one, in one statement: a burst of guesses
     * sent at once gets no more than `maxAttempts` wrong checks, and the polling device with the right
     * reference never uses one up.
     */
    async matchApprovalReference(id: string, reference: string, maxAttempts: number): Promise<boolean> {
      const { rows } = await db.execute<{ matches: boolean }>(sql`
        update login_challenges
        set attempts = attempts + case when reference = ${reference} then 0 else 1 end
        where id = ${id} and kind = 'approval' and attempts < ${maxAttempts}
        returning reference = ${reference} as matches`);
      return rows[0]?.matches === true;
    },

    /** Counts one attempt at a pending challenge's code; false once its attempts are used up. */
    async takeOtpAttempt(id: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.id, id),
            eq(loginChallenges.status, 'pending'),
            sql`${loginChallenges.attempts} < ${maxAttempts}`,
          ),
        )
        .returning({ attempts: loginChallenges.attempts });
      return rows.length === 1;
    },

    /** A wrong code on the last attempt ends the challenge. */
    async expireExhaustedOtp(id: string, maxAttempts: number) {
      await db
        .update(loginChallenges)
        .set({ status: 'expired' })
        .where(
          and(
            eq(loginChallenges.id, id),
            eq(loginChallenges.status, 'pending'),
            sql`${loginChallenges.attempts} >= ${maxAttempts}`,
          ),
        );
    },

    /** Moves a challenge from one status to another; false when someone else moved it first. */
    async transitionChallenge(
      id: string,
      from: string,
      to: string,
      tx: Tx = db,
      decided?: { by: number; at: Date },
    ): Promise<boolean> {
      const res = await tx
        .update(loginChallenges)
        .set({ status: to, ...(decided ? { decidedBy: decided.by, decidedAt: decided.at } : {}) })
        .where(and(eq(loginChallenges.id, id), eq(loginChallenges.status, from)))
        .returning({ id: loginChallenges.id });
      return res.length === 1;
    },

    /**
     * Approval requests a decider may see: staff (internal_role 1) of the decider's own customer, and
     * main accounts and managers of the customers directly below it.
     */
    async findLoginRequests(
      decider: { customerId: number },
      filter: { status: string; now: Date; limit: number; offset: number },
    ) {
      const statusSql =
        filter.status === 'all'
          ? sql`true`
          : filter.status === 'expired'
            ? sql`(lc.status = 'pending' and lc.expires_at <= ${filter.now})`
            : filter.status === 'pending'
              ? sql`(lc.status = 'pending' and lc.expires_at > ${filter.now})`
              : sql`lc.status = ${filter.status}`;
      const where = sql`lc.kind = 'approval' and ${statusSql} and (
          (u.customer_id = ${decider.customerId} and u.internal_role = 1)
          or (c.parent_id = ${decider.customerId} and u.internal_role = 0))`;
      const items = await db.execute<LoginRequestRow>(sql`
        select lc.id as reference_id, lc.reference, u.username, u.name, c.name as customer_name, lc.ip,
               lc.user_agent, lc.created_at, lc.expires_at,
               case when lc.status = 'pending' and lc.expires_at <= ${filter.now} then 'expired' else lc.status end as status
        from login_challenges lc join users u on u.id = lc.user_id join customers c on c.id = u.customer_id
        where ${where}
        order by lc.created_at desc limit ${filter.limit} offset ${filter.offset}`);
      const total = await db.execute<{ n: number }>(sql`
        select count(*)::int as n
        from login_challenges lc join users u on u.id = lc.user_id join customers c on c.id = u.customer_id
        where ${where}`);
      return { items: items.rows, total: total.rows[0]!.n }; // count(*) answers one row
    },

    async canDecide(decider: { customerId: number }, challengeId: string) {
      const rows = await db.execute(sql`
        select 1 from login_challenges lc join users u on u.id = lc.user_id join customers c on c.id = u.customer_id
        where lc.id = ${challengeId} and lc.kind = 'approval' and (
          (u.customer_id = ${decider.customerId} and u.internal_role = 1)
          or (c.parent_id = ${decider.customerId} and u.internal_role = 0))`);
      return rows.rows.length > 0;
    },

    async setPassword(userId: number, passwordHash: string, tx: Tx = db) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
