import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 41, decision 0141): one row per administrative change, written by the trigger
 * `audit_change()` on every audited table (db/audit.ts lists them), never by the application. Append-only: a
 * database trigger refuses UPDATE, DELETE and TRUNCATE for every role. `changes` holds only the table's recorded
 * columns (`{"col": {"before": …, "after": …}}`; a secret column only as `{"event": "reset"}`), never a whole row.
 * No foreign keys: the trail outlives what it describes (a deleted record keeps its history).
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `user` (a signed-in user), `api_key`, `public` (a request with no user: sign-in, self-registration) or a job's, migration's or tool's name. */
    actorName: text('actor_name').notNull(),
    actorUserId: integer('actor_user_id'),
    /** The customer the user acted for (its own customer). */
    actorCustomerId: integer('actor_customer_id'),
    requestId: text('request_id'),
    tableName: text('table_name').notNull(),
    /** The record's key: its key columns' values joined with ','. */
    recordKey: text('record_key').notNull(),
    /** The customer the record belongs to (for a customer's "Changes"), where the table names one. */
    subjectCustomerId: integer('subject_customer_id'),
    action: text().notNull(),
    changes: jsonb().notNull(),
    /** sha256 of salt | IP | user agent: the hashed payload keeps it after the origin row is erased. */
    originDigest: text('origin_digest'),
  },
  (t) => [
    index('audit_trail_subject_idx').on(t.subjectCustomerId, t.id),
    index('audit_trail_actor_idx').on(t.actorUserId, t.id),
    index('audit_trail_record_idx').on(t.tableName, t.recordKey),
  ],
);

/**
 * Where a change came from (IP address, user agent), outside the trail's payload so it can be erased after the
 * period the privacy notice names (a DELETE here is allowed; an UPDATE is refused) without touching the trail.
 */
export const auditOrigins = pgTable('audit_origins', {
  trailId: bigint('trail_id', { mode: 'number' }).primaryKey(),
  ip: text(),
  userAgent: text('user_agent'),
  salt: uuid().notNull(),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The hash chain that makes the books tamper-evident (issue 41, decision 0142): each seal covers the rows committed
 * since the previous seal — trail rows, ledger entries with their lines, issued documents with their lines and the
 * hashes of their stored files, Z reports — as the id range (previous seal's `*_upto`, this seal's], and
 * `hash = sha256(prev_hash | the four sources' upto and digest)` (`seal_hash()` in SQL, `db/chain.ts` in TypeScript).
 * Written by the sealing job only, after commit; append-only for every role. The seal row is also the job's cursor.
 */
export const auditSeals = pgTable('audit_seals', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  trailUpto: bigint('trail_upto', { mode: 'number' }).notNull(),
  trailDigest: text('trail_digest').notNull(),
  entriesUpto: bigint('entries_upto', { mode: 'number' }).notNull(),
  entriesDigest: text('entries_digest').notNull(),
  invoicesUpto: bigint('invoices_upto', { mode: 'number' }).notNull(),
  invoicesDigest: text('invoices_digest').notNull(),
  zReportsUpto: bigint('z_reports_upto', { mode: 'number' }).notNull(),
  zReportsDigest: text('z_reports_digest').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text().notNull(),
});

/**
 * The sealing job's safe horizon (one row): the highest id of each source seen at `pending_at`. The next run seals up
 * to these ids only once every transaction that was running at `pending_at` has ended, so a row whose transaction
 * commits after a later id's is never skipped (decision 0142).
 */
export const auditSealState = pgTable('audit_seal_state', {
  id: integer().primaryKey(),
  trailPending: bigint('trail_pending', { mode: 'number' }).notNull().default(0),
  entriesPending: bigint('entries_pending', { mode: 'number' }).notNull().default(0),
  invoicesPending: bigint('invoices_pending', { mode: 'number' }).notNull().default(0),
  zReportsPending: bigint('z_reports_pending', { mode: 'number' }).notNull().default(0),
  pendingAt: timestamp('pending_at', { withTimezone: true }),
});
