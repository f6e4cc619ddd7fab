-- The books at a date (decision 0136): an approved PIN import posts a `stock_import` entry, the owner's inventory
-- +C × n against its supplier payables. `alter type … add value` could not be used by the backfill below in the
-- same transaction (drizzle runs pending migrations in one), so the type is re-created with the new value: a type
-- created in the transaction may be used in it.
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_chk";--> statement-breakpoint
ALTER TYPE "public"."journal_entry_kind" RENAME TO "journal_entry_kind_before_0061";--> statement-breakpoint
CREATE TYPE "public"."journal_entry_kind" AS ENUM('credit_topup', 'payment', 'auto_credit', 'sale', 'refund', 'credit_note', 'adjustment', 'hardware_order', 'provider_reservation', 'provider_success', 'provider_release', 'provider_refund', 'stock_import');--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_chk" CHECK (("journal_entries"."kind")::journal_entry_kind is not null);--> statement-breakpoint
DROP TYPE "public"."journal_entry_kind_before_0061";--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD COLUMN "entry_id" bigint;--> statement-breakpoint
-- Backfill: every import approved before this migration gets the entry an approval posts now, dated when it was
-- decided, so each owner's inventory account at the end of any past day equals its stock then (a sale's entry has
-- always moved its PINs' cost out of inventory). The amount is the sum of its pins' own cost.
CREATE TEMPORARY TABLE "stock_import_backfill" ON COMMIT DROP AS
  SELECT nextval('journal_entries_id_seq') AS entry_id, b.*
  FROM (
    SELECT i.id AS import_id, i.owner_customer_id, i.approved_by, coalesce(i.decided_at, min(p.created_at)) AS at,
      sum(p.cost) AS cost, count(*) AS pins
    FROM inventory_imports i JOIN pins p ON p.import_id = i.id
    WHERE i.status = 'approved' AND i.entry_id IS NULL
    GROUP BY i.id
    HAVING sum(p.cost) <> 0
    ORDER BY i.id
  ) b;--> statement-breakpoint
INSERT INTO journal_entries (id, kind, customer_id, actor_customer_id, created_by, reference, memo, created_at)
  OVERRIDING SYSTEM VALUE
  SELECT entry_id, 'stock_import', owner_customer_id, owner_customer_id, approved_by, 'inventory_import:' || import_id,
    pins || ' PINs (migration 0061)', at
  FROM stock_import_backfill ORDER BY entry_id;--> statement-breakpoint
INSERT INTO ledger_lines (entry_id, customer_id, account, amount, created_at)
  SELECT entry_id, owner_customer_id, x.account, x.amount, at
  FROM stock_import_backfill
  CROSS JOIN LATERAL (VALUES ('inventory', cost), ('supplier_payables', -cost)) x(account, amount)
  ORDER BY entry_id, x.account;--> statement-breakpoint
UPDATE inventory_imports i SET entry_id = b.entry_id FROM stock_import_backfill b WHERE b.import_id = i.id;
