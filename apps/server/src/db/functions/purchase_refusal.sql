-- A refusal the key remembers (a 409): the same answer for every retry with the same key and body. Used by
-- `portal_purchase`. (Migration 0008.)
CREATE OR REPLACE FUNCTION purchase_refusal(p_key text, p_request_hash text, p_at timestamptz, p_code text, p_message text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb := jsonb_build_object('message_type', 0, 'message', p_message, 'code', p_code);
BEGIN
  UPDATE transaction_keys SET status = 'done', request_hash = p_request_hash, outcome_status = 409,
    outcome = jsonb_build_object('refusal', v_refusal), finished_at = p_at
  WHERE key = p_key;
  RETURN jsonb_build_object('outcome', 'refused', 'status', 409, 'refusal', v_refusal);
END;
$$;
