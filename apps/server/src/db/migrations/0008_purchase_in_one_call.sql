-- The ledger's one posting definition: every money movement (sales, credit top-ups, payments,
-- auto-credit) goes through this function, which locks the wallet rows in ascending customer order,
-- checks balance ≥ 0 and the credit limit, writes the entry, its lines with running totals and the
-- cached wallet values, and records an auto-credit request when a balance crosses its trigger.
-- A refusal raises SQLSTATE PT409 with the refusal code as message and the customer id as detail.
CREATE FUNCTION ledger_post(
  p_kind text, p_customer_id integer, p_actor_customer_id integer, p_created_by integer, p_method text,
  p_reference text, p_memo text, p_at timestamptz,
  p_customers integer[], p_accounts text[], p_amounts numeric[]
) RETURNS TABLE (
  entry_id bigint, auto_credit_ids bigint[], wallet_ids integer[], balances text[], outstandings text[],
  credit_limits text[]
)
LANGUAGE plpgsql AS $$
DECLARE
  v_entry bigint;
  v_ids bigint[] := '{}';
  v_id bigint;
  v_wallets integer;
  v_locked integer := 0;
  w record;
BEGIN
  IF coalesce(array_length(p_amounts, 1), 0) < 2
     OR EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a IS NULL OR round(a, 4) = 0) THEN
    RAISE EXCEPTION 'journal entry %: needs two or more non-zero lines', p_kind;
  END IF;
  IF (SELECT sum(round(a, 4)) FROM unnest(p_amounts) a) <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance', p_kind;
  END IF;
  SELECT count(DISTINCT l.c) INTO v_wallets FROM unnest(p_customers, p_accounts) l(c, a) WHERE l.a IN ('balance', 'credit');

  -- Check every wallet before writing anything.
  FOR w IN
    SELECT wl.customer_id, wl.balance, wl.outstanding_credit, c.credit_limit,
           wl.balance + d.d_balance AS new_balance, wl.outstanding_credit - d.d_credit AS new_outstanding
    FROM (SELECT l.c AS customer_id,
                 coalesce(sum(round(l.x, 4)) FILTER (WHERE l.a = 'balance'), 0) AS d_balance,
                 coalesce(sum(round(l.x, 4)) FILTER (WHERE l.a = 'credit'), 0) AS d_credit
          FROM unnest(p_customers, p_accounts, p_amounts) l(c, a, x)
          WHERE l.a IN ('balance', 'credit') GROUP BY l.c) d
    JOIN wallets wl ON wl.customer_id = d.customer_id
    JOIN customers c ON c.id = wl.customer_id
    ORDER BY wl.customer_id
    FOR UPDATE OF wl
  LOOP
    v_locked := v_locked + 1;
    IF w.new_balance < 0 THEN
      RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'PT409', DETAIL = w.customer_id::text;
    END IF;
    IF w.new_outstanding < 0 THEN
      RAISE EXCEPTION 'payment_exceeds_outstanding' USING ERRCODE = 'PT409', DETAIL = w.customer_id::text;
    END IF;
    IF w.new_outstanding > w.outstanding_credit AND w.new_outstanding > w.credit_limit THEN
      RAISE EXCEPTION 'credit_limit_exceeded' USING ERRCODE = 'PT409', DETAIL = w.customer_id::text;
    END IF;
  END LOOP;
  IF v_locked < v_wallets THEN
    RAISE EXCEPTION 'journal entry %: a customer has no wallet', p_kind;
  END IF;

  INSERT INTO journal_entries (kind, customer_id, actor_customer_id, created_by, method, reference, memo, created_at)
  VALUES (p_kind, p_customer_id, p_actor_customer_id, p_created_by, p_method, p_reference, coalesce(p_memo, ''), p_at)
  RETURNING id INTO v_entry;
  -- Running totals of the wallet accounts from the values before this entry (the rows are locked).
  INSERT INTO ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
  SELECT v_entry, l.c, l.a, round(l.x, 4),
         CASE l.a
           WHEN 'balance' THEN wl.balance + sum(round(l.x, 4)) OVER (PARTITION BY l.c, l.a ORDER BY l.n)
           WHEN 'credit' THEN sum(round(l.x, 4)) OVER (PARTITION BY l.c, l.a ORDER BY l.n) - wl.outstanding_credit
         END,
         p_at
  FROM unnest(p_customers, p_accounts, p_amounts) WITH ORDINALITY l(c, a, x, n)
  LEFT JOIN wallets wl ON wl.customer_id = l.c AND l.a IN ('balance', 'credit')
  ORDER BY l.n;

  wallet_ids := '{}';
  balances := '{}';
  outstandings := '{}';
  credit_limits := '{}';
  FOR w IN
    UPDATE wallets wl SET balance = wl.balance + d.d_balance, outstanding_credit = wl.outstanding_credit - d.d_credit,
      updated_at = p_at
    FROM (SELECT l.c AS customer_id,
                 coalesce(sum(round(l.x, 4)) FILTER (WHERE l.a = 'balance'), 0) AS d_balance,
                 coalesce(sum(round(l.x, 4)) FILTER (WHERE l.a = 'credit'), 0) AS d_credit
          FROM unnest(p_customers, p_accounts, p_amounts) l(c, a, x)
          WHERE l.a IN ('balance', 'credit') GROUP BY l.c) d, customers cu
    WHERE wl.customer_id = d.customer_id AND cu.id = wl.customer_id
    RETURNING wl.customer_id, wl.balance AS new_balance, wl.balance - d.d_balance AS old_balance,
      wl.outstanding_credit, cu.credit_limit, cu.auto_credit, cu.balance_trigger, cu.balance_topup
  LOOP
    wallet_ids := wallet_ids || w.customer_id;
    -- As text: node-postgres would read a numeric[] as floats.
    balances := balances || w.new_balance::text;
    outstandings := outstandings || w.outstanding_credit::text;
    credit_limits := credit_limits || w.credit_limit::text;
    -- Auto-credit fires once per crossing: the balance was at or above the trigger and is now below.
    IF w.auto_credit AND w.balance_trigger IS NOT NULL AND w.balance_topup IS NOT NULL
       AND w.old_balance >= w.balance_trigger AND w.new_balance < w.balance_trigger THEN
      INSERT INTO auto_credit_requests (customer_id, balance_before, trigger, requested, created_at)
      VALUES (w.customer_id, w.new_balance, w.balance_trigger, w.balance_topup, p_at)
      ON CONFLICT DO NOTHING
      RETURNING id INTO v_id;
      IF v_id IS NOT NULL THEN
        v_ids := v_ids || v_id;
        v_id := NULL;
      END IF;
    END IF;
  END LOOP;
  entry_id := v_entry;
  auto_credit_ids := v_ids;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
