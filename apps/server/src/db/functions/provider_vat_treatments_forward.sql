-- Decision 0132 (migration 0057): never backdated (an entry starts after every entry of its subject), never changed
-- or deleted.
CREATE OR REPLACE FUNCTION provider_vat_treatments_forward() RETURNS trigger LANGUAGE plpgsql AS $$
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
