CREATE TABLE "available_stock" (
	"configuration_id" integer NOT NULL,
	"pin_id" bigint NOT NULL,
	CONSTRAINT "available_stock_configuration_id_pin_id_pk" PRIMARY KEY("configuration_id","pin_id"),
	CONSTRAINT "available_stock_pin_id_unique" UNIQUE("pin_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_import_rows" (
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"ok" boolean NOT NULL,
	"reason" text,
	"pin_ciphertext" "bytea",
	"pin_index" text,
	"pin_hint" text NOT NULL,
	"pin_length" smallint NOT NULL,
	"serial" text,
	"lot" text,
	CONSTRAINT "inventory_import_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "inventory_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"kind" text DEFAULT 'product' NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"delimiter" text NOT NULL,
	"line_count" integer NOT NULL,
	"column_count" integer NOT NULL,
	"detected_header" boolean NOT NULL,
	"has_header" boolean,
	"configuration_id" integer,
	"pin_sequence" smallint,
	"batch_sequence" smallint,
	"serial_sequence" smallint,
	"import_batch" text,
	"supplier_id" integer,
	"buying_discount" numeric(7, 4),
	"total_rows" integer,
	"valid_rows" integer,
	"failed_rows" integer,
	"imported_pins" integer,
	"published" boolean,
	"created_by" integer NOT NULL,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validated_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "inventory_imports_kind_chk" CHECK ("inventory_imports"."kind" in ('product', 'pool')),
	CONSTRAINT "inventory_imports_status_chk" CHECK ("inventory_imports"."status" in ('uploaded', 'validating', 'validated', 'approved', 'cancelled')),
	CONSTRAINT "inventory_imports_discount_chk" CHECK ("inventory_imports"."buying_discount" is null or ("inventory_imports"."buying_discount" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "pins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"lot" text NOT NULL,
	"pin_ciphertext" "bytea" NOT NULL,
	"pin_index" text NOT NULL,
	"pin_hint" text NOT NULL,
	"pin_length" smallint NOT NULL,
	"serial" text,
	"supplier_id" integer,
	"buying_discount" numeric(7, 4) NOT NULL,
	"cost" numeric(19, 4) NOT NULL,
	"published" boolean NOT NULL,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pools_product_id_unique" UNIQUE("product_id")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"owner_customer_id" integer,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postalcode" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"ustidnr" text DEFAULT '' NOT NULL,
	"stnr" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "available_stock" ADD CONSTRAINT "available_stock_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "available_stock" ADD CONSTRAINT "available_stock_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_import_rows" ADD CONSTRAINT "inventory_import_rows_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_import_rows_failed_idx" ON "inventory_import_rows" USING btree ("import_id","ok");--> statement-breakpoint
CREATE INDEX "inventory_imports_owner_idx" ON "inventory_imports" USING btree ("owner_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_imports_supplier_idx" ON "inventory_imports" USING btree ("supplier_id","configuration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pins_product_index_uq" ON "pins" USING btree ("product_id","pin_index");--> statement-breakpoint
CREATE INDEX "pins_index_idx" ON "pins" USING btree ("pin_index");--> statement-breakpoint
CREATE INDEX "pins_configuration_lot_idx" ON "pins" USING btree ("configuration_id","lot");--> statement-breakpoint
CREATE INDEX "pins_import_idx" ON "pins" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "pins_owner_idx" ON "pins" USING btree ("owner_customer_id","configuration_id");--> statement-breakpoint
CREATE INDEX "stored_files_expires_idx" ON "stored_files" USING btree ("expires_at") WHERE "stored_files"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "suppliers_owner_idx" ON "suppliers" USING btree ("owner_customer_id","full_name");