-- A provider sale's facts are written once (decision 0080): only the status columns may move, and rows are never
-- deleted. Held by the database for every role, like the ledger's own tables (migration 0020). Offers (migration
-- 0055): an offer's reservation is written once, when it is confirmed (null → the entry), and its state moves only
-- forward (offered → confirmed | rejected | expired); every other fact stays as it was written.
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
