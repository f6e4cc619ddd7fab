-- The ledger's one posting definition (0035's) with less work per sale, the same rules and lock order. A one-slot
-- wallet (every shop's) is locked, checked and changed by one UPDATE whose condition is the balance check, instead
-- of a locking read and a spread; when the condition fails the row stays locked (READ COMMITTED locks the newest
-- version before it rechecks), harmless for a customer's only row. The one-slot take from a slotted balance keeps
-- its savepoint for that reason: a short slot left locked would be taken out of slot order, and the fall-back that
-- locks every slot in order would deadlock with another. The line checks are one read of the amounts, not two, and
-- the entry and its lines one statement. The number of statements matters more than their size here: starting
-- their executors took about a fifth of the backends' CPU in a profile of A's purchases called by pgbench.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_customer_id integer, p_actor_customer_id integer, p_created_by integer, p_method text,
  p_reference text, p_memo text, p_at timestamptz,
  p_customers integer[], p_accounts text[], p_amounts numeric[]
) RETURNS TABLE (
  entry_id bigint, auto_credit_ids bigint[], wallet_ids integer[], balances text[], outstandings text[],
  credit_limits text[]
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_entry bigint;
  v_ids bigint[] := '{}';
  v_id bigint;
  d record;
  a record;
  v_old numeric;
  v_new numeric;
  v_outstanding numeric;
  v_one_slot boolean;
  v_lines integer;
  v_zero_lines integer;
  v_sum numeric;
  v_base_customers integer[] := '{}';
  v_base_balances numeric[] := '{}';
  v_base_outstandings numeric[] := '{}';
BEGIN
  SELECT count(*), count(*) FILTER (WHERE x IS NULL OR round(x, 4) = 0), sum(round(x, 4))
  INTO v_lines, v_zero_lines, v_sum FROM unnest(p_amounts) x;
  IF v_lines < 2 OR v_zero_lines > 0 THEN
    RAISE EXCEPTION 'journal entry %: needs two or more non-zero lines', p_kind;
  END IF;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance', p_kind;
  END IF;
  wallet_ids := '{}';
  balances := '{}';
  outstandings := '{}';
  credit_limits := '{}';

  FOR d IN
    SELECT l.c AS customer_id,
           coalesce(sum(round(l.x, 4)) FILTER (WHERE l.a = 'balance'), 0) AS d_balance,
           coalesce(sum(round(l.x, 4)) FILTER (WHERE l.a = 'credit'), 0) AS d_credit,
           bool_or(l.a = 'balance') AS has_balance, bool_or(l.a = 'credit') AS has_credit
    FROM unnest(p_customers, p_accounts, p_amounts) l(c, a, x)
    WHERE l.a IN ('balance', 'credit') GROUP BY l.c ORDER BY l.c
  LOOP
    IF d.has_credit THEN
      SELECT wa.slots, wa.outstanding_credit, c.credit_limit, c.auto_credit, c.balance_trigger, c.balance_topup INTO a
      FROM wallet_accounts wa JOIN customers c ON c.id = wa.customer_id
      WHERE wa.customer_id = d.customer_id FOR UPDATE OF wa;
    ELSE
      SELECT wa.slots, wa.outstanding_credit, c.credit_limit, c.auto_credit, c.balance_trigger, c.balance_topup INTO a
      FROM wallet_accounts wa JOIN customers c ON c.id = wa.customer_id
      WHERE wa.customer_id = d.customer_id;
    END IF;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'journal entry %: customer % has no wallet', p_kind, d.customer_id;
    END IF;

    v_old := NULL;
    v_new := NULL;
    IF d.has_balance THEN
      v_one_slot := a.slots > 1 AND d.d_balance < 0 AND NOT d.has_credit;
      IF v_one_slot THEN
        BEGIN
          UPDATE wallet_slots SET balance = balance + d.d_balance
          WHERE customer_id = d.customer_id AND slot = p_customer_id % a.slots;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'wallet of customer % has no slot %', d.customer_id, p_customer_id % a.slots;
          END IF;
        EXCEPTION WHEN check_violation THEN
          v_one_slot := false;
        END;
      END IF;
      IF v_one_slot THEN
        -- The other slots unlocked: the total as this transaction sees it, for the caller's answer only.
        SELECT sum(balance) INTO v_new FROM wallet_slots WHERE customer_id = d.customer_id;
      ELSIF a.slots = 1 THEN
        -- One slot holds the whole balance: locked, checked and changed by one statement.
        UPDATE wallet_slots SET balance = balance + d.d_balance
        WHERE customer_id = d.customer_id AND slot = 0 AND balance + d.d_balance >= 0
        RETURNING balance - d.d_balance, balance INTO v_old, v_new;
        IF NOT FOUND THEN
          IF NOT EXISTS (SELECT 1 FROM wallet_slots WHERE customer_id = d.customer_id) THEN
            RAISE EXCEPTION 'journal entry %: customer % has no wallet slots', p_kind, d.customer_id;
          END IF;
          RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'PT409', DETAIL = d.customer_id::text;
        END IF;
      ELSE
        SELECT sum(s.balance) INTO v_old
        FROM (SELECT balance FROM wallet_slots WHERE customer_id = d.customer_id ORDER BY slot FOR UPDATE) s;
        IF v_old IS NULL THEN
          RAISE EXCEPTION 'journal entry %: customer % has no wallet slots', p_kind, d.customer_id;
        END IF;
        v_new := v_old + d.d_balance;
        IF v_new < 0 THEN
          RAISE EXCEPTION 'insufficient_balance' USING ERRCODE = 'PT409', DETAIL = d.customer_id::text;
        END IF;
        UPDATE wallet_slots s SET balance = sp.balance FROM wallet_spread(v_new, a.slots) sp
        WHERE s.customer_id = d.customer_id AND s.slot = sp.slot;
      END IF;
    ELSE
      SELECT sum(balance) INTO v_new FROM wallet_slots WHERE customer_id = d.customer_id;
    END IF;

    v_outstanding := a.outstanding_credit - d.d_credit;
    IF d.has_credit THEN
      IF v_outstanding < 0 THEN
        RAISE EXCEPTION 'payment_exceeds_outstanding' USING ERRCODE = 'PT409', DETAIL = d.customer_id::text;
      END IF;
      IF v_outstanding > a.outstanding_credit AND v_outstanding > a.credit_limit THEN
        RAISE EXCEPTION 'credit_limit_exceeded' USING ERRCODE = 'PT409', DETAIL = d.customer_id::text;
      END IF;
      UPDATE wallet_accounts SET outstanding_credit = v_outstanding, updated_at = p_at
      WHERE customer_id = d.customer_id;
    END IF;

    -- Auto-credit fires once per crossing: the balance was at or above the trigger and is now below.
    IF a.slots = 1 AND a.auto_credit AND a.balance_trigger IS NOT NULL AND a.balance_topup IS NOT NULL
       AND v_old >= a.balance_trigger AND v_new < a.balance_trigger THEN
      INSERT INTO auto_credit_requests (customer_id, balance_before, trigger, requested, created_at)
      VALUES (d.customer_id, v_new, a.balance_trigger, a.balance_topup, p_at)
      ON CONFLICT DO NOTHING
      RETURNING id INTO v_id;
      IF v_id IS NOT NULL THEN
        v_ids := v_ids || v_id;
        v_id := NULL;
      END IF;
    END IF;

    v_base_customers := v_base_customers || d.customer_id;
    v_base_balances := v_base_balances || v_old;
    v_base_outstandings := v_base_outstandings || a.outstanding_credit;
    wallet_ids := wallet_ids || d.customer_id;
    -- As text: node-postgres would read a numeric[] as floats.
    balances := balances || v_new::text;
    outstandings := outstandings || v_outstanding::text;
    credit_limits := credit_limits || a.credit_limit::text;
  END LOOP;

  -- The entry and its lines in one statement. Running totals of the wallet accounts from the values before this
  -- entry (locked, or NULL for a one-slot take).
  WITH e AS (
    INSERT INTO journal_entries (kind, customer_id, actor_customer_id, created_by, method, reference, memo, created_at)
    VALUES (p_kind, p_customer_id, p_actor_customer_id, p_created_by, p_method, p_reference, coalesce(p_memo, ''), p_at)
    RETURNING id
  ), lines AS (
    INSERT INTO ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
    SELECT (SELECT e.id FROM e), l.c, l.a, round(l.x, 4),
           CASE l.a
             WHEN 'balance' THEN b.balance + sum(round(l.x, 4)) OVER (PARTITION BY l.c, l.a ORDER BY l.n)
             WHEN 'credit' THEN sum(round(l.x, 4)) OVER (PARTITION BY l.c, l.a ORDER BY l.n) - b.outstanding
           END,
           p_at
    FROM unnest(p_customers, p_accounts, p_amounts) WITH ORDINALITY l(c, a, x, n)
    LEFT JOIN unnest(v_base_customers, v_base_balances, v_base_outstandings) b(c, balance, outstanding)
      ON b.c = l.c AND l.a IN ('balance', 'credit')
    ORDER BY l.n
  )
  SELECT e.id INTO v_entry FROM e;

  entry_id := v_entry;
  auto_credit_ids := v_ids;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
-- A sale's entry (0008's lines, DOMAIN.md "A sale"): seller balance −S to the reseller's sales income; with platform
-- stock the reseller's balance −R to the platform's revenue; the PINs' cost from the owner's inventory to its cost
-- of sales. Zero or absent amounts are left out. In PL/pgSQL: the arrays are built by assignments, not by a query.
CREATE OR REPLACE FUNCTION ledger_post_sale(
  p_seller_id integer, p_reseller_id integer, p_platform_id integer, p_owner_id integer, p_seller_total numeric,
  p_reseller_total numeric, p_cost numeric, p_created_by integer, p_reference text, p_memo text, p_at timestamptz
) RETURNS TABLE (
  entry_id bigint, auto_credit_ids bigint[], wallet_ids integer[], balances text[], outstandings text[],
  credit_limits text[]
)
LANGUAGE plpgsql AS $$
DECLARE
  v_customers integer[] := '{}';
  v_accounts text[] := '{}';
  v_amounts numeric[] := '{}';
