-- A customer's balance in slots (decision 0040 amended, migration 0035): a reseller's shops each take from one slot
-- of the reseller's balance, so they no longer queue on one wallet row. `wallets` is a view every reader reads: the
-- balance is the sum of the slots. This spreads a total over the slots.
CREATE OR REPLACE FUNCTION wallet_spread(p_total numeric, p_slots integer) RETURNS TABLE (slot smallint, balance numeric)
LANGUAGE sql IMMUTABLE AS $$
  -- Equal shares to the 0.0001, the remainder in slot 0; every share ≥ 0 when the total is.
  SELECT i::smallint, CASE WHEN i = 0 THEN p_total - trunc(p_total / p_slots, 4) * (p_slots - 1)
                           ELSE trunc(p_total / p_slots, 4) END
  FROM generate_series(0, p_slots - 1) i
$$;
