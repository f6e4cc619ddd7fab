CREATE TABLE "provider_withdrawn_products" (
	"provider" text NOT NULL,
	"product_id" integer NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_withdrawn_products_provider_product_id_pk" PRIMARY KEY("provider","product_id")
);
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_kind_chk";--> statement-breakpoint
ALTER TABLE "provider_sales" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_chk" CHECK ("notices"."kind" in ('low_stock', 'low_balance', 'provider_alert'));