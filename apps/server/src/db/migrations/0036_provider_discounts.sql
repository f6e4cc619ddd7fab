CREATE TABLE "provider_discounts" (
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_discounts_customer_id_provider_pk" PRIMARY KEY("customer_id","provider"),
	CONSTRAINT "provider_discounts_range_chk" CHECK ("provider_discounts"."discount" >= 0 and "provider_discounts"."discount" <= 100),
	CONSTRAINT "provider_discounts_provider_chk" CHECK ("provider_discounts"."provider" in ('dtone', 'direct_recharge', 'flixbus'))
);
--> statement-breakpoint
ALTER TABLE "provider_discounts" ADD CONSTRAINT "provider_discounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_discounts" ADD CONSTRAINT "provider_discounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;