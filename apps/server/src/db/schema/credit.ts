import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  type PgEnum,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * A customer's wallet (decision 0040): what it owes, how many slots its balance is split into, and whether
 * the job last saw a slotted balance below its auto-credit trigger. The balance itself lives in the slots.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    outstandingCredit: numeric('outstanding_credit', { precision: 19, scale: 4 }).notNull().default('0'),
    slots: smallint().notNull().default(1),
    belowTrigger: boolean('below_trigger').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('wallet_accounts_outstanding_chk', sql`${t.outstandingCredit} >= 0`),
    check('wallet_accounts_slots_chk', sql`${t.slots} between 1 and 64`),
  ],
);

/**
 * A customer's balance in slots (decision 0040): a sale takes from one slot, so a reseller's shops do not
 * queue on one row; each slot stays ≥ 0, the balance is their sum.
 */
export const walletSlots = pgTable(
  'wallet_slots',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => walletAccounts.customerId),
    slot: smallint().notNull(),
    balance: numeric({ precision: 19, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.slot] }), check('wallet_slots_balance_chk', sql`${t.balance} >= 0`)],
);

/**
 * Every reader's wallet: the balance as the sum of the slots, and what is owed. A view (migration 0035) so
 * no reader can take one slot for the balance; written only through `ledger_post` and `open_wallet`.
 */
export const wallets = pgView('wallets', {
  customerId: integer('customer_id').notNull(),
  balance: numeric({ precision: 19, scale: 4 }).notNull(),
  outstandingCredit: numeric('outstanding_credit', { precision: 19, scale: 4 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}).existing();

/**
 * Ledger accounts, one set per customer (DOMAIN.md "Money"). Amounts are signed value movements:
 * a line of +X on an account means it gained X. `credit` holds what the customer owes, so it is
 * negative while credit is outstanding (wallet.outstanding_credit = −Σ credit lines).
 */
export const LEDGER_ACCOUNTS = [
  'balance',
  'credit',
  'sales_income',
  'inventory',
  'cost_of_sales',
  'revenue',
  'supplier_payables',
  'external_funds',
  // The platform's: provider sales sent and not final yet (decision 0080).
  'provider_pending',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
/**
 * The accounts as a type only for `ledger_lines_account_chk` to cast to. A check `account in (…)` is read from its
 * stored text and compiled again by every statement that inserts lines (the array rebuilt, its hash table with it),
 * a few per cent of a purchase's CPU in PostgreSQL with the entry kinds' check. A cast is a catalogue lookup. The
 * columns stay text, so no query changes; a new account is a new value here, which drizzle-kit turns into
 * `alter type … add value` (decision 0125).
 */
export const ledgerAccountType = pgEnum('ledger_account', LEDGER_ACCOUNTS);

/** The check that a text column holds one of an enum type's values, by the cast decision 0125 explains. */
export const oneOf = (column: AnyPgColumn, type: Pick<PgEnum<[string]>, 'enumName'>) =>
  sql`(${column})::${sql.raw(type.enumName)} is not null`;

export const ENTRY_KINDS = [
  'credit_topup',
  'payment',
  'auto_credit',
  'sale',
  'refund',
  'credit_note',
  'adjustment',
  'hardware_order',
  // Provider sales (decision 0080): sent, final success, failure released, reversal refunded.
  'provider_reservation',
  'provider_success',
  'provider_release',
  'provider_refund',
  // PINs approved into stock: the owner's inventory +C × n against its supplier payables (decision 0136).
  'stock_import',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
/** The entry kinds as a type for `journal_entries_kind_chk` to cast to, as `ledgerAccountType`. */
export const entryKindType = pgEnum('journal_entry_kind', ENTRY_KINDS);

/**
 * One money movement. Append-only: a trigger refuses UPDATE and DELETE for every role. Its customer and
 * user columns carry no foreign key (decision 0051): every sale would lock those hot rows to check them.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    /** The customer the movement is about (whose ledger lists it first). */
    customerId: integer('customer_id').notNull(),
    /** The customer that recorded it (the party above for credit, the seller for a sale). */
    actorCustomerId: integer('actor_customer_id'),
    createdBy: integer('created_by'),
    method: text(),
    reference: text(),
    memo: text().notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('journal_entries_customer_idx').on(t.customerId, t.id),
    index('journal_entries_kind_idx').on(t.kind, t.id),
    check('journal_entries_kind_chk', oneOf(t.kind, entryKindType)),
  ],
);

/** The lines of an entry; each entry's lines sum to zero (checked by a deferred trigger at commit). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    customerId: integer('customer_id').notNull(),
    account: text().notNull(),
    amount: numeric({ precision: 19, scale: 4 }).notNull(),
    /**
     * The account's running total after this line, for statements without a window over history. Set
     * for the wallet accounts (balance, credit) only, while their wallet is locked, so the running total
     * is exact; NULL for a sale that took from one slot of a slotted balance (decision 0040), whose
     * statement computes it. Other accounts are summed when needed.
     */
    balanceAfter: numeric('balance_after', { precision: 19, scale: 4 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The key leads with the entry: it finds an entry's lines, which a second index on entry_id did, and a sale's
    // entry writes four lines, each one index entry fewer (migration 0043).
    primaryKey({ columns: [t.entryId, t.id] }),
    index('ledger_lines_account_idx').on(t.customerId, t.account, t.id),
    check('ledger_lines_account_chk', oneOf(t.account, ledgerAccountType)),
    check('ledger_lines_amount_chk', sql`${t.amount} <> 0`),
  ],
);

/**
 * A crossing below the balance trigger, written in the transaction that crossed it and settled by the
 * auto-credit job exactly once (status pending → done | skipped).
 */
export const autoCreditRequests = pgTable(
  'auto_credit_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    balanceBefore: numeric('balance_before', { precision: 19, scale: 4 }).notNull(),
    trigger: numeric({ precision: 19, scale: 4 }).notNull(),
    requested: numeric({ precision: 19, scale: 4 }).notNull(),
    granted: numeric({ precision: 19, scale: 4 }),
    status: text().$type<'pending' | 'done' | 'skipped'>().notNull().default('pending'),
    reason: text(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('auto_credit_requests_customer_idx').on(t.customerId, t.id),
    uniqueIndex('auto_credit_requests_pending_uq').on(t.customerId).where(sql`${t.status} = 'pending'`),
    check('auto_credit_requests_status_chk', sql`${t.status} in ('pending', 'done', 'skipped')`),
  ],
);
