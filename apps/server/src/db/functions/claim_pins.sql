-- The claim of stock for sale (DOMAIN.md) for one purchase of one configuration: published unsold PINs leave
-- available_stock in PIN order, skipping rows another purchase holds, and are marked sold. The purchase and every
-- caller share it. One definition: since issue 38 it is `claim_pins_batch` for one configuration (migration 0050;
-- created in 0008, its plan fixed in 0038 and 0040, now in claim_pins_batch).
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
