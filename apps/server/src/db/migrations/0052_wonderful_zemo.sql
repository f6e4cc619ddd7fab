ALTER TABLE "sales_rollup" ADD COLUMN "platform_revenue" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_rollup" ADD COLUMN "platform_own_cost" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The platform's own revenue and cost are new figures of every rollup row (decision 0063): the rows are rebuilt from
-- the cursor. Emptied here with the cursor at 0 in the same migration, the job reads every sale and provider event
-- again (50 000 ids a run); reports stay exact meanwhile, they add what lies above the cursor.
DELETE FROM "sales_rollup";--> statement-breakpoint
UPDATE "sales_rollup_cursor" SET "last_sale_id" = 0, "last_provider_entry_id" = 0, "rolled_up_at" = NULL;
