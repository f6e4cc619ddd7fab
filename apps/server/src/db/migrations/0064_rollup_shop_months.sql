ALTER TABLE "sales_rollup" DROP CONSTRAINT "sales_rollup_grain_chk";--> statement-breakpoint
CREATE INDEX "sales_rollup_shop_month_idx" ON "sales_rollup" USING btree ("customer_id","day") WHERE "sales_rollup"."grain" = 4;--> statement-breakpoint
ALTER TABLE "sales_rollup" ADD CONSTRAINT "sales_rollup_grain_chk" CHECK ("sales_rollup"."grain" in (1, 2, 3, 4));--> statement-breakpoint
-- The shop months of what is rolled up so far, summed from the shop days (decision 0065 "Shop months"); the job adds
-- every later sale to both grains in the same statement.
INSERT INTO "sales_rollup" (grain, day, reseller_id, customer_id, user_id, product_id, configuration_id, kind, sales,
  pins, face_value, seller_amount, platform_cost, reseller_cost, platform_revenue, platform_own_cost)
SELECT 4, date_trunc('month', day)::date, reseller_id, customer_id, 0, 0, 0, kind, sum(sales), sum(pins),
  sum(face_value), sum(seller_amount), sum(platform_cost), sum(reseller_cost), sum(platform_revenue),
  sum(platform_own_cost)
FROM "sales_rollup" WHERE grain = 1
GROUP BY 2, reseller_id, customer_id, kind;
