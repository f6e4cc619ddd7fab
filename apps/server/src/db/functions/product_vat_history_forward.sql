-- Decision 0132 (migration 0057). Never backdated: an entry starts after every entry the product already has, and
-- it is never changed or deleted.
CREATE OR REPLACE FUNCTION product_vat_history_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM product_vat_history
             WHERE product_id = NEW.product_id AND valid_from >= NEW.valid_from) THEN
    RAISE EXCEPTION 'product_vat_history: an entry of product % valid from % would be backdated',
      NEW.product_id, NEW.valid_from USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
