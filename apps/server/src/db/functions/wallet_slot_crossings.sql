-- Auto-credit crossings of slotted wallets, which a one-slot posting cannot see (it does not lock the other
-- slots): a wallet whose sum fell below its trigger since the last run gets one request; one that rose to it
-- again is armed for the next crossing. The auto-credit sweep runs this every minute. (Migration 0035.)
CREATE OR REPLACE FUNCTION wallet_slot_crossings(p_at timestamptz) RETURNS SETOF bigint
LANGUAGE sql AS $$
  WITH t AS (
    SELECT wa.customer_id, c.balance_trigger, c.balance_topup,
           (SELECT sum(s.balance) FROM wallet_slots s WHERE s.customer_id = wa.customer_id) AS total
    FROM wallet_accounts wa JOIN customers c ON c.id = wa.customer_id
    WHERE wa.slots > 1 AND c.auto_credit AND c.balance_trigger IS NOT NULL AND c.balance_topup IS NOT NULL
  ), flipped AS (
    UPDATE wallet_accounts wa SET below_trigger = t.total < t.balance_trigger
    FROM t
    WHERE wa.customer_id = t.customer_id AND wa.below_trigger <> (t.total < t.balance_trigger)
    RETURNING wa.customer_id, wa.below_trigger, t.total, t.balance_trigger, t.balance_topup
  )
  INSERT INTO auto_credit_requests (customer_id, balance_before, trigger, requested, created_at)
  SELECT customer_id, total, balance_trigger, balance_topup, p_at FROM flipped WHERE below_trigger
  ON CONFLICT DO NOTHING
  RETURNING id
$$;
