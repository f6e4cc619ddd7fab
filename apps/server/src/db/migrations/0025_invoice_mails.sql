CREATE TABLE "invoice_mails" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"outbox_message_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_mails_status_chk" CHECK ("invoice_mails"."status" in ('queued', 'pdf_only', 'no_address', 'predates_mailing'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_mails" ADD CONSTRAINT "invoice_mails_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Documents issued before mailing existed were handed over already: the mail sweep must not send them now.
INSERT INTO "invoice_mails" ("invoice_id", "status", "created_at") SELECT "id", 'predates_mailing', now() FROM "invoices";
