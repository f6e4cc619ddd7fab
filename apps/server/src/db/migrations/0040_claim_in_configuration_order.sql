-- The claim of stock for sale (0038's) reads one configuration's rows in the order of the primary key,
-- whatever the statistics say. With `configuration_id = $1 ORDER BY pin_id` and the quantity a parameter,
-- the generic plan takes 10 % of the configuration's rows as the limit; once PINs of several configurations
-- were imported in turn (the column's correlation falls), the pin_id index's scan, filtered by configuration,
-- looks cheaper, and every sale then walks the available PINs of every configuration before its own (9 ms
-- instead of 0.07 ms at 500 000 rows). Bounding the key's first column from both sides keeps it out of the
-- planner's equivalences, so only `available_stock`'s primary key gives the order asked for.
CREATE OR REPLACE FUNCTION claim_pins(p_configuration_id integer, p_quantity integer)
RETURNS TABLE (
  id bigint, pin_ciphertext bytea, serial text, lot text, cost numeric, buying_discount numeric, supplier_id integer,
  owner_customer_id integer, product_id integer
)
LANGUAGE sql AS $$
  WITH claimed AS (
    DELETE FROM available_stock
    WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM available_stock
      WHERE configuration_id >= p_configuration_id AND configuration_id <= p_configuration_id
      ORDER BY configuration_id, pin_id LIMIT p_quantity FOR UPDATE SKIP LOCKED))
    RETURNING pin_id
  )
  UPDATE pins SET sold_at = now() WHERE pins.id = ANY (ARRAY(SELECT pin_id FROM claimed))
  RETURNING pins.id, pins.pin_ciphertext, pins.serial, pins.lot, pins.cost, pins.buying_discount, pins.supplier_id,
    pins.owner_customer_id, pins.product_id
$$;
