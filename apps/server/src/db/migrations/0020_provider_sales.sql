CREATE TABLE "provider_sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"reseller_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"sold_by" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"country_iso_code" text NOT NULL,
	"mobile_number" text NOT NULL,
	"face_value" numeric(19, 4) NOT NULL,
	"face_currency" text NOT NULL,
	"retail_price" numeric(19, 4) NOT NULL,
	"seller_price" numeric(19, 4) NOT NULL,
	"reseller_price" numeric(19, 4),
	"provider_cost" numeric(19, 4) NOT NULL,
	"status" text NOT NULL,
	"provider_status" text,
	"provider_transaction_id" bigint,
	"operator_reference" text,
	"reservation_entry_id" bigint NOT NULL,
	"final_entry_id" bigint,
	"refund_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"final_at" timestamp with time zone,
	CONSTRAINT "provider_sales_status_chk" CHECK ("provider_sales"."status" in ('pending', 'successful', 'failed', 'refunded')),
	CONSTRAINT "provider_sales_prices_chk" CHECK ("provider_sales"."seller_price" > 0 and "provider_sales"."provider_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_chk";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_account_chk";--> statement-breakpoint
ALTER TABLE "provider_sales" ADD CONSTRAINT "provider_sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_sales" ADD CONSTRAINT "provider_sales_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_sales_external_uq" ON "provider_sales" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "provider_sales_customer_idx" ON "provider_sales" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "provider_sales_pending_idx" ON "provider_sales" USING btree ("id") WHERE "provider_sales"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_chk" CHECK ("journal_entries"."kind" in ('credit_topup', 'payment', 'auto_credit', 'sale', 'refund', 'credit_note', 'adjustment', 'hardware_order', 'provider_reservation', 'provider_success', 'provider_release', 'provider_refund'));--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_chk" CHECK ("ledger_lines"."account" in ('balance', 'credit', 'sales_income', 'inventory', 'cost_of_sales', 'revenue', 'supplier_payables', 'external_funds', 'provider_pending'));--> statement-breakpoint
-- A provider sale's facts are written once (decision 0080): only the status columns may move, and rows
-- are never deleted. Held by the database for every role, like the ledger's own tables.
CREATE FUNCTION provider_sales_facts_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'provider_sales rows are never deleted';
  END IF;
  IF (OLD.provider, OLD.external_id, OLD.customer_id, OLD.reseller_id, OLD.platform_id, OLD.sold_by, OLD.product_id,
      OLD.product_name, OLD.operator_id, OLD.operator_name, OLD.country_iso_code, OLD.mobile_number, OLD.face_value,
      OLD.face_currency, OLD.retail_price, OLD.seller_price, OLD.reseller_price, OLD.provider_cost,
      OLD.reservation_entry_id, OLD.created_at)
     IS DISTINCT FROM
     (NEW.provider, NEW.external_id, NEW.customer_id, NEW.reseller_id, NEW.platform_id, NEW.sold_by, NEW.product_id,
      NEW.product_name, NEW.operator_id, NEW.operator_name, NEW.country_iso_code, NEW.mobile_number, NEW.face_value,
      NEW.face_currency, NEW.retail_price, NEW.seller_price, NEW.reseller_price, NEW.provider_cost,
      NEW.reservation_entry_id, NEW.created_at) THEN
    RAISE EXCEPTION 'provider_sales facts are never changed';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER provider_sales_facts_fixed BEFORE UPDATE OR DELETE ON provider_sales
  FOR EACH ROW EXECUTE FUNCTION provider_sales_facts_fixed();
