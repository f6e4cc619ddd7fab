CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "favourites_user_id_configuration_id_pk" PRIMARY KEY("user_id","configuration_id")
);
--> statement-breakpoint
CREATE TABLE "pin_reveals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pin_reveals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sale_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pin_ids" bigint[],
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pin_reveals_kind_chk" CHECK ("pin_reveals"."kind" in ('sale', 'replay', 'reprint', 'download'))
);
--> statement-breakpoint
CREATE TABLE "sale_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"csv_file_id" uuid,
	"pdf_file_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sale_downloads_sale_id_unique" UNIQUE("sale_id"),
	CONSTRAINT "sale_downloads_status_chk" CHECK ("sale_downloads"."status" in ('pending', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "sale_pins" (
	"sale_id" bigint NOT NULL,
	"pin_id" bigint NOT NULL,
	CONSTRAINT "sale_pins_sale_id_pin_id_pk" PRIMARY KEY("sale_id","pin_id"),
	CONSTRAINT "sale_pins_pin_id_unique" UNIQUE("pin_id")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reseller_id" integer NOT NULL,
	"owner_customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"face_value" numeric(19, 4) NOT NULL,
	"seller_price" numeric(19, 4) NOT NULL,
	"reseller_price" numeric(19, 4),
	"total_cost" numeric(19, 4) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_kind_chk" CHECK ("sales"."kind" in ('single', 'bulk')),
	CONSTRAINT "sales_quantity_chk" CHECK ("sales"."quantity" between 1 and 1500)
);
--> statement-breakpoint
CREATE TABLE "shop_support_ids" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"support_id" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "z_report_counters" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	"last_sale_id" bigint NOT NULL,
	"last_closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "z_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "z_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"number" integer NOT NULL,
	"first_sale_id" bigint,
	"last_sale_id" bigint NOT NULL,
	"period_start" timestamp with time zone,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" integer NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_reveals" ADD CONSTRAINT "pin_reveals_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_reveals" ADD CONSTRAINT "pin_reveals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_reveals" ADD CONSTRAINT "pin_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_downloads" ADD CONSTRAINT "sale_downloads_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_downloads" ADD CONSTRAINT "sale_downloads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_downloads" ADD CONSTRAINT "sale_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_pins" ADD CONSTRAINT "sale_pins_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_pins" ADD CONSTRAINT "sale_pins_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_reseller_id_customers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_support_ids" ADD CONSTRAINT "shop_support_ids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_support_ids" ADD CONSTRAINT "shop_support_ids_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_report_counters" ADD CONSTRAINT "z_report_counters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "z_reports" ADD CONSTRAINT "z_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pin_reveals_sale_idx" ON "pin_reveals" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_downloads_user_idx" ON "sale_downloads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "sales_customer_user_idx" ON "sales" USING btree ("customer_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "z_reports_customer_number_uq" ON "z_reports" USING btree ("customer_id","number");