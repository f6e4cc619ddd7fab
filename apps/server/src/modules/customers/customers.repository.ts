import { type AddressPatch, OTP_CHANNELS } from '@portal/contract/customer-fields';
import { and, asc, desc, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/connect.ts';
import { discountSlabs } from '../../db/schema/assignments.ts';
import { sessions } from '../../db/schema/auth.ts';
import { wallets } from '../../db/schema/credit.ts';
import { customers, registrations, users } from '../../db/schema/customers.ts';
import { organisationHosts } from '../../db/schema/organisations.ts';
import { staffAssignmentHistory, staffAssignments } from '../../db/schema/staff.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import { likePattern } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import type { CustomerSet } from './customer-onboarding.service.ts';
import { noAddress } from './customers.mapper.ts';

const mainUser = and(eq(users.customerId, customers.id), eq(users.isMain, true));

export function createCustomersRepository(db: Db) {
  const listColumns = {
    customer_id: customers.id,
    username: users.username,
    name: customers.name,
    account_role: customers.accountRole,
    is_active: customers.isActive,
    credit_limit: customers.creditLimit,
    balance: wallets.balance,
    outstanding_credit: wallets.outstandingCredit,
    email: users.email,
    mobile: users.mobile,
    address: customers.address,
    created_at: customers.createdAt,
  };

  return {
    async findPage(actor: Actor, f: { search?: string; isActive?: boolean }, p: { limit: number; offset: number }) {
      const where = and(
        visibleCustomers(actor),
        f.isActive === undefined ? undefined : eq(customers.isActive, f.isActive),
        f.search
          ? (or(
              sql`${customers.name} ilike ${likePattern(f.search)}`,
              sql`${users.username} ilike ${likePattern(f.search)}`,
              sql`cast(${customers.id} as text) = ${f.search}`,
            ) as SQL)
          : undefined,
      );
      const [items, [counted]] = await Promise.all([
        db
          .select(listColumns)
          .from(customers)
          .leftJoin(users, mainUser)
          .leftJoin(wallets, eq(wallets.customerId, customers.id))
          .where(where)
          .orderBy(desc(customers.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(customers).leftJoin(users, mainUser).where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },

    async findLessData(actor: Actor) {
      return db
        .select({
          customer_id: customers.id,
          name: customers.name,
          username: users.username,
          is_active: customers.isActive,
        })
        .from(customers)
        .leftJoin(users, mainUser)
        .where(visibleCustomers(actor))
        .orderBy(asc(customers.name))
        .limit(5000);
    },

    async findDetails(actor: Actor, customerId: number) {
      const rows = await db
        .select({
          customer: customers,
          user: {
            user_id: users.id,
            username: users.username,
            contact_name: users.name,
            email: users.email,
            mobile: users.mobile,
          },
          wallet: { balance: wallets.balance, outstanding_credit: wallets.outstandingCredit },
          slabName: discountSlabs.name,
        })
        .from(customers)
        .leftJoin(users, mainUser)
        .leftJoin(wallets, eq(wallets.customerId, customers.id))
        .leftJoin(discountSlabs, eq(discountSlabs.id, customers.discountSlabId))
        .where(and(eq(customers.id, customerId), visibleCustomers(actor)));
      return rows[0];
    },

    /** The caller's own customer row, for the data its invoices name (the platform's settings). */
    async findInvoiceData(customerId: number) {
      const rows = await db.select().from(customers).where(eq(customers.id, customerId));
      return rows[0];
    },

    async isVisible(actor: Actor, customerId: number, tx: Tx = db) {
      const rows = await tx
        .select({ id: customers.id, accountRole: customers.accountRole, organisationId: customers.organisationId })
        .from(customers)
        .where(and(eq(customers.id, customerId), visibleCustomers(actor)));
      return rows[0];
    },

    /**
     * The active shops below a customer (a reseller's; none below a shop) and the active users of the customer and
     * of those shops: who a deactivation signs out (the sign-in check reads the parent's flag too).
     */
    async statusImpact(customerId: number) {
      const rows = await db.execute<{ name: string; shops: number; users: number }>(sql`
        select
          (select c.name from ${customers} c where c.id = ${customerId}) as name,
          (select count(*)::int from ${customers} s where s.parent_id = ${customerId} and s.is_active) as shops,
          (select count(*)::int from ${users} u
             where u.is_active
               and (u.customer_id = ${customerId}
                    or u.customer_id in (select s.id from ${customers} s where s.parent_id = ${customerId} and s.is_active))
          ) as users`);
      return rows.rows[0]!; // a select without from answers one row
    },

    async findPlatformCustomer(organisationId: number) {
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.organisationId, organisationId), eq(customers.accountRole, 0)))
        .orderBy(asc(customers.id))
        .limit(1);
      return rows[0]?.id;
    },

    async usernameTaken(organisationId: number, username: string, tx: Tx = db) {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), sql`lower(${users.username}) = lower(${username})`));
      return rows.length > 0;
    },

    async slabOwnedBy(slabId: number, ownerCustomerId: number) {
      const rows = await db
        .select({ id: discountSlabs.id })
        .from(discountSlabs)
        .where(and(eq(discountSlabs.id, slabId), eq(discountSlabs.ownerCustomerId, ownerCustomerId)));
      return rows.length > 0;
    },

    async insertCustomer(c: typeof customers.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(customers).values(c).returning({ id: customers.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async insertUser(u: typeof users.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(users).values(u).returning({ id: users.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async updateCustomer(customerId: number, set: Partial<typeof customers.$inferInsert>, tx: Tx = db) {
      if (Object.keys(set).length === 0) return;
      await tx.update(customers).set(set).where(eq(customers.id, customerId));
    },

    /** The user's language, set first to its inviter's when it has none; null when neither has one. */
    async takeInviterLanguage(userId: number, inviterId: number) {
      const { rows } = await db.execute<{ language: string | null }>(sql`
        update users u set settings = u.settings || jsonb_build_object('language', i.settings->'language')
        from users i
        where u.id = ${userId} and i.id = ${inviterId} and u.settings->'language' is null
          and i.settings->'language' is not null
        returning u.settings->>'language' as language`);
      const [updated] = rows;
      if (updated) return updated.language;
      const [own] = await db
        .select({ language: sql<string | null>`${users.settings}->>'language'` })
        .from(users)
        .where(eq(users.id, userId));
      return own?.language ?? null;
    },

    /** The OTP settings a body names; answers the channel now stored. */
    async updateOtp(customerId: number, set: Pick<CustomerSet, 'enableOtp' | 'otpChannel'>) {
      const [row] = await db
        .update(customers)
        .set(set)
        .where(eq(customers.id, customerId))
        .returning({ otpChannel: customers.otpChannel });
      // The caller found the customer (ownCustomer), and customers are never deleted.
      return z.enum(OTP_CHANNELS).parse(row!.otpChannel);
    },

    /** Sets the address parts the patch names, in one statement; the others keep their stored value. */
    /**
     * Writes the given parts of the address. A customer without an address keeps none when every part given is
     * empty (a form saved unchanged sends the empty parts it showed): it reads the same, and the audit trail
     * records no change that nobody made.
     */
    async patchAddress(customerId: number, patch: AddressPatch, tx: Tx = db) {
      const parts = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const anyPart = Object.values(parts).some((v) => v !== '');
      await tx
        .update(customers)
        .set({
          address: sql`coalesce(${customers.address}, ${JSON.stringify(noAddress)}::jsonb) || ${JSON.stringify(parts)}::jsonb`,
        })
        .where(and(eq(customers.id, customerId), anyPart ? undefined : isNotNull(customers.address)));
    },

    async updateMainUser(customerId: number, set: Partial<typeof users.$inferInsert>, tx: Tx = db) {
      if (Object.keys(set).length === 0) return;
      await tx
        .update(users)
        .set(set)
        .where(and(eq(users.customerId, customerId), eq(users.isMain, true)));
    },

    /** Taken by another reseller's or the platform's host. */
    async hostTaken(host: string, resellerId: number | null, tx: Tx = db) {
      const rows = await tx
        .select({ host: organisationHosts.host })
        .from(organisationHosts)
        .where(
          and(
            eq(organisationHosts.host, host),
            resellerId === null
              ? undefined
              : or(isNull(organisationHosts.resellerId), ne(organisationHosts.resellerId, resellerId)),
          ),
        );
      return rows.length > 0;
    },

    /** A reseller's sub domain resolves to its organisation and names the reseller (sign-in scope, branding). */
    async bindSubDomain(resellerId: number, organisationId: number, host: string | null, tx: Tx) {
      await tx.delete(organisationHosts).where(eq(organisationHosts.resellerId, resellerId));
      if (host) await tx.insert(organisationHosts).values({ host, organisationId, resellerId });
    },

    /** The user with this username whose customer the actor may change. */
    async findUserInScope(actor: Actor, username: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .where(
          and(
            eq(users.organisationId, actor.organisationId),
            sql`lower(${users.username}) = lower(${username})`,
            visibleCustomers(actor),
          ),
        );
      return rows[0]?.id;
    },

    async findPasswordHash(userId: number) {
      const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return rows[0]?.hash ?? null;
    },

    async setPassword(userId: number, passwordHash: string, tx: Tx) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /** Ends the user's sessions, except the one making the change. */
    async endSessions(userId: number, now: Date, tx: Tx, keepSessionId?: string) {
      await tx
        .update(sessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.endedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        );
    },

    /** A customer created by an operator's staff member is assigned to it, or it could not see it. */
    async assignToStaff(staffUserId: number, ownerCustomerId: number, customerId: number, now: Date, tx: Tx) {
      await tx
        .insert(staffAssignments)
        .values({ staffUserId, customerId, assignedBy: staffUserId, assignedAt: now })
        .onConflictDoNothing();
      await tx.insert(staffAssignmentHistory).values({
        ownerCustomerId,
        staffUserId,
        customerId,
        action: 'assigned',
        changedBy: staffUserId,
        changedAt: now,
      });
    },

    async insertRegistration(r: typeof registrations.$inferInsert) {
      const [row] = await db.insert(registrations).values(r).returning({ id: registrations.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async findRegistrations(parentId: number, status: string, p: { limit: number; offset: number }) {
      const where = and(
        eq(registrations.parentId, parentId),
        status === 'all' ? undefined : eq(registrations.status, status),
      );
      const [items, [counted]] = await Promise.all([
        db
          .select({
            registration_id: registrations.id,
            shop_name: registrations.shopName,
            contact_name: registrations.contactName,
            username: registrations.username,
            email: registrations.email,
            mobile: registrations.mobile,
            address: registrations.address,
            shop_type: registrations.shopType,
            message: registrations.message,
            status: registrations.status,
            reject_reason: registrations.rejectReason,
            customer_id: registrations.customerId,
            created_at: registrations.createdAt,
            decided_at: registrations.decidedAt,
          })
          .from(registrations)
          .where(where)
          .orderBy(desc(registrations.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(registrations).where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },

    async lockPendingRegistration(id: number, parentId: number, tx: Tx) {
      const rows = await tx
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, id), eq(registrations.parentId, parentId)))
        .for('update');
      return rows[0];
    },

    async decideRegistration(
      id: number,
      d: {
        status: 'accepted' | 'rejected';
        rejectReason: string | null;
        customerId: number | null;
        by: number;
        at: Date;
      },
      tx: Tx,
    ) {
      await tx
        .update(registrations)
        .set({
          status: d.status,
          rejectReason: d.rejectReason,
          customerId: d.customerId,
          decidedBy: d.by,
          decidedAt: d.at,
        })
        .where(eq(registrations.id, id));
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
