ALTER TABLE "notices" DROP CONSTRAINT "notices_kind_chk";--> statement-breakpoint
-- Issue 35: a series per document type (RE invoices, RK corrections, RS overviews). The series is the number's
-- prefix, derived by the database, so issued (append-only) rows keep their numbers and get their series unchanged.
ALTER TABLE "invoices" ADD COLUMN "series" text GENERATED ALWAYS AS (split_part(invoice_no, '-', 1)) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "invoices_issuer_number_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_issuer_series_number_uq" ON "invoices" USING btree ("issuer_customer_id","series","number");--> statement-breakpoint
-- The counters become one per issuer and series. Each new series starts after the highest number that type already
-- issued (an issuer's old one series held RE, RK and RS numbers mixed): RE-000004 after RE-000003 even if RK-000004
-- exists, so no number is used twice within a series and none already issued changes.
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_pkey";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "series" text;--> statement-breakpoint
CREATE FUNCTION invoice_counters_from_issued() RETURNS void LANGUAGE sql AS $$
  DELETE FROM invoice_counters;
  INSERT INTO invoice_counters (issuer_customer_id, series, last_number)
    SELECT issuer_customer_id, series, max(number) FROM invoices GROUP BY issuer_customer_id, series;
$$;--> statement-breakpoint
SELECT invoice_counters_from_issued();--> statement-breakpoint
ALTER TABLE "invoice_counters" ALTER COLUMN "series" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_issuer_customer_id_series_pk" PRIMARY KEY("issuer_customer_id","series");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_chk" CHECK ("notices"."kind" in ('low_stock', 'low_balance', 'provider_alert', 'invoice_mail_failed'));--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_series_chk" CHECK ("invoice_counters"."series" in ('RE', 'RK', 'RS'));
--> statement-breakpoint
CREATE TABLE "invoice_left_out_refunds" (
	"refund_entry_id" bigint NOT NULL,
	"issuer_customer_id" integer NOT NULL,
	"recipient_customer_id" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_left_out_refunds_refund_entry_id_issuer_customer_id_pk" PRIMARY KEY("refund_entry_id","issuer_customer_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_credit_note_chk";--> statement-breakpoint
ALTER TABLE "invoice_files" ALTER COLUMN "xrechnung" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_files" ALTER COLUMN "zugferd" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrects_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancels_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_entry_issuer_uq" ON "invoices" USING btree ("refund_entry_id","issuer_customer_id") WHERE "invoices"."refund_entry_id" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_corrects_chk" CHECK (("invoices"."refund_entry_id" is null) = ("invoices"."corrects_invoice_id" is null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_chk" CHECK (("invoices"."kind" = 'credit_note') = (("invoices"."reclamation_id" is not null) <> ("invoices"."refund_entry_id" is not null)));--> statement-breakpoint
-- Hardware orders cancelled before their month's invoice was issued were left out of it (decision 0096 before
-- issue 35): settled as left out, so the correction job makes no correction for them. Later cancellations, and
-- top-ups reversed after their invoice (which listed them), are left to the job: they get their correction.
INSERT INTO "invoice_left_out_refunds" ("refund_entry_id", "issuer_customer_id", "recipient_customer_id", "settled_at")
SELECT h.refund_entry_id, h.reseller_id, h.customer_id, now()
FROM hardware_orders h
JOIN journal_entries e ON e.id = h.refund_entry_id
JOIN invoices i ON i.kind = 'invoice' AND i.issuer_customer_id = h.reseller_id AND i.recipient_customer_id = h.customer_id
  AND i.period_start = date_trunc('month', h.created_at AT TIME ZONE 'Europe/Berlin')::date
WHERE i.issued_at >= e.created_at;
