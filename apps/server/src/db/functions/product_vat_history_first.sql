-- Decision 0132 (migration 0057). A product's first entry is written by the database at insert, whoever inserts it
-- (the catalogue screens, pools, seeds, imports), valid since ever: the treatment it was created with is the only one
-- known before a change. A change is appended by the products service at the portal's clock, in the transaction
-- that changes it.
CREATE OR REPLACE FUNCTION product_vat_history_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_vat_history (product_id, valid_from, vat_treatment, vat_rate)
    VALUES (NEW.id, '-infinity', NEW.vat_treatment, NEW.vat_rate);
  RETURN NULL;
END;
$$;
