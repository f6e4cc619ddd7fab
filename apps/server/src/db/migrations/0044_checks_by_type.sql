-- Decision 0125: the checks on the kinds and accounts that every purchase inserts cast to a type instead of listing
-- the values, so no statement reads and compiles a long list again; the columns stay text.
CREATE TYPE "public"."journal_entry_kind" AS ENUM('credit_topup', 'payment', 'auto_credit', 'sale', 'refund', 'credit_note', 'adjustment', 'hardware_order', 'provider_reservation', 'provider_success', 'provider_release', 'provider_refund');--> statement-breakpoint
CREATE TYPE "public"."ledger_account" AS ENUM('balance', 'credit', 'sales_income', 'inventory', 'cost_of_sales', 'revenue', 'supplier_payables', 'external_funds', 'provider_pending');--> statement-breakpoint
CREATE TYPE "public"."pin_reveal_kind" AS ENUM('sale', 'replay', 'reprint', 'download', 'api');--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_chk";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_account_chk";--> statement-breakpoint
ALTER TABLE "pin_reveals" DROP CONSTRAINT "pin_reveals_kind_chk";--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_chk" CHECK (("journal_entries"."kind")::journal_entry_kind is not null);--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_chk" CHECK (("ledger_lines"."account")::ledger_account is not null);--> statement-breakpoint
ALTER TABLE "pin_reveals" ADD CONSTRAINT "pin_reveals_kind_chk" CHECK (("pin_reveals"."kind")::pin_reveal_kind is not null);