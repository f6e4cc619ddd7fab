CREATE TABLE "discount_slab_items" (
	"slab_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"discount" numeric(7, 4) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discount_slab_items_slab_id_configuration_id_pk" PRIMARY KEY("slab_id","configuration_id"),
	CONSTRAINT "discount_slab_items_discount_chk" CHECK ("discount_slab_items"."discount" >= 0 and "discount_slab_items"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "discount_slabs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_slabs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_assignments" (
	"customer_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"discount_slab_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"assigned_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_assignments_customer_id_configuration_id_pk" PRIMARY KEY("customer_id","configuration_id")
);
--> statement-breakpoint
CREATE TABLE "auto_credit_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_credit_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"balance_before" numeric(19, 4) NOT NULL,
	"trigger" numeric(19, 4) NOT NULL,
	"requested" numeric(19, 4) NOT NULL,
	"granted" numeric(19, 4),
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "auto_credit_requests_status_chk" CHECK ("auto_credit_requests"."status" in ('pending', 'done', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"customer_id" integer NOT NULL,
	"actor_customer_id" integer,
	"created_by" integer,
	"method" text,
	"reference" text,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "journal_entries_kind_chk" CHECK ("journal_entries"."kind" in ('credit_topup', 'payment', 'auto_credit', 'sale', 'refund', 'credit_note', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(19, 4) NOT NULL,
	"balance_after" numeric(19, 4),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_lines_account_chk" CHECK ("ledger_lines"."account" in ('balance', 'credit', 'sales_income', 'inventory', 'cost_of_sales', 'revenue', 'supplier_payables', 'external_funds')),
	CONSTRAINT "ledger_lines_amount_chk" CHECK ("ledger_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"shop_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"address" jsonb NOT NULL,
	"shop_type" text,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"customer_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "registrations_status_chk" CHECK ("registrations"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "staff_assignment_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_assignment_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_customer_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"action" text NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_assignment_history_action_chk" CHECK ("staff_assignment_history"."action" in ('assigned', 'unassigned'))
);
--> statement-breakpoint
CREATE TABLE "staff_assignments" (
	"staff_user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"assigned_by" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_assignments_staff_user_id_customer_id_pk" PRIMARY KEY("staff_user_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "organisation_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "balance_trigger" numeric(19, 4);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "balance_topup" numeric(19, 4);--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "auto_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "discount_slab_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sub_domain" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "alternative_mobiles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_sender_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_logo" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_header_image" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invoice_footer_image" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "login_logo" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shop_type" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "shop_timings" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "holidays" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lunch" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mask_seller_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terminal_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "otp_channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "api_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "api_allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "api_callback_url" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_role" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_slab_items" ADD CONSTRAINT "discount_slab_items_slab_id_discount_slabs_id_fk" FOREIGN KEY ("slab_id") REFERENCES "public"."discount_slabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_slab_items" ADD CONSTRAINT "discount_slab_items_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_slabs" ADD CONSTRAINT "discount_slabs_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_discount_slab_id_discount_slabs_id_fk" FOREIGN KEY ("discount_slab_id") REFERENCES "public"."discount_slabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_credit_requests" ADD CONSTRAINT "auto_credit_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_credit_requests" ADD CONSTRAINT "auto_credit_requests_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_actor_customer_id_customers_id_fk" FOREIGN KEY ("actor_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignment_history" ADD CONSTRAINT "staff_assignment_history_owner_customer_id_customers_id_fk" FOREIGN KEY ("owner_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignment_history" ADD CONSTRAINT "staff_assignment_history_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignment_history" ADD CONSTRAINT "staff_assignment_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignment_history" ADD CONSTRAINT "staff_assignment_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_slabs_owner_idx" ON "discount_slabs" USING btree ("owner_customer_id");--> statement-breakpoint
CREATE INDEX "product_assignments_configuration_idx" ON "product_assignments" USING btree ("configuration_id");--> statement-breakpoint
CREATE INDEX "auto_credit_requests_customer_idx" ON "auto_credit_requests" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_credit_requests_pending_uq" ON "auto_credit_requests" USING btree ("customer_id") WHERE "auto_credit_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "journal_entries_customer_idx" ON "journal_entries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "journal_entries_kind_idx" ON "journal_entries" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("customer_id","account","id");--> statement-breakpoint
CREATE INDEX "registrations_parent_idx" ON "registrations" USING btree ("parent_id","status","id");--> statement-breakpoint
CREATE INDEX "staff_assignment_history_owner_idx" ON "staff_assignment_history" USING btree ("owner_customer_id","id");--> statement-breakpoint
CREATE INDEX "staff_assignments_customer_idx" ON "staff_assignments" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_sub_domain_uq" ON "customers" USING btree (lower("sub_domain")) WHERE "customers"."sub_domain" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_balance_trigger_chk" CHECK ("customers"."balance_trigger" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_balance_topup_chk" CHECK ("customers"."balance_topup" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_terminal_limit_chk" CHECK ("customers"."terminal_limit" >= 0);--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_otp_channel_chk" CHECK ("customers"."otp_channel" in ('sms', 'email'));