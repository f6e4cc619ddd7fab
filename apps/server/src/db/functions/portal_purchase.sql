-- A purchase of stock PINs in one call, so its transaction is open for one round trip: the transaction
-- key (locked, checked, replayed or finished), the sellability checks, the price chain, early refusals
-- from the unlocked balances, the claim, the sale with its PINs, reveal record and download row, the
-- ledger entry through ledger_post (which locks and checks the wallets), and the key's outcome. PIN
-- ciphertexts come back for Node to decrypt. A key still locked by another purchase raises lock_not_available (55P03).
-- (Migration 0008.)
--
-- Since then: the steps of one purchase of 21–30 share its purchase group, written on the sale at insert (0022).
-- Fewer statements, the same steps and refusals (0041): the lock timeout set by assignments, the early balance
-- checks read by the context query, and the sale with its PINs, reveal record and download row written by one
-- statement. The session memo (decision 0124, 0042): the caller passes the row versions its memo of the session
-- lookup was read at (`p_actor_version`, see `actor_version`), compared with the rows' current versions before
-- anything else, so a session ended or an actor changed since never sells. The answer carries what the receipt
-- shows, the product's VAT treatment and rate, from the product row it already reads (issue 40, 0063).
--
-- plan_cache_mode = force_generic_plan (migration 0038): its statements are key lookups whose best plan does not
-- depend on the values: planned once per connection, not again on every call (custom plans cost 0.6–0.8 ms of
-- planning per sale). Purchases that arrive together go through `portal_purchase_batch`; one that would wait there
-- runs alone through this.
CREATE OR REPLACE FUNCTION portal_purchase(
  p_key text, p_session_id uuid, p_user_id integer, p_request_hash text, p_key_wait_ms integer,
  p_key_lifetime_ms bigint, p_customer_id integer, p_configuration_id integer, p_quantity integer, p_kind text,
  p_allowed_types text[], p_at timestamptz, p_download_expires_at timestamptz, p_purchase_group uuid,
  p_actor_version text
) RETURNS jsonb
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  k record;
  c record;
  v_platform_stock boolean;
  v_seller_price numeric;
  v_reseller_price numeric;
  v_seller_total numeric;
  v_reseller_total numeric;
  v_setting text;
  v_pin_ids bigint[];
  v_cost numeric;
  v_pins jsonb;
  v_sale_id bigint;
  v_download_id uuid;
  v_posted record;
  v_refusal text;
  v_detail text;
  v_reseller_short constant text := 'Your reseller''s balance does not cover this purchase; please contact your reseller';