-- A sale's entry (DOMAIN.md "A sale"): seller balance −S to the reseller's sales income; with platform stock
-- (a reseller total given) the reseller's balance −R to the platform's revenue; the PINs' cost from the
-- owner's inventory to its cost of sales. Zero lines are left out.
CREATE FUNCTION ledger_post_sale(
  p_seller_id integer, p_reseller_id integer, p_platform_id integer, p_owner_id integer, p_seller_total numeric,
  p_reseller_total numeric, p_cost numeric, p_created_by integer, p_reference text, p_memo text, p_at timestamptz
) RETURNS TABLE (
  entry_id bigint, auto_credit_ids bigint[], wallet_ids integer[], balances text[], outstandings text[],
  credit_limits text[]
)
LANGUAGE sql AS $$
  SELECT p.* FROM (
    SELECT array_agg(l.c ORDER BY l.n) AS customers, array_agg(l.a ORDER BY l.n) AS accounts,
           array_agg(l.x ORDER BY l.n) AS amounts
    FROM (VALUES (1, p_seller_id, 'balance', -p_seller_total), (2, p_reseller_id, 'sales_income', p_seller_total),
                 (3, p_reseller_id, 'balance', -p_reseller_total), (4, p_platform_id, 'revenue', p_reseller_total),
                 (5, p_owner_id, 'inventory', -p_cost), (6, p_owner_id, 'cost_of_sales', p_cost)) l(n, c, a, x)
    WHERE l.x IS NOT NULL AND l.x <> 0
  ) lines,
  LATERAL ledger_post('sale', p_seller_id, p_seller_id, p_created_by, NULL, p_reference, p_memo, p_at,
                      lines.customers, lines.accounts, lines.amounts) p
$$;
--> statement-breakpoint
-- F × (1 − d/100), rounded half-up to the cent: packages/contract/src/pricing.ts priceAfterDiscount, which a
-- property test compares with this on random inputs.
CREATE FUNCTION price_after_discount(p_face numeric, p_discount numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$ SELECT round(p_face * (100 - p_discount) / 100, 2) $$;
--> statement-breakpoint
-- A customer's discount on a configuration: the plan of its assignment, or without one its default
-- slab; a plan without the configuration gives no discount. A single SELECT, so the planner inlines it.
CREATE FUNCTION effective_discount(p_customer_id integer, p_configuration_id integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE WHEN eff_pa.discount_slab_id IS NOT NULL
      THEN (SELECT eff_i.discount FROM discount_slab_items eff_i
            WHERE eff_i.slab_id = eff_pa.discount_slab_id AND eff_i.configuration_id = eff_pa.configuration_id)
      ELSE (SELECT eff_i.discount FROM customers eff_c JOIN discount_slab_items eff_i ON eff_i.slab_id = eff_c.discount_slab_id
            WHERE eff_c.id = eff_pa.customer_id AND eff_i.configuration_id = eff_pa.configuration_id) END
    FROM product_assignments eff_pa
    WHERE eff_pa.customer_id = p_customer_id AND eff_pa.configuration_id = p_configuration_id
  ), 0)
