-- The balanced-entry check reads only the lines the statement wrote (decision 0040): every statement's lines
-- must balance per entry with at least two lines. Lines are append-only, so an entry's lines are the union of
-- its statements' groups, each balanced: the entry balances and has two or more lines, as before. The old
-- body joined the new lines back to all of `ledger_lines`, whose plan, cached while the table was small, read
-- the whole table on every sale.
CREATE OR REPLACE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT l.entry_id, count(*) AS n, sum(l.amount) AS total INTO bad
  FROM new_lines l GROUP BY l.entry_id HAVING count(*) < 2 OR sum(l.amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance (% lines, sum %)', bad.entry_id, bad.n, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The claim of stock for sale (0008's), written so that its one plan holds for every configuration and
-- quantity: the rows picked are deleted by their row address and the PINs marked sold by their ids, so
-- neither step can turn into a scan of `available_stock` or `pins`.
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
      WHERE configuration_id = p_configuration_id ORDER BY pin_id LIMIT p_quantity FOR UPDATE SKIP LOCKED))
    RETURNING pin_id
  )
  UPDATE pins SET sold_at = now() WHERE pins.id = ANY (ARRAY(SELECT pin_id FROM claimed))
  RETURNING pins.id, pins.pin_ciphertext, pins.serial, pins.lot, pins.cost, pins.buying_discount, pins.supplier_id,
    pins.owner_customer_id, pins.product_id
$$;
--> statement-breakpoint
-- The purchase's and the posting's statements are key lookups whose best plan does not depend on the values:
-- planned once per connection, not again on every call (custom plans cost 0.6–0.8 ms of planning per sale).
ALTER FUNCTION portal_purchase(text, uuid, integer, text, integer, bigint, integer, integer, integer, text, text[], timestamptz, timestamptz, uuid)
  SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION ledger_post(text, integer, integer, integer, text, text, text, timestamptz, integer[], text[], numeric[])
  SET plan_cache_mode = force_generic_plan;
