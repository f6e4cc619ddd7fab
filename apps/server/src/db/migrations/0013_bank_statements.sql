CREATE TABLE "bank_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'parsed' NOT NULL,
	"line_count" integer NOT NULL,
	"new_lines" integer NOT NULL,
	"booking_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"booked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_name_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_name_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"match_key" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_iban" text,
	"customer_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"owner_customer_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"position" integer NOT NULL,
	"account_iban" text,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_iban" text,
	"purpose" text NOT NULL,
	"reference" text,
	"customer_id" integer,
	"status" text NOT NULL,
	"error_code" text,
	"entry_id" bigint,
	"booked_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_booking_user_id_users_id_fk" FOREIGN KEY ("booking_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_name_mappings" ADD CONSTRAINT "bank_name_mappings_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_name_mappings" ADD CONSTRAINT "bank_name_mappings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_name_mappings" ADD CONSTRAINT "bank_name_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_imports_owner_idx" ON "bank_imports" USING btree ("owner_customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_name_mappings_key_uq" ON "bank_name_mappings" USING btree ("owner_customer_id","match_key") WHERE "bank_name_mappings"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_records_line_key_uq" ON "bank_records" USING btree ("owner_customer_id","line_key");--> statement-breakpoint
CREATE INDEX "bank_records_import_idx" ON "bank_records" USING btree ("import_id","position");--> statement-breakpoint
CREATE INDEX "bank_records_owner_idx" ON "bank_records" USING btree ("owner_customer_id","booking_date");