BEGIN
  -- A caller answered from the session memo passes the versions it read; any change since, and it reads afresh.
  IF p_actor_version IS NOT NULL AND p_actor_version IS DISTINCT FROM actor_version(p_session_id) THEN
    RETURN jsonb_build_object('outcome', 'error', 'code', 'actor_changed');
  END IF;
  v_setting := set_config('lock_timeout', p_key_wait_ms || 'ms', true);
  SELECT * INTO k FROM transaction_keys WHERE key = p_key FOR UPDATE;
  v_setting := set_config('lock_timeout', '0', true);
  IF NOT FOUND OR k.session_id <> p_session_id OR k.user_id <> p_user_id
     OR p_at - k.created_at > p_key_lifetime_ms * interval '1 millisecond' THEN
    RETURN jsonb_build_object('outcome', 'error', 'code', 'key_invalid');
  END IF;
  IF k.status = 'done' THEN
    IF k.request_hash IS DISTINCT FROM p_request_hash THEN
      RETURN jsonb_build_object('outcome', 'error', 'code', 'key_reused');
    END IF;
    RETURN jsonb_build_object('outcome', 'replay', 'stored', k.outcome, 'status', coalesce(k.outcome_status, 200));
  END IF;

  -- The shared period lock: a Z report closing this shop's day waits for running sales and blocks new ones.
  SELECT pg_advisory_xact_lock_shared(5, shop.id) AS period_lock,
    shop.name AS shop_name, shop.address AS shop_address, shop.mask_seller_discount,
    parent.id AS reseller_id,
    CASE WHEN parent.account_role = 0 THEN parent.id ELSE parent.parent_id END AS platform_id,
    cf.id AS configuration_id, cf.value, cf.info, cf.is_active AS configuration_active,
    p.id AS product_id, p.product_name, p.product_type, p.product_image, p.customer_care, p.instructions,
    p.is_active AS product_active, p.owner_customer_id, p.vat_treatment, p.vat_rate,
    pa.is_active AS assignment_active, rpa.is_active AS reseller_assignment_active,
    effective_discount(shop.id, cf.id) AS seller_discount, effective_discount(parent.id, cf.id) AS reseller_discount,
    -- The balances before any lock, for the early refusals; the reseller's only when it pays for platform stock.
    (SELECT w.balance FROM wallets w WHERE w.customer_id = shop.id) AS seller_balance,
    CASE WHEN p.owner_customer_id <> parent.id
      THEN (SELECT w.balance FROM wallets w WHERE w.customer_id = parent.id) END AS reseller_balance
  INTO c
  FROM customers shop
  JOIN customers parent ON parent.id = shop.parent_id
  LEFT JOIN product_configurations cf ON cf.id = p_configuration_id
  LEFT JOIN products p ON p.id = cf.product_id
  LEFT JOIN product_assignments pa ON pa.customer_id = shop.id AND pa.configuration_id = cf.id
  LEFT JOIN product_assignments rpa ON rpa.customer_id = parent.id AND rpa.configuration_id = cf.id
  WHERE shop.id = p_customer_id;

  -- The refusals a seller understands, in the order a shop would want to hear them.
  IF NOT FOUND OR c.configuration_id IS NULL OR c.assignment_active IS NULL THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'assignment_missing', 'This product is not assigned to your shop');
  END IF;
  IF NOT (c.product_type = ANY (p_allowed_types)) THEN
    RETURN jsonb_build_object('outcome', 'error', 'code', 'forbidden');
  END IF;
  IF NOT c.assignment_active THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'assignment_disabled', 'This product is disabled for your shop');
  END IF;
  IF NOT c.product_active THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'product_deactivated', 'This product has been deactivated');
  END IF;
  IF NOT c.configuration_active THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'configuration_deactivated', 'This denomination has been deactivated');
  END IF;
  -- Whose stock it is decides who is paid what; a shop directly under the platform buys it as its reseller's own.
  IF c.owner_customer_id = c.reseller_id THEN
    v_platform_stock := false;
  ELSIF c.owner_customer_id <> c.platform_id THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'assignment_missing', 'This product is not assigned to your shop');
  ELSIF NOT coalesce(c.reseller_assignment_active, false) THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'assignment_disabled', 'Your reseller can no longer sell this product');
  ELSE
    v_platform_stock := true;
  END IF;

  v_seller_price := price_after_discount(c.value, c.seller_discount);
  v_seller_total := v_seller_price * p_quantity;
  IF v_platform_stock THEN
    v_reseller_price := price_after_discount(c.value, c.reseller_discount);
    v_reseller_total := v_reseller_price * p_quantity;
  END IF;

  -- Early refusals from the unlocked balances: no PIN is claimed for a purchase that cannot pass. The
  -- wallets are locked only by the ledger posting at the end, so a reseller's wallet, which all its
  -- shops share, is held for as short a time as possible.
  IF coalesce(c.seller_balance, 0) < v_seller_total THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'insufficient_balance', 'Insufficient balance');
  END IF;
  IF v_platform_stock AND coalesce(c.reseller_balance, 0) < v_reseller_total THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'reseller_insufficient_balance', v_reseller_short);
  END IF;

  -- The writes run in a block: a refusal inside it (short stock, a balance spent meanwhile) undoes
  -- the claim and the sale, and the key remembers the refusal.
  BEGIN
    SELECT array_agg(p.id ORDER BY p.id), coalesce(sum(p.cost), 0),
           jsonb_agg(jsonb_build_object('pin_id', p.id, 'ciphertext', encode(p.pin_ciphertext, 'base64'),
                                        'serial', p.serial, 'lot', p.lot) ORDER BY p.id)
    INTO v_pin_ids, v_cost, v_pins FROM claim_pins(c.configuration_id, p_quantity) p;
    IF coalesce(array_length(v_pin_ids, 1), 0) < p_quantity THEN
      RAISE EXCEPTION 'out_of_stock' USING ERRCODE = 'PT409', DETAIL = coalesce(array_length(v_pin_ids, 1), 0)::text;
    END IF;

    -- The sale, its PINs, the reveal record of a single sale and the download row of a bulk one: one statement.
    WITH s AS (
      INSERT INTO sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
                         quantity, face_value, seller_price, reseller_price, total_cost, purchase_group, created_at)
      VALUES (p_customer_id, p_user_id, c.reseller_id, c.owner_customer_id, c.product_id, c.configuration_id, p_kind,
              p_quantity, c.value, v_seller_price, v_reseller_price, v_cost, p_purchase_group, p_at)
      RETURNING id
    ), sp AS (
      INSERT INTO sale_pins (sale_id, pin_id) SELECT s.id, unnest(v_pin_ids) FROM s
    ), r AS (
      INSERT INTO pin_reveals (sale_id, customer_id, user_id, kind, created_at)
      SELECT s.id, p_customer_id, p_user_id, 'sale', p_at FROM s WHERE p_kind = 'single'
    ), dl AS (
      INSERT INTO sale_downloads (sale_id, customer_id, user_id, created_at, expires_at)
      SELECT s.id, p_customer_id, p_user_id, p_at, p_download_expires_at FROM s WHERE p_download_expires_at IS NOT NULL
      RETURNING id
    )
    SELECT s.id, (SELECT dl.id FROM dl) INTO v_sale_id, v_download_id FROM s;

    SELECT * INTO v_posted FROM ledger_post_sale(p_customer_id, c.reseller_id, c.platform_id, c.owner_customer_id,
      v_seller_total, v_reseller_total, v_cost, p_user_id, 'sale:' || v_sale_id,
      c.product_name || ' ' || to_char(c.value, 'FM999999999990.00') || ' × ' || p_quantity, p_at);
  EXCEPTION WHEN SQLSTATE 'PT409' THEN
    GET STACKED DIAGNOSTICS v_refusal = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL;
    IF v_refusal = 'out_of_stock' THEN
      RETURN purchase_refusal(p_key, p_request_hash, p_at, 'out_of_stock',
        CASE WHEN v_detail = '0' THEN 'Out of stock' ELSE 'Out of stock: only ' || v_detail || ' available' END);
    END IF;
    -- The wallets are locked by now: say whose balance is short.
    IF v_refusal = 'insufficient_balance' AND v_detail = p_customer_id::text THEN
      RETURN purchase_refusal(p_key, p_request_hash, p_at, 'insufficient_balance', 'Insufficient balance');
    END IF;
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'reseller_insufficient_balance', v_reseller_short);
  END;

  UPDATE transaction_keys SET status = 'done', request_hash = p_request_hash, outcome_status = 200,
    outcome = jsonb_build_object('sale_id', v_sale_id), finished_at = p_at
  WHERE key = p_key;

  RETURN jsonb_build_object(
    'outcome', 'sold',
    'sale', jsonb_build_object(
      'id', v_sale_id, 'kind', p_kind, 'quantity', p_quantity, 'face_value', c.value::text, 'seller_price', v_seller_price::text,
      'created_at', p_at, 'product_id', c.product_id, 'product_name', c.product_name, 'product_type', c.product_type,
      'product_image', c.product_image, 'customer_care', c.customer_care, 'instructions', c.instructions,
      'configuration_id', c.configuration_id, 'info', c.info, 'shop_name', c.shop_name,
      'shop_address', c.shop_address, 'mask_seller_discount', c.mask_seller_discount, 'download_id', v_download_id,
      'vat_treatment', c.vat_treatment, 'vat_rate', c.vat_rate::text),
    'pins', CASE WHEN p_kind = 'single' THEN v_pins ELSE '[]'::jsonb END,
    'auto_credit_ids', to_jsonb(v_posted.auto_credit_ids));
END;
$$;
