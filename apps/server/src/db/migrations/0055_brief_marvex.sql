CREATE TABLE "provider_reconciliation_differences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_reconciliation_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"provider_transaction_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"sale_id" integer,
	"provider_status" text NOT NULL,
	"portal_status" text,
	"found_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_reconciliation_differences_kind_chk" CHECK ("provider_reconciliation_differences"."kind" in ('unknown_transaction', 'status_differs', 'offer_not_cancelled'))
);
--> statement-breakpoint
CREATE TABLE "provider_reconciliations" (
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"compared" integer DEFAULT 0 NOT NULL,
	"balance_available" numeric(19, 4),
	"balance_unit" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "provider_reconciliations_provider_day_pk" PRIMARY KEY("provider","day"),
	CONSTRAINT "provider_reconciliations_status_chk" CHECK ("provider_reconciliations"."status" in ('running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "provider_sales" ALTER COLUMN "reservation_entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_sales" ADD COLUMN "offer_state" text;--> statement-breakpoint
ALTER TABLE "provider_sales" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_reconciliation_differences" ADD CONSTRAINT "provider_reconciliation_differences_sale_id_provider_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."provider_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_reconciliation_differences_uq" ON "provider_reconciliation_differences" USING btree ("provider","day","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "provider_reconciliation_differences_day_idx" ON "provider_reconciliation_differences" USING btree ("day");--> statement-breakpoint
CREATE INDEX "provider_sales_open_offers_idx" ON "provider_sales" USING btree ("offer_expires_at") WHERE "provider_sales"."offer_state" = 'offered';--> statement-breakpoint
ALTER TABLE "provider_sales" ADD CONSTRAINT "provider_sales_offer_state_chk" CHECK ("provider_sales"."offer_state" is null or "provider_sales"."offer_state" in ('offered', 'confirmed', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "provider_sales" ADD CONSTRAINT "provider_sales_reserved_chk" CHECK ("provider_sales"."reservation_entry_id" is not null or "provider_sales"."offer_state" in ('offered', 'rejected', 'expired'));
--> statement-breakpoint
-- Offers (decision 0080): an offer's reservation is written once, when it is confirmed (null → the entry), and its
-- state moves only forward (offered → confirmed | rejected | expired); every other fact stays as it was written.
CREATE OR REPLACE FUNCTION provider_sales_facts_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'provider_sales rows are never deleted';
  END IF;
  IF (OLD.provider, OLD.external_id, OLD.customer_id, OLD.reseller_id, OLD.platform_id, OLD.sold_by, OLD.product_id,
      OLD.product_name, OLD.operator_id, OLD.operator_name, OLD.country_iso_code, OLD.mobile_number, OLD.face_value,
      OLD.face_currency, OLD.retail_price, OLD.seller_price, OLD.reseller_price, OLD.provider_cost, OLD.created_at)
     IS DISTINCT FROM
     (NEW.provider, NEW.external_id, NEW.customer_id, NEW.reseller_id, NEW.platform_id, NEW.sold_by, NEW.product_id,
      NEW.product_name, NEW.operator_id, NEW.operator_name, NEW.country_iso_code, NEW.mobile_number, NEW.face_value,
      NEW.face_currency, NEW.retail_price, NEW.seller_price, NEW.reseller_price, NEW.provider_cost, NEW.created_at)
     OR (OLD.reservation_entry_id IS NOT NULL AND NEW.reservation_entry_id IS DISTINCT FROM OLD.reservation_entry_id)
     OR (OLD.reservation_entry_id IS NULL AND NEW.reservation_entry_id IS NOT NULL
         AND NOT (OLD.offer_state = 'offered' AND NEW.offer_state = 'confirmed'))
  THEN
    RAISE EXCEPTION 'provider_sales facts are never changed';
  END IF;
  IF OLD.offer_state IS DISTINCT FROM NEW.offer_state
     AND NOT (OLD.offer_state = 'offered' AND NEW.offer_state IN ('confirmed', 'rejected', 'expired')) THEN
    RAISE EXCEPTION 'an offer''s state moves only from offered to confirmed, rejected or expired';
  END IF;
  RETURN NEW;
END;
$$;
