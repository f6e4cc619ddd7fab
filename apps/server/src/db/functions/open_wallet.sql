-- Opens a customer's wallet with its slots; a second call changes nothing. (Migration 0035.)
CREATE OR REPLACE FUNCTION open_wallet(p_customer_id integer) RETURNS void
LANGUAGE sql AS $$
  WITH a AS (
    INSERT INTO wallet_accounts (customer_id, slots)
    SELECT id, wallet_slot_count(account_role) FROM customers WHERE id = p_customer_id
    ON CONFLICT DO NOTHING
    RETURNING customer_id, slots
  )
  INSERT INTO wallet_slots (customer_id, slot) SELECT a.customer_id, i FROM a, generate_series(0, a.slots - 1) i
$$;