BEGIN
  IF p_seller_total <> 0 THEN
    v_customers := v_customers || p_seller_id || p_reseller_id;
    v_accounts := v_accounts || 'balance'::text || 'sales_income'::text;
    v_amounts := v_amounts || -p_seller_total || p_seller_total;
  END IF;
  IF p_reseller_total <> 0 THEN
    v_customers := v_customers || p_reseller_id || p_platform_id;
    v_accounts := v_accounts || 'balance'::text || 'revenue'::text;
    v_amounts := v_amounts || -p_reseller_total || p_reseller_total;
  END IF;
  IF p_cost <> 0 THEN
    v_customers := v_customers || p_owner_id || p_owner_id;
    v_accounts := v_accounts || 'inventory'::text || 'cost_of_sales'::text;
    v_amounts := v_amounts || -p_cost || p_cost;
  END IF;
  RETURN QUERY SELECT * FROM ledger_post('sale', p_seller_id, p_seller_id, p_created_by, NULL, p_reference, p_memo,
                                         p_at, v_customers, v_accounts, v_amounts);
END;
$$;
--> statement-breakpoint
-- The purchase (0022's) in fewer statements, the same steps and refusals: the lock timeout set by assignments,
-- the early balance checks read by the context query, and the sale with its PINs, reveal record and download row
-- written by one statement.
CREATE OR REPLACE FUNCTION portal_purchase(
  p_key text, p_session_id uuid, p_user_id integer, p_request_hash text, p_key_wait_ms integer,
  p_key_lifetime_ms bigint, p_customer_id integer, p_configuration_id integer, p_quantity integer, p_kind text,
  p_allowed_types text[], p_at timestamptz, p_download_expires_at timestamptz, p_purchase_group uuid
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
    p.is_active AS product_active, p.owner_customer_id,
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
      'shop_address', c.shop_address, 'mask_seller_discount', c.mask_seller_discount, 'download_id', v_download_id),
    'pins', CASE WHEN p_kind = 'single' THEN v_pins ELSE '[]'::jsonb END,
    'auto_credit_ids', to_jsonb(v_posted.auto_credit_ids));
END;
$$;
