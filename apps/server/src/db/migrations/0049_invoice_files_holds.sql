CREATE TABLE "invoice_files" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"xrechnung" "bytea" NOT NULL,
	"zugferd" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_holds" (
	"issuer_customer_id" integer NOT NULL,
	"recipient_customer_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"params" jsonb NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_holds_issuer_customer_id_recipient_customer_id_period_start_kind_pk" PRIMARY KEY("issuer_customer_id","recipient_customer_id","period_start","kind")
);
--> statement-breakpoint
CREATE TABLE "invoice_mail_attempts" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_mails" DROP CONSTRAINT "invoice_mails_status_chk";--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_mail_attempts" ADD CONSTRAINT "invoice_mail_attempts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_mails" ADD CONSTRAINT "invoice_mails_status_chk" CHECK ("invoice_mails"."status" in ('queued', 'pdf_only', 'no_address', 'predates_mailing', 'failed'));
--> statement-breakpoint
-- An issued document's files are books like the document (decision 0092): never updated or deleted.
CREATE TRIGGER invoice_files_append_only BEFORE UPDATE OR DELETE ON invoice_files
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_files_no_truncate BEFORE TRUNCATE ON invoice_files
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
