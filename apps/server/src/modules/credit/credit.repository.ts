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
import { berlinDayEndSql, berlinDayStartSql, likePattern } from '../../db/sql.ts';
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

/** What a posting answers: the entry, or the refusal `ledger_post` raised (SQLSTATE PT409). */
export type PostingResult =
  | {
      entryId: number;
      autoCreditRequests: number[];
      wallets: { customerId: number; balance: string; outstandingCredit: string; creditLimit: string }[];
    }
  | { refusal: 'insufficient_balance' | 'credit_limit_exceeded' | 'payment_exceeds_outstanding' };

/** A PostgreSQL array literal of plain values (ids, account names, decimal strings). */
const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

async function posting(tx: Tx, statement: SQL): Promise<PostingResult> {
  try {
    const { rows } = await tx.execute<{
      entry_id: number;
      auto_credit_ids: number[];
      wallet_ids: number[];
      balances: string[];
      outstandings: string[];
      credit_limits: string[];
    }>(statement);
    const r = rows[0];
    return {
      entryId: Number(r.entry_id),
      autoCreditRequests: r.auto_credit_ids.map(Number),
      wallets: r.wallet_ids.map((customerId, i) => ({
        customerId,
        balance: r.balances[i],
        outstandingCredit: r.outstandings[i],
        creditLimit: r.credit_limits[i],
      })),
    };
  } catch (err) {
    const cause =
      (err as { cause?: { code?: string; message?: string } }).cause ?? (err as { code?: string; message?: string });
    if (cause.code === 'PT409') return { refusal: cause.message as 'insufficient_balance' };
    throw err;
  }
}

export function createCreditRepository(db: Db) {
  function lineWhere(f: LineFilter): SQL | undefined {
    return and(
      f.customerId !== undefined ? eq(ledgerLines.customerId, f.customerId) : undefined,
      f.accounts ? inArray(ledgerLines.account, f.accounts) : undefined,
      f.kinds ? inArray(journalEntries.kind, f.kinds) : undefined,
      f.kind ? eq(journalEntries.kind, f.kind) : undefined,
      f.from ? sql`${journalEntries.createdAt} >= ${berlinDayStartSql(f.from)}` : undefined,
      f.to ? sql`${journalEntries.createdAt} < ${berlinDayEndSql(f.to)}` : undefined,
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
     * One balanced entry through the database's posting function `ledger_post` (migration 0008), the
     * one definition the purchase posts with too: wallets locked and checked, entry, lines with running
     * totals, cached wallet values and auto-credit requests for crossings, in one statement.
     */
    async postEntry(
      e: Omit<typeof journalEntries.$inferInsert, 'id'>,
      lines: { customerId: number; account: LedgerAccount; amount: string }[],
      tx: Tx,
    ): Promise<PostingResult> {
      return posting(
        tx,
        sql`select * from ledger_post(${e.kind}, ${e.customerId}, ${e.actorCustomerId ?? null}, ${e.createdBy ?? null},
          ${e.method ?? null}, ${e.reference ?? null}, ${e.memo ?? ''}, ${e.createdAt},
          ${pgArray(lines.map((l) => l.customerId))}::int[], ${pgArray(lines.map((l) => l.account))}::text[],
          ${pgArray(lines.map((l) => l.amount))}::numeric[])`,
      );
    },

    /** A sale's entry through `ledger_post_sale`, the definition `portal_purchase` uses. */
    async postSale(
      s: {
        sellerId: number;
        resellerId: number;
        platformId: number;
        ownerId: number;
        sellerTotal: string;
        resellerTotal: string | null;
        cost: string;
        createdBy: number;
        reference: string;
        memo: string;
        at: Date;
      },
      tx: Tx,
    ): Promise<PostingResult> {
      return posting(
        tx,
        sql`select * from ledger_post_sale(${s.sellerId}, ${s.resellerId}, ${s.platformId}, ${s.ownerId},
          ${s.sellerTotal}::numeric, ${s.resellerTotal}::numeric, ${s.cost}::numeric, ${s.createdBy}, ${s.reference},
          ${s.memo}, ${s.at})`,
      );
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
      const like = likePattern(text);
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
        f.from ? sql`${journalEntries.createdAt} >= ${berlinDayStartSql(f.from)}` : undefined,
        f.to ? sql`${journalEntries.createdAt} < ${berlinDayEndSql(f.to)}` : undefined,
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
