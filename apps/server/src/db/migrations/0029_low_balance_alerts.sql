CREATE TABLE "low_balance_alerts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"raised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_kind_chk";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "low_balance_notice" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "low_balance_alerts" ADD CONSTRAINT "low_balance_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_chk" CHECK ("notices"."kind" in ('low_stock', 'low_balance'));--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_low_balance_notice_chk" CHECK ("customers"."low_balance_notice" in ('none', 'email', 'sms'));