import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import {
  autoCreditRequests,
  type EntryKind,
  journalEntries,
  type LedgerAccount,
  ledgerLines,
  wallets,
} from '../../db/schema/credit.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import type { Actor } from '../../platform/actor.ts';

export interface LockedWallet {
  customerId: number;
  balance: string;
  outstandingCredit: string;
  creditLimit: string;
  autoCredit: boolean;
  balanceTrigger: string | null;
  balanceTopup: string | null;
}

export interface LineFilter {
  /** Lines of one customer's accounts. */
  customerId?: number;
  accounts?: LedgerAccount[];
  kinds?: EntryKind[];
  kind?: EntryKind;
  from?: string;
  to?: string;
  createdBy?: number;
}

const berlinDay = (d: string) => sql`((${d}::date)::timestamp at time zone 'Europe/Berlin')`;
const berlinNextDay = (d: string) => sql`(((${d}::date) + 1)::timestamp at time zone 'Europe/Berlin')`;

export function createCreditRepository(db: Db) {
  function lineWhere(f: LineFilter): SQL | undefined {
    return and(
      f.customerId !== undefined ? eq(ledgerLines.customerId, f.customerId) : undefined,
      f.accounts ? inArray(ledgerLines.account, f.accounts) : undefined,
      f.kinds ? inArray(journalEntries.kind, f.kinds) : undefined,
      f.kind ? eq(journalEntries.kind, f.kind) : undefined,
      f.from ? sql`${journalEntries.createdAt} >= ${berlinDay(f.from)}` : undefined,
      f.to ? sql`${journalEntries.createdAt} < ${berlinNextDay(f.to)}` : undefined,
      f.createdBy !== undefined ? eq(journalEntries.createdBy, f.createdBy) : undefined,
    );
  }

  const lineColumns = {
    entry_id: journalEntries.id,
    line_id: ledgerLines.id,
    created_at: journalEntries.createdAt,
    kind: journalEntries.kind,
    customer_id: ledgerLines.customerId,
    customer_name: customers.name,
    account: ledgerLines.account,
    amount: ledgerLines.amount,
    balance_after: ledgerLines.balanceAfter,
    method: journalEntries.method,
    reference: journalEntries.reference,
    memo: journalEntries.memo,
    created_by: users.username,
  };

  return {
    async findWallet(customerId: number) {
      const rows = await db
        .select({
          balance: wallets.balance,
          outstandingCredit: wallets.outstandingCredit,
          creditLimit: customers.creditLimit,
        })
        .from(customers)
        .leftJoin(wallets, eq(wallets.customerId, customers.id))
        .where(eq(customers.id, customerId));
      return rows[0];
    },

    async openWallet(customerId: number, tx: Tx = db) {
      await tx.insert(wallets).values({ customerId }).onConflictDoNothing();
    },

    /**
     * Locks wallet rows in ascending customer_id order, the one lock order of DOMAIN.md, so two
     * transactions touching the same wallets can never deadlock. The ORDER BY sits below the lock.
     */
    async lockWallets(customerIds: number[], tx: Tx): Promise<LockedWallet[]> {
      const ids = [...new Set(customerIds)].sort((a, b) => a - b);
      return tx
        .select({
          customerId: wallets.customerId,
          balance: wallets.balance,
          outstandingCredit: wallets.outstandingCredit,
          creditLimit: customers.creditLimit,
          autoCredit: customers.autoCredit,
          balanceTrigger: customers.balanceTrigger,
          balanceTopup: customers.balanceTopup,
        })
        .from(wallets)
        .innerJoin(customers, eq(customers.id, wallets.customerId))
        .where(inArray(wallets.customerId, ids))
        .orderBy(asc(wallets.customerId))
        .for('update', { of: wallets });
    },

    /**
     * The entry, its lines and the new cached wallet values in one statement: one round trip while the
     * wallet rows are locked, which is what bounds the sales per second on a shared reseller wallet.
     */
    async writeEntry(
      e: Omit<typeof journalEntries.$inferInsert, 'id'>,
      lines: { customerId: number; account: LedgerAccount; amount: string; balanceAfter: string | null }[],
      walletValues: { customerId: number; balance: string; outstandingCredit: string }[],
      tx: Tx,
    ): Promise<number> {
      const lineRows = sql.join(
        lines.map(
          (l) => sql`(${l.customerId}::int, ${l.account}::text, ${l.amount}::numeric, ${l.balanceAfter}::numeric)`,
        ),
        sql`, `,
      );
      const walletUpdate = walletValues.length
        ? sql`, w as (update ${wallets} set balance = v.balance, outstanding_credit = v.outstanding,
              updated_at = ${e.createdAt} from (values ${sql.join(
                walletValues.map(
                  (w) => sql`(${w.customerId}::int, ${w.balance}::numeric, ${w.outstandingCredit}::numeric)`,
                ),
                sql`, `,
              )}) as v(customer_id, balance, outstanding) where ${wallets.customerId} = v.customer_id returning 1)`
        : sql``;
      const { rows } = await tx.execute<{ id: number }>(sql`
        with e as (
          insert into ${journalEntries} (kind, customer_id, actor_customer_id, created_by, method, reference, memo, created_at)
          values (${e.kind}, ${e.customerId}, ${e.actorCustomerId ?? null}, ${e.createdBy ?? null}, ${e.method ?? null},
                  ${e.reference ?? null}, ${e.memo ?? ''}, ${e.createdAt})
          returning id
        ), l as (
          insert into ${ledgerLines} (entry_id, customer_id, account, amount, balance_after, created_at)
          select e.id, v.customer_id, v.account, v.amount, v.balance_after, ${e.createdAt}
          from e, (values ${lineRows}) as v(customer_id, account, amount, balance_after)
          returning 1
        )${walletUpdate}
        select id from e`);
      return Number(rows[0].id);
    },

    /** At most one pending request per customer: a second crossing before the job ran adds nothing. */
    async requestAutoCredit(r: typeof autoCreditRequests.$inferInsert, tx: Tx) {
      const rows = await tx
        .insert(autoCreditRequests)
        .values(r)
        .onConflictDoNothing()
        .returning({ id: autoCreditRequests.id });
      return rows[0]?.id;
    },

    async claimAutoCreditRequest(id: number, tx: Tx) {
      const rows = await tx
        .select()
        .from(autoCreditRequests)
        .where(and(eq(autoCreditRequests.id, id), eq(autoCreditRequests.status, 'pending')))
        .for('update', { skipLocked: true });
      return rows[0];
    },

    async settleAutoCreditRequest(
      id: number,
      s: { status: 'done' | 'skipped'; granted: string; reason: string | null; entryId: number | null; at: Date },
      tx: Tx,
    ) {
      await tx
        .update(autoCreditRequests)
        .set({ status: s.status, granted: s.granted, reason: s.reason, entryId: s.entryId, settledAt: s.at })
        .where(eq(autoCreditRequests.id, id));
    },

    async findPendingAutoCredit(olderThan: Date) {
      return db
        .select({ id: autoCreditRequests.id })
        .from(autoCreditRequests)
        .where(and(eq(autoCreditRequests.status, 'pending'), lt(autoCreditRequests.createdAt, olderThan)))
        .orderBy(asc(autoCreditRequests.id))
        .limit(500);
    },

    async findAutoCreditLedger(scope: SQL, customerId: number | undefined, p: { limit: number; offset: number }) {
      const where = and(
        sql`${autoCreditRequests.customerId} in (select ${customers.id} from ${customers} where ${scope})`,
        customerId ? eq(autoCreditRequests.customerId, customerId) : undefined,
      );
      const [items, [{ count }]] = await Promise.all([
        db
          .select({
            id: autoCreditRequests.id,
            customer_id: autoCreditRequests.customerId,
            customer_name: customers.name,
            created_at: autoCreditRequests.createdAt,
            balance_before: autoCreditRequests.balanceBefore,
            balance_trigger: autoCreditRequests.trigger,
            requested: autoCreditRequests.requested,
            granted: autoCreditRequests.granted,
            status: autoCreditRequests.status,
            reason: autoCreditRequests.reason,
            entry_id: autoCreditRequests.entryId,
            settled_at: autoCreditRequests.settledAt,
          })
          .from(autoCreditRequests)
          .innerJoin(customers, eq(customers.id, autoCreditRequests.customerId))
          .where(where)
          .orderBy(desc(autoCreditRequests.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(autoCreditRequests).where(where),
      ]);
      return { items, total: count };
    },

    /** One visible customer of the actor (or undefined: the caller answers 404). */
    async findVisibleCustomer(actor: Actor, customerId: number, tx: Tx = db) {
      const rows = await tx
        .select({
          id: customers.id,
          name: customers.name,
          accountRole: customers.accountRole,
          creditLimit: customers.creditLimit,
        })
        .from(customers)
        .where(and(eq(customers.id, customerId), visibleCustomers(actor)));
      return rows[0];
    },

    async updateAutoCredit(
      customerId: number,
      v: { autoCredit: boolean; balanceTrigger: string | null; balanceTopup: string | null },
    ) {
      await db.update(customers).set(v).where(eq(customers.id, customerId));
    },

    async findAutoCreditSettings(customerId: number) {
      const rows = await db
        .select({
          auto_credit: customers.autoCredit,
          balance_trigger: customers.balanceTrigger,
          balance_topup: customers.balanceTopup,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return rows[0];
    },

    async searchCustomers(actor: Actor, text: string, limit: number) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = text
        ? sql`(${customers.name} ilike ${like} or cast(${customers.id} as text) = ${text} or exists (
              select 1 from ${users} where ${users.customerId} = ${customers.id} and ${users.isMain}
              and ${users.username} ilike ${like}))`
        : undefined;
      return db
        .select({
          customer_id: customers.id,
          name: customers.name,
          account_role: customers.accountRole,
          is_active: customers.isActive,
          balance: wallets.balance,
          outstanding_credit: wallets.outstandingCredit,
        })
        .from(customers)
        .leftJoin(wallets, eq(wallets.customerId, customers.id))
        .where(and(visibleCustomers(actor), match))
        .orderBy(asc(customers.name))
        .limit(limit);
    },

    async findLines(f: LineFilter, p: { limit: number; offset: number }) {
      const where = lineWhere(f);
      const [items, [{ count }]] = await Promise.all([
        db
          .select(lineColumns)
          .from(ledgerLines)
          .innerJoin(journalEntries, eq(journalEntries.id, ledgerLines.entryId))
          .innerJoin(customers, eq(customers.id, ledgerLines.customerId))
          .leftJoin(users, eq(users.id, journalEntries.createdBy))
          .where(where)
          .orderBy(desc(ledgerLines.id))
          .limit(p.limit)
          .offset(p.offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(ledgerLines)
          .innerJoin(journalEntries, eq(journalEntries.id, ledgerLines.entryId))
          .where(where),
      ]);
      return { items, total: count };
    },

    /** All lines matching a filter, oldest first, for an export (bounded by the caller). */
    async findAllLines(f: LineFilter, max: number) {
      return db
        .select(lineColumns)
        .from(ledgerLines)
        .innerJoin(journalEntries, eq(journalEntries.id, ledgerLines.entryId))
        .innerJoin(customers, eq(customers.id, ledgerLines.customerId))
        .leftJoin(users, eq(users.id, journalEntries.createdBy))
        .where(lineWhere(f))
        .orderBy(asc(ledgerLines.id))
        .limit(max);
    },

    /**
     * Credit movements (top-ups, payments, auto-credit) of the customers in scope: one row per entry
     * with the amount that reached the customer and the part that settled outstanding credit.
     */
    async findCreditLogs(scope: SQL, f: Omit<LineFilter, 'customerId'>, p: { limit: number; offset: number }) {
      const kinds: EntryKind[] = f.kind ? [f.kind] : ['credit_topup', 'payment', 'auto_credit'];
      const where = and(
        sql`${journalEntries.customerId} in (select ${customers.id} from ${customers} where ${scope})`,
        inArray(journalEntries.kind, kinds),
        f.from ? sql`${journalEntries.createdAt} >= ${berlinDay(f.from)}` : undefined,
        f.to ? sql`${journalEntries.createdAt} < ${berlinNextDay(f.to)}` : undefined,
      );
      const onCustomer = (account: LedgerAccount) =>
        sql<string>`coalesce((select sum(l.amount) from ${ledgerLines} l where l.entry_id = ${journalEntries.id}
          and l.customer_id = ${journalEntries.customerId} and l.account = ${account}), 0)`;
      const [items, [{ count }]] = await Promise.all([
        db
          .select({
            entry_id: journalEntries.id,
            created_at: journalEntries.createdAt,
            kind: journalEntries.kind,
            customer_id: journalEntries.customerId,
            customer_name: customers.name,
            to_balance: onCustomer('balance'),
            to_credit: onCustomer('credit'),
            method: journalEntries.method,
            reference: journalEntries.reference,
            memo: journalEntries.memo,
            created_by: users.username,
          })
          .from(journalEntries)
          .innerJoin(customers, eq(customers.id, journalEntries.customerId))
          .leftJoin(users, eq(users.id, journalEntries.createdBy))
          .where(where)
          .orderBy(desc(journalEntries.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(journalEntries).where(where),
      ]);
      return { items, total: count };
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;
