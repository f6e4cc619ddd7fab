CREATE TABLE "dynamic_product_offers" (
	"customer_id" integer NOT NULL,
	"dynamic_product_id" integer NOT NULL,
	"offered" boolean NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dynamic_product_offers_customer_id_dynamic_product_id_pk" PRIMARY KEY("customer_id","dynamic_product_id")
);
--> statement-breakpoint
ALTER TABLE "flixbus_bookings" DROP CONSTRAINT "flixbus_bookings_status_chk";--> statement-breakpoint
ALTER TABLE "flixbus_bookings" ADD COLUMN "departs_at" timestamp with time zone;--> statement-breakpoint
-- Bookings made before the column: the departure the provider gave, kept in the trip.
UPDATE "flixbus_bookings" SET "departs_at" = ("trip"->>'departure')::timestamptz;--> statement-breakpoint
ALTER TABLE "flixbus_bookings" ALTER COLUMN "departs_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "flixbus_bookings" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dynamic_product_offers" ADD CONSTRAINT "dynamic_product_offers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_product_offers" ADD CONSTRAINT "dynamic_product_offers_dynamic_product_id_dynamic_products_id_fk" FOREIGN KEY ("dynamic_product_id") REFERENCES "public"."dynamic_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_product_offers" ADD CONSTRAINT "dynamic_product_offers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flixbus_bookings_paid_idx" ON "flixbus_bookings" USING btree ("departs_at") WHERE "flixbus_bookings"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "provider_sales_product_idx" ON "provider_sales" USING btree ("provider","product_id");--> statement-breakpoint
ALTER TABLE "flixbus_bookings" ADD CONSTRAINT "flixbus_bookings_status_chk" CHECK ("flixbus_bookings"."status" in ('reserved', 'paid', 'cancelled', 'failed', 'refunded'));--> statement-breakpoint
-- Bookings paid before their status followed the sale (decision 0103): what their payment became.
UPDATE "flixbus_bookings" b SET "status" = s."status" FROM "provider_sales" s
  WHERE s."provider" = 'flixbus' AND s."product_id" = b."id" AND b."status" = 'paid' AND s."status" IN ('failed', 'refunded');
