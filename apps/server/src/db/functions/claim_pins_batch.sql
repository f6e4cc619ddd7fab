-- The claim of stock for sale, for one purchase or a batch (issue 38): for each configuration, its first
-- `quantity` available PINs in the order of `available_stock`'s primary key, SKIP LOCKED, deleted from
-- available_stock by row address and marked sold. Each configuration's rows are read as a range of the primary
-- key's first column bounded from both sides (migration 0040): a range is not an equality, so the planner does not
-- drop the first ORDER BY column, and only the primary key gives that order without sorting, however the PINs of
-- several configurations were imported. One definition: `claim_pins` is this for one configuration.
--
-- Why a range (migration 0040): with `configuration_id = $1 ORDER BY pin_id` and the quantity a parameter, the
-- generic plan takes 10 % of the configuration's rows as the limit; once PINs of several configurations were
-- imported in turn (the column's correlation falls), the pin_id index's scan, filtered by configuration, looks
-- cheaper, and every sale then walks the available PINs of every configuration before its own (9 ms instead of
-- 0.07 ms at 500 000 rows). Why by row address (migration 0038): the rows picked are deleted by their row address
-- and the PINs marked sold by their ids, so neither step can turn into a scan of `available_stock` or `pins`.
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
