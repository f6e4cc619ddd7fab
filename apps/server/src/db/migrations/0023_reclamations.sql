CREATE TABLE "reclamation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reclamation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reclamation_id" bigint NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reclamation_pins" (
	"reclamation_id" bigint NOT NULL,
	"pin_id" bigint NOT NULL,
	CONSTRAINT "reclamation_pins_reclamation_id_pin_id_pk" PRIMARY KEY("reclamation_id","pin_id"),
	CONSTRAINT "reclamation_pins_pin_id_unique" UNIQUE("pin_id")
);
--> statement-breakpoint
CREATE TABLE "reclamations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reclamations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sale_id" bigint NOT NULL,
	"shop_customer_id" integer NOT NULL,
	"reseller_customer_id" integer NOT NULL,
	"owner_customer_id" integer NOT NULL,
	"filed_by" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reclamations_status_chk" CHECK ("reclamations"."status" in ('new', 'in_progress', 'accepted', 'in_review', 'approved', 'rejected', 'credited')),
	CONSTRAINT "reclamations_reject_reason_chk" CHECK ("reclamations"."status" <> 'rejected' or "reclamations"."reject_reason" is not null)
);
--> statement-breakpoint
DROP INDEX "invoices_recipient_period_uq";--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reclamation_id" bigint;--> statement-breakpoint
ALTER TABLE "reclamation_events" ADD CONSTRAINT "reclamation_events_reclamation_id_reclamations_id_fk" FOREIGN KEY ("reclamation_id") REFERENCES "public"."reclamations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamation_pins" ADD CONSTRAINT "reclamation_pins_reclamation_id_reclamations_id_fk" FOREIGN KEY ("reclamation_id") REFERENCES "public"."reclamations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamations" ADD CONSTRAINT "reclamations_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reclamation_events_reclamation_idx" ON "reclamation_events" USING btree ("reclamation_id","id");--> statement-breakpoint
CREATE INDEX "reclamations_shop_idx" ON "reclamations" USING btree ("shop_customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reclamations_reseller_idx" ON "reclamations" USING btree ("reseller_customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reclamations_owner_idx" ON "reclamations" USING btree ("owner_customer_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reclamation_issuer_uq" ON "invoices" USING btree ("reclamation_id","issuer_customer_id") WHERE "invoices"."reclamation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recipient_period_uq" ON "invoices" USING btree ("issuer_customer_id","recipient_customer_id","period_start","kind") WHERE "invoices"."kind" <> 'credit_note';--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_kind_chk" CHECK ("invoice_runs"."kind" in ('invoice', 'reclamation'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_chk" CHECK ("invoices"."kind" in ('invoice', 'credit_note', 'reclamation'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_chk" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."reclamation_id" is not null));--> statement-breakpoint
-- Hand-written (keep when regenerating): a reclaimed PIN and the history of moves are records, never
-- changed or removed; refuse_change() comes from the ledger's append-only migration.
CREATE TRIGGER reclamation_pins_append_only BEFORE UPDATE OR DELETE ON reclamation_pins
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER reclamation_pins_no_truncate BEFORE TRUNCATE ON reclamation_pins
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER reclamation_events_append_only BEFORE UPDATE OR DELETE ON reclamation_events
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER reclamation_events_no_truncate BEFORE TRUNCATE ON reclamation_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