$$;
--> statement-breakpoint
-- The claim of stock for sale (DOMAIN.md): published unsold PINs leave available_stock in PIN order,
-- skipping rows another purchase holds, and are marked sold. The purchase and every caller share it.
CREATE FUNCTION claim_pins(p_configuration_id integer, p_quantity integer)
RETURNS TABLE (
  id bigint, pin_ciphertext bytea, serial text, lot text, cost numeric, buying_discount numeric, supplier_id integer,
  owner_customer_id integer, product_id integer
)
LANGUAGE sql AS $$
  WITH claimed AS (
    DELETE FROM available_stock
    WHERE (configuration_id, pin_id) IN (
      SELECT configuration_id, pin_id FROM available_stock
      WHERE configuration_id = p_configuration_id ORDER BY pin_id LIMIT p_quantity FOR UPDATE SKIP LOCKED)
    RETURNING pin_id
  )
  UPDATE pins SET sold_at = now() FROM claimed WHERE pins.id = claimed.pin_id
  RETURNING pins.id, pins.pin_ciphertext, pins.serial, pins.lot, pins.cost, pins.buying_discount, pins.supplier_id,
    pins.owner_customer_id, pins.product_id
$$;
--> statement-breakpoint
-- A refusal the key remembers (a 409): the same answer for every retry with the same key and body.
CREATE FUNCTION purchase_refusal(p_key text, p_request_hash text, p_at timestamptz, p_code text, p_message text)
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
--> statement-breakpoint
-- A purchase of stock PINs in one call, so its transaction is open for one round trip: the transaction
-- key (locked, checked, replayed or finished), the sellability checks, the price chain, early refusals
-- from the unlocked balances, the claim, the sale with its PINs, reveal record and download row, the
-- ledger entry through ledger_post (which locks and checks the wallets), and the key's outcome. PIN
-- ciphertexts come back for Node to decrypt. A key still locked by another purchase raises lock_not_available (55P03).
CREATE FUNCTION portal_purchase(
  p_key text, p_session_id uuid, p_user_id integer, p_request_hash text, p_key_wait_ms integer,
  p_key_lifetime_ms bigint, p_customer_id integer, p_configuration_id integer, p_quantity integer, p_kind text,
  p_allowed_types text[], p_at timestamptz, p_download_expires_at timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  k record;
  c record;
  v_platform_stock boolean;
  v_seller_price numeric;
  v_reseller_price numeric;
  v_seller_total numeric;
  v_reseller_total numeric;
  v_balance numeric;
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
  PERFORM set_config('lock_timeout', p_key_wait_ms || 'ms', true);
  SELECT * INTO k FROM transaction_keys WHERE key = p_key FOR UPDATE;
  PERFORM set_config('lock_timeout', '0', true);
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
    p.is_active AS product_active, p.owner_customer_id,
    pa.is_active AS assignment_active, rpa.is_active AS reseller_assignment_active,
    effective_discount(shop.id, cf.id) AS seller_discount, effective_discount(parent.id, cf.id) AS reseller_discount
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
  SELECT balance INTO v_balance FROM wallets WHERE customer_id = p_customer_id;
  IF coalesce(v_balance, 0) < v_seller_total THEN
    RETURN purchase_refusal(p_key, p_request_hash, p_at, 'insufficient_balance', 'Insufficient balance');
  END IF;
  IF v_platform_stock THEN
    SELECT balance INTO v_balance FROM wallets WHERE customer_id = c.reseller_id;
    IF coalesce(v_balance, 0) < v_reseller_total THEN
      RETURN purchase_refusal(p_key, p_request_hash, p_at, 'reseller_insufficient_balance', v_reseller_short);
    END IF;
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

    INSERT INTO sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
                       quantity, face_value, seller_price, reseller_price, total_cost, created_at)
    VALUES (p_customer_id, p_user_id, c.reseller_id, c.owner_customer_id, c.product_id, c.configuration_id, p_kind,
            p_quantity, c.value, v_seller_price, v_reseller_price, v_cost, p_at)
    RETURNING id INTO v_sale_id;
    INSERT INTO sale_pins (sale_id, pin_id) SELECT v_sale_id, unnest(v_pin_ids);
    IF p_kind = 'single' THEN
      INSERT INTO pin_reveals (sale_id, customer_id, user_id, kind, created_at)
      VALUES (v_sale_id, p_customer_id, p_user_id, 'sale', p_at);
    END IF;
    IF p_download_expires_at IS NOT NULL THEN
      INSERT INTO sale_downloads (sale_id, customer_id, user_id, created_at, expires_at)
      VALUES (v_sale_id, p_customer_id, p_user_id, p_at, p_download_expires_at)
      RETURNING id INTO v_download_id;
    END IF;

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
      'shop_address', c.shop_address, 'mask_seller_discount', c.mask_seller_discount, 'download_id', v_download_id),
    'pins', CASE WHEN p_kind = 'single' THEN v_pins ELSE '[]'::jsonb END,
    'auto_credit_ids', to_jsonb(v_posted.auto_credit_ids));
END;
$$;
