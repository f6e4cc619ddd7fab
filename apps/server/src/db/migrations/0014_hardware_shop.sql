CREATE TABLE "hardware_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hardware_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_file_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hardware_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hardware_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"reseller_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(19, 4) NOT NULL,
	"total" numeric(19, 4) NOT NULL,
	"status" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"entry_id" bigint NOT NULL,
	"refund_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hardware_orders_status_chk" CHECK ("hardware_orders"."status" in ('ordered', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "hardware_orders_quantity_chk" CHECK ("hardware_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "hardware_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hardware_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(19, 4) NOT NULL,
	"stock" integer NOT NULL,
	"image_file_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "hardware_products_stock_chk" CHECK ("hardware_products"."stock" >= 0),
	CONSTRAINT "hardware_products_price_chk" CHECK ("hardware_products"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_chk";--> statement-breakpoint
ALTER TABLE "hardware_categories" ADD CONSTRAINT "hardware_categories_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_categories" ADD CONSTRAINT "hardware_categories_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD CONSTRAINT "hardware_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD CONSTRAINT "hardware_orders_reseller_id_customers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD CONSTRAINT "hardware_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_orders" ADD CONSTRAINT "hardware_orders_product_id_hardware_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."hardware_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_products" ADD CONSTRAINT "hardware_products_category_id_hardware_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."hardware_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_products" ADD CONSTRAINT "hardware_products_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hardware_categories_owner_idx" ON "hardware_categories" USING btree ("owner_customer_id");--> statement-breakpoint
CREATE INDEX "hardware_orders_reseller_idx" ON "hardware_orders" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE INDEX "hardware_orders_customer_idx" ON "hardware_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "hardware_products_category_idx" ON "hardware_products" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_chk" CHECK ("journal_entries"."kind" in ('credit_topup', 'payment', 'auto_credit', 'sale', 'refund', 'credit_note', 'adjustment', 'hardware_order'));