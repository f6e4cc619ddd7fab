import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import {
  autoCreditRequests,
  type journalEntries,
  type LedgerAccount,
  walletAccounts,
  walletSlots,
  wallets,
} from '../../db/schema/credit.ts';
import { customers } from '../../db/schema/customers.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import type { Viewer } from '../../platform/actor.ts';

export interface LockedWallet {
  customerId: number;
  balance: string;
  outstandingCredit: string;
  creditLimit: string;
  autoCredit: boolean;
  balanceTrigger: string | null;
  balanceTopup: string | null;
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
    const [r] = rows;
    if (!r) throw new Error('the posting answered no row'); // its function returns one row (RETURN NEXT) or raises
    return {
      entryId: Number(r.entry_id),
      autoCreditRequests: r.auto_credit_ids.map(Number),
      wallets: r.wallet_ids.map((customerId, i) => {
        // One balance, outstanding credit and limit per wallet: a shorter array is a broken answer, not a zero.
        const balance = r.balances[i];
        const outstandingCredit = r.outstandings[i];
        const creditLimit = r.credit_limits[i];
        if (balance === undefined || outstandingCredit === undefined || creditLimit === undefined)
          throw new Error(`the posting answered no figures for wallet ${customerId}`);
        return { customerId, balance, outstandingCredit, creditLimit };
      }),
    };
  } catch (err) {
    const cause =
      (err as { cause?: { code?: string; message?: string } }).cause ?? (err as { code?: string; message?: string });
    if (cause.code === 'PT409') return { refusal: cause.message as 'insufficient_balance' };
    throw err;
  }
}

export function createCreditRepository(db: Db) {
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
      await tx.execute(sql`select open_wallet(${customerId})`);
    },

    /**
     * Locks wallet account rows in ascending customer_id order, the one lock order of DOMAIN.md (a posting
     * then locks the slots after each account row), so two transactions touching the same wallets can
     * never deadlock. The balance is the slots' sum as this transaction sees it.
     */
    async lockWallets(customerIds: number[], tx: Tx): Promise<LockedWallet[]> {
      const ids = [...new Set(customerIds)].sort((a, b) => a - b);
      return tx
        .select({
          customerId: walletAccounts.customerId,
          balance: sql<string>`(select coalesce(sum(${walletSlots.balance}), 0) from ${walletSlots}
            where ${walletSlots.customerId} = ${walletAccounts.customerId})::text`,
          outstandingCredit: walletAccounts.outstandingCredit,
          creditLimit: customers.creditLimit,
          autoCredit: customers.autoCredit,
          balanceTrigger: customers.balanceTrigger,
          balanceTopup: customers.balanceTopup,
        })
        .from(walletAccounts)
        .innerJoin(customers, eq(customers.id, walletAccounts.customerId))
        .where(inArray(walletAccounts.customerId, ids))
        .orderBy(asc(walletAccounts.customerId))
        .for('update', { of: walletAccounts });
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

    /** Crossings of slotted wallets since the last run (migration 0035): the new requests' ids. */
    async recordSlotCrossings(at: Date) {
      const { rows } = await db.execute<{ id: string }>(sql`select wallet_slot_crossings(${at}) as id`);
      return rows.map((r) => Number(r.id));
    },

    async findPendingAutoCredit(olderThan: Date) {
      return db
        .select({ id: autoCreditRequests.id })
        .from(autoCreditRequests)
        .where(and(eq(autoCreditRequests.status, 'pending'), lt(autoCreditRequests.createdAt, olderThan)))
        .orderBy(asc(autoCreditRequests.id))
        .limit(500);
    },

    /** One visible customer of the actor (or undefined: the caller answers 404). */
    async findVisibleCustomer(actor: Viewer, customerId: number, tx: Tx = db) {
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
      v: {
        autoCredit: boolean;
        balanceTrigger?: string;
        balanceTopup?: string;
        lowBalanceNotice?: 'none' | 'email' | 'sms';
      },
    ) {
      await db.update(customers).set(v).where(eq(customers.id, customerId));
    },

    async findAutoCreditSettings(customerId: number) {
      const rows = await db
        .select({
          auto_credit: customers.autoCredit,
          balance_trigger: customers.balanceTrigger,
          balance_topup: customers.balanceTopup,
          low_balance_notice: customers.lowBalanceNotice,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return rows[0];
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;
