CREATE TABLE "product_configurations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"value" numeric(19, 4) NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_configurations_value_chk" CHECK ("product_configurations"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"pin_length" smallint NOT NULL,
	"customer_care" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"product_image" text,
	"is_configuration" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_chk" CHECK ("products"."product_type" in ('cash_card', 'gift_card', 'calling_card')),
	CONSTRAINT "products_pin_length_chk" CHECK ("products"."pin_length" between 4 and 64)
);
--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_configurations_product_idx" ON "product_configurations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_customer_id");