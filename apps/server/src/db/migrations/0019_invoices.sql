CREATE TABLE "invoice_counters" (
	"issuer_customer_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"face_value" numeric(19, 4) NOT NULL,
	"unit_price" numeric(19, 4) NOT NULL,
	"quantity" integer NOT NULL,
	"gross_amount" numeric(19, 4) NOT NULL,
	"vat_treatment" text NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	CONSTRAINT "invoice_lines_vat_chk" CHECK ("invoice_lines"."vat_treatment" in ('mpv', 'spv'))
);
--> statement-breakpoint
CREATE TABLE "invoice_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issuer_customer_id" integer NOT NULL,
	"recipient_ids" integer[] NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"refusal" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "invoice_runs_status_chk" CHECK ("invoice_runs"."status" in ('pending', 'running', 'done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issuer_customer_id" integer NOT NULL,
	"recipient_customer_id" integer NOT NULL,
	"number" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issuer" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"net_total" numeric(19, 4) NOT NULL,
	"vat_total" numeric(19, 4) NOT NULL,
	"gross_total" numeric(19, 4) NOT NULL,
	"vat_breakdown" jsonb NOT NULL,
	"created_by" integer,
	CONSTRAINT "invoices_period_chk" CHECK ("invoices"."period_start" <= "invoices"."period_end")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "commercial_register" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "managing_directors" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_treatment" text DEFAULT 'mpv' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_runs_issuer_idx" ON "invoice_runs" USING btree ("issuer_customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_issuer_number_uq" ON "invoices" USING btree ("issuer_customer_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recipient_period_uq" ON "invoices" USING btree ("issuer_customer_id","recipient_customer_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_issuer_issued_idx" ON "invoices" USING btree ("issuer_customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_recipient_issued_idx" ON "invoices" USING btree ("recipient_customer_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_chk" CHECK (("products"."vat_treatment" = 'mpv' and "products"."vat_rate" = 0) or ("products"."vat_treatment" = 'spv' and "products"."vat_rate" in (7, 19)));--> statement-breakpoint
-- Issued invoices and their lines are books (GoBD, DOMAIN.md invariant 5): never updated or deleted;
-- a correction is a new document. refuse_change() comes from the ledger's append-only migration.
CREATE TRIGGER invoices_append_only BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_append_only BEFORE UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_no_truncate BEFORE TRUNCATE ON invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- Shops see the invoices written to them (spec section 2: /invoices-all for sellers), so existing shops and
-- their managers get the flag their role now carries.
UPDATE customers SET features = array_append(features, 'has_invoice')
  WHERE account_role = 2 AND NOT ('has_invoice' = ANY(features));
--> statement-breakpoint
UPDATE users SET features = array_append(features, 'has_invoice')
  WHERE account_role = 2 AND internal_role = 0 AND NOT ('has_invoice' = ANY(features));
