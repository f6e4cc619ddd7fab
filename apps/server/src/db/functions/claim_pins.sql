-- The claim of stock for sale, for one purchase or a batch (issue 38): for each configuration, its first
-- `quantity` available PINs in the order of `available_stock`'s primary key, SKIP LOCKED, deleted from
-- available_stock by row address and marked sold. Each configuration's rows are read as a range of the primary
-- key's first column bounded from both sides (migration 0040): a range is not an equality, so the planner does not
-- drop the first ORDER BY column, and only the primary key gives that order without sorting, however the PINs of
-- several configurations were imported. One definition: `claim_pins` is this for one configuration.
CREATE OR REPLACE FUNCTION claim_pins_batch(p_configuration_ids integer[], p_quantities integer[])
RETURNS TABLE (
  id bigint, configuration_id integer, pin_ciphertext bytea, serial text, lot text, cost numeric,
  buying_discount numeric, supplier_id integer, owner_customer_id integer, product_id integer
)
LANGUAGE sql AS $$
  WITH claimed AS (
    DELETE FROM available_stock
    WHERE ctid = ANY (ARRAY(
      SELECT a.ctid FROM unnest(p_configuration_ids, p_quantities) w(c, q)
      CROSS JOIN LATERAL (
        SELECT s.ctid FROM available_stock s
        WHERE s.configuration_id >= w.c AND s.configuration_id <= w.c
        ORDER BY s.configuration_id, s.pin_id LIMIT w.q FOR UPDATE SKIP LOCKED) a))
    RETURNING pin_id
  )
  UPDATE pins SET sold_at = now() WHERE pins.id = ANY (ARRAY(SELECT pin_id FROM claimed))
  RETURNING pins.id, pins.configuration_id, pins.pin_ciphertext, pins.serial, pins.lot, pins.cost,
    pins.buying_discount, pins.supplier_id, pins.owner_customer_id, pins.product_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION claim_pins(p_configuration_id integer, p_quantity integer)
RETURNS TABLE (
  id bigint, pin_ciphertext bytea, serial text, lot text, cost numeric, buying_discount numeric, supplier_id integer,
  owner_customer_id integer, product_id integer
)
LANGUAGE sql AS $$
  SELECT b.id, b.pin_ciphertext, b.serial, b.lot, b.cost, b.buying_discount, b.supplier_id, b.owner_customer_id,
    b.product_id
  FROM claim_pins_batch(ARRAY[p_configuration_id], ARRAY[p_quantity]) b
$$;
