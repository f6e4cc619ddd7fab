ALTER TABLE "report_exports" DROP CONSTRAINT "report_exports_format_chk";--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "low_stock_threshold" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_created_idx" ON "sales" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_low_stock_chk" CHECK ("product_configurations"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_format_chk" CHECK ("report_exports"."format" in ('csv', 'xlsx'));