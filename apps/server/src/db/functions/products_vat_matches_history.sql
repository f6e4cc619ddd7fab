-- Decision 0132 (migration 0057). A change of a product's treatment that leaves no entry is refused at commit: the
-- current setting on `products` is always the history's latest entry, so no path can change what invoices read
-- without leaving its date.
CREATE OR REPLACE FUNCTION products_vat_matches_history() RETURNS trigger LANGUAGE plpgsql AS $$
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
