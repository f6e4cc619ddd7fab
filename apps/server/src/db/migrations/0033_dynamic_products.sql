CREATE TABLE "dynamic_product_discounts" (
	"customer_id" integer NOT NULL,
	"dynamic_product_id" integer NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dynamic_product_discounts_customer_id_dynamic_product_id_pk" PRIMARY KEY("customer_id","dynamic_product_id"),
	CONSTRAINT "dynamic_product_discounts_range_chk" CHECK ("dynamic_product_discounts"."discount" >= 0 and "dynamic_product_discounts"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "dynamic_product_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dynamic_product_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"sale_id" integer,
	"customer_id" integer,
	"external_id" text,
	"provider_product_id" integer,
	"provider_status" text,
	"message" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamic_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dynamic_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_product_id" integer NOT NULL,
	"name" text NOT NULL,
	"product_type" text NOT NULL,
	"face_value" numeric(19, 4) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dynamic_products_type_chk" CHECK ("dynamic_products"."product_type" in ('cash_card', 'gift_card')),
	CONSTRAINT "dynamic_products_face_chk" CHECK ("dynamic_products"."face_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "soft_pin_reveals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "soft_pin_reveals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sale_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "soft_pin_reveals_kind_chk" CHECK ("soft_pin_reveals"."kind" in ('sale', 'status'))
);
--> statement-breakpoint
CREATE TABLE "soft_pins" (
	"sale_id" integer PRIMARY KEY NOT NULL,
	"pin_ciphertext" "bytea" NOT NULL,
	"serial" text,
	"delivered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dynamic_product_discounts" ADD CONSTRAINT "dynamic_product_discounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_product_discounts" ADD CONSTRAINT "dynamic_product_discounts_dynamic_product_id_dynamic_products_id_fk" FOREIGN KEY ("dynamic_product_id") REFERENCES "public"."dynamic_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_product_discounts" ADD CONSTRAINT "dynamic_product_discounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_products" ADD CONSTRAINT "dynamic_products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_pin_reveals" ADD CONSTRAINT "soft_pin_reveals_sale_id_provider_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."provider_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_pins" ADD CONSTRAINT "soft_pins_sale_id_provider_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."provider_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dynamic_product_logs_created_idx" ON "dynamic_product_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dynamic_products_provider_uq" ON "dynamic_products" USING btree ("provider","provider_product_id");--> statement-breakpoint
CREATE INDEX "soft_pin_reveals_sale_idx" ON "soft_pin_reveals" USING btree ("sale_id");