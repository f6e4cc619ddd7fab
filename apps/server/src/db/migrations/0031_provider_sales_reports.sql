ALTER TABLE "sales_rollup_cursor" ADD COLUMN "last_provider_entry_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_report_counters" ADD COLUMN "last_provider_entry_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "provider_after_entry_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "provider_last_entry_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_sales_final_entry_idx" ON "provider_sales" USING btree ("final_entry_id") WHERE "provider_sales"."final_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "provider_sales_refund_entry_idx" ON "provider_sales" USING btree ("refund_entry_id") WHERE "provider_sales"."refund_entry_id" is not null;