CREATE TABLE "product_vat_history" (
	"product_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"vat_treatment" text NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_vat_history_product_id_valid_from_pk" PRIMARY KEY("product_id","valid_from"),
	CONSTRAINT "product_vat_history_vat_chk" CHECK (("product_vat_history"."vat_treatment" = 'mpv' and "product_vat_history"."vat_rate" = 0) or ("product_vat_history"."vat_treatment" = 'spv' and "product_vat_history"."vat_rate" in (7, 19)))
);
--> statement-breakpoint
CREATE TABLE "provider_vat_treatments" (
	"provider" text NOT NULL,
	"dynamic_product_id" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"treatment" text NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"carrier" text,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_vat_treatments_provider_dynamic_product_id_valid_from_pk" PRIMARY KEY("provider","dynamic_product_id","valid_from"),
	CONSTRAINT "provider_vat_treatments_provider_chk" CHECK ("provider_vat_treatments"."provider" in ('dtone', 'direct_recharge', 'softpin', 'flixbus')),
	CONSTRAINT "provider_vat_treatments_rate_chk" CHECK (("provider_vat_treatments"."treatment" = 'mpv' and "provider_vat_treatments"."vat_rate" = 0) or ("provider_vat_treatments"."treatment" in ('spv', 'carrier') and "provider_vat_treatments"."vat_rate" in (7, 19))),
	CONSTRAINT "provider_vat_treatments_carrier_chk" CHECK (("provider_vat_treatments"."treatment" = 'carrier') = ("provider_vat_treatments"."carrier" is not null) and ("provider_vat_treatments"."treatment" <> 'carrier' or "provider_vat_treatments"."provider" = 'flixbus')),
	CONSTRAINT "provider_vat_treatments_product_chk" CHECK ("provider_vat_treatments"."dynamic_product_id" = 0 or "provider_vat_treatments"."provider" = 'softpin')
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_vat_chk";--> statement-breakpoint
DROP INDEX "invoices_recipient_period_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "part" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_vat_history" ADD CONSTRAINT "product_vat_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recipient_period_uq" ON "invoices" USING btree ("issuer_customer_id","recipient_customer_id","period_start","kind","part") WHERE "invoices"."kind" <> 'credit_note';--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_vat_chk" CHECK ("invoice_lines"."vat_treatment" in ('mpv', 'spv', 'carrier'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_part_chk" CHECK ("invoices"."part" in ('all', 'not_taxable', 'taxable'));
--> statement-breakpoint
-- Decision 0132. A product's first entry is written by the database at insert, whoever inserts it (the catalogue
-- screens, pools, seeds, imports), valid since ever: the treatment it was created with is the only one known before
-- a change. A change is appended by the products service at the portal's clock, in the transaction that changes it.
CREATE FUNCTION product_vat_history_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_vat_history (product_id, valid_from, vat_treatment, vat_rate)
    VALUES (NEW.id, '-infinity', NEW.vat_treatment, NEW.vat_rate);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_vat_history_first AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION product_vat_history_first();
--> statement-breakpoint
-- Never backdated: an entry starts after every entry the product already has, and it is never changed or deleted.
CREATE FUNCTION product_vat_history_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM product_vat_history
             WHERE product_id = NEW.product_id AND valid_from >= NEW.valid_from) THEN
    RAISE EXCEPTION 'product_vat_history: an entry of product % valid from % would be backdated',
      NEW.product_id, NEW.valid_from USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_vat_history_forward BEFORE INSERT ON product_vat_history
  FOR EACH ROW EXECUTE FUNCTION product_vat_history_forward();
--> statement-breakpoint
CREATE TRIGGER product_vat_history_append_only BEFORE UPDATE OR DELETE ON product_vat_history
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER product_vat_history_no_truncate BEFORE TRUNCATE ON product_vat_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- A change of a product's treatment that leaves no entry is refused at commit: the current setting on `products`
-- is always the history's latest entry, so no path can change what invoices read without leaving its date.
CREATE FUNCTION products_vat_matches_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest record;
BEGIN
  SELECT vat_treatment, vat_rate INTO latest FROM product_vat_history
    WHERE product_id = NEW.id ORDER BY valid_from DESC LIMIT 1;
  IF latest.vat_treatment IS DISTINCT FROM NEW.vat_treatment OR latest.vat_rate IS DISTINCT FROM NEW.vat_rate THEN
    RAISE EXCEPTION 'products: the VAT treatment of product % changed without a product_vat_history entry', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_vat_matches_history AFTER UPDATE OF vat_treatment, vat_rate ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION products_vat_matches_history();
--> statement-breakpoint
-- Backfill: today's setting of every product becomes its first entry, in force since ever (nothing older is known).
INSERT INTO product_vat_history (product_id, valid_from, vat_treatment, vat_rate)
  SELECT id, '-infinity'::timestamptz, vat_treatment, vat_rate FROM products;
--> statement-breakpoint
-- Decision 0132: never backdated (an entry starts after every entry of its subject), never changed or deleted.
CREATE FUNCTION provider_vat_treatments_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM provider_vat_treatments
             WHERE provider = NEW.provider AND dynamic_product_id = NEW.dynamic_product_id
               AND valid_from >= NEW.valid_from) THEN
    RAISE EXCEPTION 'provider_vat_treatments: an entry of % % valid from % would be backdated',
      NEW.provider, NEW.dynamic_product_id, NEW.valid_from USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER provider_vat_treatments_forward BEFORE INSERT ON provider_vat_treatments
  FOR EACH ROW EXECUTE FUNCTION provider_vat_treatments_forward();
--> statement-breakpoint
CREATE TRIGGER provider_vat_treatments_append_only BEFORE UPDATE OR DELETE ON provider_vat_treatments
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER provider_vat_treatments_no_truncate BEFORE TRUNCATE ON provider_vat_treatments
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- The documented defaults, in force since ever (what the invoices did so far for top-ups and soft pins; bus fares
-- passed through for the carrier at the standard rate of long-distance coach travel). To be confirmed by the
-- operator's tax adviser (decision 0132, "Open").
INSERT INTO provider_vat_treatments (provider, dynamic_product_id, valid_from, treatment, vat_rate, carrier) VALUES
  ('dtone', 0, '-infinity', 'mpv', 0, NULL),
  ('direct_recharge', 0, '-infinity', 'mpv', 0, NULL),
  ('softpin', 0, '-infinity', 'mpv', 0, NULL),
  ('flixbus', 0, '-infinity', 'carrier', 19, 'FlixBus DACH GmbH, Friedenheimer Brücke 16, 80639 München');
