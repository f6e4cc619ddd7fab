-- The platform grain and the shop months in day order with every column a report reads (decision 0065 "Shop months"):
-- a long period is then read from the index alone, instead of from rows spread over the whole table among the shop
-- days, which grow with the sales. Written by hand: drizzle's index builder has no INCLUDE.
CREATE INDEX "sales_rollup_grain3_days_idx" ON "sales_rollup" USING btree ("day") INCLUDE ("reseller_id", "customer_id",
  "user_id", "product_id", "configuration_id", "kind", "sales", "pins", "face_value", "seller_amount", "platform_cost",
  "reseller_cost", "platform_revenue", "platform_own_cost") WHERE "grain" = 3;--> statement-breakpoint
CREATE INDEX "sales_rollup_grain4_days_idx" ON "sales_rollup" USING btree ("day") INCLUDE ("reseller_id", "customer_id",
  "user_id", "product_id", "configuration_id", "kind", "sales", "pins", "face_value", "seller_amount", "platform_cost",
  "reseller_cost", "platform_revenue", "platform_own_cost") WHERE "grain" = 4;
