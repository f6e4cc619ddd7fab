DROP INDEX "sales_customer_idx";--> statement-breakpoint
DROP INDEX "sales_customer_user_idx";--> statement-breakpoint
CREATE INDEX "sales_customer_created_idx" ON "sales" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_customer_user_created_idx" ON "sales" USING btree ("customer_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_reseller_created_idx" ON "sales" USING btree ("reseller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);