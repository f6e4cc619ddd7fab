ALTER TABLE "notices" DROP CONSTRAINT "notices_kind_chk";--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notices_open_subject_idx" ON "notices" USING btree ("kind","subject_id") WHERE "notices"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_chk" CHECK ("notices"."kind" in ('low_stock', 'low_balance', 'provider_alert', 'invoice_mail_failed', 'reclamation'));--> statement-breakpoint
-- Hand-written (issue 40): notices raised before they named their subject get it from their own words, so the next
-- scan resolves the stale ones too. A low-stock notice names its owner's product and face value; a low-balance
-- notice names the shop (its own, or one of the reseller's).
UPDATE "notices" n SET "subject_id" = c."id"
  FROM "product_configurations" c JOIN "products" p ON p."id" = c."product_id"
  WHERE n."kind" = 'low_stock' AND n."subject_id" IS NULL AND p."owner_customer_id" = n."customer_id"
    AND p."product_name" = n."params"->>'product_name' AND c."value" = (n."params"->>'value')::numeric;--> statement-breakpoint
UPDATE "notices" n SET "subject_id" = c."id"
  FROM "customers" c
  WHERE n."kind" = 'low_balance' AND n."subject_id" IS NULL AND c."name" = n."params"->>'customer_name'
    AND (c."id" = n."customer_id" OR c."parent_id" = n."customer_id");
