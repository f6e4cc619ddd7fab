import type { LedgerSale } from '@portal/contract/credit';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
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
import type { Actor, Viewer } from '../../platform/actor.ts';

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

/** The ledger's read side: lines, credit logs, the auto-credit ledger and the customer search. */
export function createLedgerViewsRepository(db: Db) {
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
    // A sale that took from one slot of a slotted balance stored no running total (decision 0040): it is the
    // balance now less every later line of the account.
    balance_after: sql<
      string | null
    >`coalesce(${ledgerLines.balanceAfter}, case when ${ledgerLines.account} = 'balance' then
      (select w.balance from wallets w where w.customer_id = ${ledgerLines.customerId})
      - (select coalesce(sum(n.amount), 0) from ledger_lines n
         where n.customer_id = ${ledgerLines.customerId} and n.account = 'balance' and n.id > ${ledgerLines.id}) end)`,
    method: journalEntries.method,
    reference: journalEntries.reference,
    memo: journalEntries.memo,
    created_by: users.username,
    // What a sale entry sold, so the line can say it in words instead of its reference `sale:<id>`.
    sale: sql<LedgerSale | null>`(
      select json_build_object('id', s.id, 'product', p.product_name, 'face_value', s.face_value::text, 'quantity', s.quantity)
      from sales s join products p on p.id = s.product_id
      where ${journalEntries.kind} = 'sale'
        and s.id = substring(${journalEntries.reference} from '^sale:([0-9]+)$')::bigint)`,
    // A provider sale's entries carry `provider:external_id`, the sale's unique key, so the line can open the sale.
    provider_sale: sql<{ id: number; provider: string } | null>`(
      select json_build_object('id', ps.id, 'provider', ps.provider) from provider_sales ps
      where ${journalEntries.kind} in ('provider_reservation', 'provider_success', 'provider_release', 'provider_refund')
        and ps.provider = split_part(${journalEntries.reference}, ':', 1)
        and ps.external_id = substr(${journalEntries.reference}, strpos(${journalEntries.reference}, ':') + 1))`,
  };

  return {
    /** Auto-credit requests of the customers the viewer sees, or of one of them. */
    async findAutoCreditLedger(viewer: Viewer, customerId: number | undefined, p: { limit: number; offset: number }) {
      const where = and(
        sql`${autoCreditRequests.customerId} in (select ${customers.id} from ${customers} where ${visibleCustomers(viewer)})`,
        customerId ? eq(autoCreditRequests.customerId, customerId) : undefined,
      );
      const [items, [counted]] = await Promise.all([
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
      const { count } = counted!; // count() answers one row
      return { items, total: count };
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
      const [items, [counted]] = await Promise.all([
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
      const { count } = counted!; // count() answers one row
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
     * Credit movements (top-ups, payments, auto-credit) of the customers the viewer sees (or of one of them,
     * `f.customerId`): one row per entry with the amount that reached the customer and the part that settled
     * outstanding credit.
     */
    async findCreditLogs(viewer: Viewer, f: LineFilter, p: { limit: number; offset: number }) {
      const kinds: EntryKind[] = f.kind ? [f.kind] : ['credit_topup', 'payment', 'auto_credit'];
      const scope = and(visibleCustomers(viewer), f.customerId ? eq(customers.id, f.customerId) : undefined);
      const where = and(
        sql`${journalEntries.customerId} in (select ${customers.id} from ${customers} where ${scope})`,
        inArray(journalEntries.kind, kinds),
        f.from ? sql`${journalEntries.createdAt} >= ${berlinDayStartSql(f.from)}` : undefined,
        f.to ? sql`${journalEntries.createdAt} < ${berlinDayEndSql(f.to)}` : undefined,
      );
      const onCustomer = (account: LedgerAccount) =>
        sql<string>`coalesce((select sum(l.amount) from ${ledgerLines} l where l.entry_id = ${journalEntries.id}
          and l.customer_id = ${journalEntries.customerId} and l.account = ${account}), 0)`;
      const [items, [counted]] = await Promise.all([
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
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },
  };
}
export type LedgerViewsRepository = ReturnType<typeof createLedgerViewsRepository>;
