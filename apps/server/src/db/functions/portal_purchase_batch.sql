-- Purchases that arrived together, in one call, one transaction, one commit (issue 38, decision 0051). The same
-- steps, checks and refusals as `portal_purchase`, done set-wise for the batch: one claim of all its PINs, one
-- insert of its sales with their PINs, reveals and download rows, one of its entries with their lines, one update of
-- its wallet slots, one of its keys. Answers a JSON array in the order of `p_purchases`, each element what
-- `portal_purchase` answers, or {"outcome": "alone"}: that purchase would have waited (its key held by a running
-- request or earlier in this batch, its shop's day being closed, a reseller slot short), left the batch without
-- writing anything, and the caller runs it alone through `portal_purchase`, which waits as it always did.
--
-- Nothing here waits on another transaction except the up-front wallet lock, which takes every wallet slot the
-- batch moves (a slotted balance: the shop's slot, or all its slots when the unlocked balances say the slot may be
-- short, the fall-back) in one statement in (customer_id, slot) order, the order every posting keeps (decision
-- 0040). Keys are locked with SKIP LOCKED, the day's lock is tried, PINs are claimed with SKIP LOCKED. So a batch
-- never waits holding a lock out of order, and no refusal needs a subtransaction: the money is allocated in
-- PL/pgSQL before anything is written, and PINs claimed for a purchase that is then refused go back to stock.
--
-- p_purchases: [{key, session_id, user_id, request_hash, customer_id, configuration_id, quantity, kind,
--   allowed_types: [..], download_expires_at, purchase_group, actor_version}, ...]
--
-- Each sold element also answers the product's VAT treatment and rate for the receipt (issue 40, migration 0063).
CREATE OR REPLACE FUNCTION portal_purchase_batch(p_purchases jsonb, p_key_lifetime_ms bigint, p_at timestamptz)
RETURNS jsonb
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n integer := jsonb_array_length(p_purchases);
  i integer;
  j integer;
  r record;
  v_reseller_short constant text := 'Your reseller''s balance does not cover this purchase; please contact your reseller';
  -- Per purchase (index = position in p_purchases).
  st text[];            -- 'open' | 'answered' | 'refused' | 'sold' | 'alone'
  ans jsonb[];          -- the answer of an answered or refused purchase
  refusal jsonb[];      -- what the key remembers of a refusal
  k_key text[];
  k_hash text[];
  k_session uuid[];
  k_user integer[];
  c_customer integer[];
  c_quantity integer[];
  c_kind text[];
  c_expires timestamptz[];
  c_group uuid[];
  ctx jsonb[];          -- the purchase's context row
  c_reseller integer[];
  c_platform integer[];
  c_owner integer[];
  c_configuration integer[];
  c_platform_stock boolean[];
  c_seller_price numeric[];
  c_reseller_price numeric[];
  c_seller_total numeric[];
  c_reseller_total numeric[];
  c_cost numeric[];
  c_pin_from integer[]; -- its PINs: the claimed pool's c_pin_from[i] .. c_pin_from[i] + quantity - 1
  c_seller_after numeric[];
  c_reseller_after numeric[];
  c_auto bigint[];
  v_keys text[] := '{}';
  v_missing text[] := '{}';
  v_found text[];
  -- Wallets the batch moves (by customer) and their locked slots.
  w_customer integer[] := '{}';
  w_slots integer[] := '{}';
  w_all boolean[] := '{}';          -- every slot locked: the balance is the sum
  w_total numeric[] := '{}';        -- the sum of the locked slots (the balance when w_all)
  w_unlocked numeric[] := '{}';     -- the balance read before any lock, for the early refusals
  w_changed boolean[] := '{}';
  w_auto boolean[] := '{}';
  w_trigger numeric[] := '{}';
  w_topup numeric[] := '{}';
  w_crossed integer[] := '{}';      -- the purchase whose line crossed the auto-credit trigger
  w_need numeric[];                 -- per slot of one wallet, what the batch asks of it (for the fall-back guess)
  s_key text[] := '{}';             -- 'customer:slot' of each locked slot
  s_balance numeric[] := '{}';
  s_changed boolean[] := '{}';
  v_lock_c integer[] := '{}';
  v_lock_s integer[] := '{}';
  v_w integer;
  v_s integer;
  v_slot integer;
  v_ok boolean;
  -- The claim.
  v_cfg integer[] := '{}';
  v_qty integer[] := '{}';
  v_claimed record;
  v_pool_cfg integer[] := '{}';
  v_pool_pin bigint[] := '{}';
  v_pool_cost numeric[] := '{}';
  v_pool_data jsonb[] := '{}';
  v_next integer[];
  v_last integer[];
  v_got integer;
  v_back bigint[] := '{}';
  -- The writes.
  v_sold integer[] := '{}';
  v_sale_ids bigint[];
  v_entry_ids bigint[];
  v_sale bigint[] := '{}';
  v_pin_sale bigint[] := '{}';
  v_pin_id bigint[] := '{}';
  l_entry bigint[] := '{}';
  l_customer integer[] := '{}';
  l_account text[] := '{}';
  l_amount numeric[] := '{}';
  l_after numeric[] := '{}';
  v_downloads jsonb := '{}';
  v_autos jsonb := '{}';
  v_before numeric;
  v_after numeric;
  v_out jsonb := '[]';
BEGIN
  IF n = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  st := array_fill(NULL::text, ARRAY[n]);
  ans := array_fill(NULL::jsonb, ARRAY[n]);
  refusal := array_fill(NULL::jsonb, ARRAY[n]);
  ctx := array_fill(NULL::jsonb, ARRAY[n]);
  c_pin_from := array_fill(NULL::integer, ARRAY[n]);
  c_seller_after := array_fill(NULL::numeric, ARRAY[n]);
  c_reseller_after := array_fill(NULL::numeric, ARRAY[n]);
  c_auto := array_fill(NULL::bigint, ARRAY[n]);
  c_platform_stock := array_fill(false, ARRAY[n]);
  k_key := array_fill(NULL::text, ARRAY[n]);
  k_hash := array_fill(NULL::text, ARRAY[n]);
  k_session := array_fill(NULL::uuid, ARRAY[n]);
  k_user := array_fill(NULL::integer, ARRAY[n]);
  c_customer := array_fill(NULL::integer, ARRAY[n]);
  c_quantity := array_fill(NULL::integer, ARRAY[n]);
  c_kind := array_fill(NULL::text, ARRAY[n]);
  c_expires := array_fill(NULL::timestamptz, ARRAY[n]);
  c_group := array_fill(NULL::uuid, ARRAY[n]);
  c_reseller := array_fill(NULL::integer, ARRAY[n]);
  c_platform := array_fill(NULL::integer, ARRAY[n]);
  c_owner := array_fill(NULL::integer, ARRAY[n]);
  c_configuration := array_fill(NULL::integer, ARRAY[n]);
  c_seller_price := array_fill(NULL::numeric, ARRAY[n]);
  c_reseller_price := array_fill(NULL::numeric, ARRAY[n]);
  c_seller_total := array_fill(0::numeric, ARRAY[n]);
  c_reseller_total := array_fill(0::numeric, ARRAY[n]);
  c_cost := array_fill(0::numeric, ARRAY[n]);

  -- 1. The purchases with their context (portal_purchase's context query, for each) and the actor check.
  FOR r IN
    SELECT e.n::integer AS i, x.key, x.session_id, x.user_id, x.request_hash, x.customer_id, x.quantity, x.kind,
      x.download_expires_at, x.purchase_group,
      (x.actor_version IS NULL OR x.actor_version IS NOT DISTINCT FROM actor_version(x.session_id)) AS actor_ok,
      to_jsonb(c) AS context
    FROM jsonb_array_elements(p_purchases) WITH ORDINALITY AS e(v, n)
    CROSS JOIN LATERAL jsonb_to_record(e.v) AS x(key text, session_id uuid, user_id integer,
      request_hash text, customer_id integer, configuration_id integer, quantity integer, kind text,
      allowed_types jsonb, download_expires_at timestamptz, purchase_group uuid, actor_version text)
    LEFT JOIN LATERAL (
      SELECT shop.name AS shop_name, shop.address AS shop_address, shop.mask_seller_discount,
        parent.id AS reseller_id,
        CASE WHEN parent.account_role = 0 THEN parent.id ELSE parent.parent_id END AS platform_id,
        cf.id AS configuration_id, cf.value, cf.info, cf.is_active AS configuration_active,
        p.id AS product_id, p.product_name, p.product_type, p.product_image, p.customer_care, p.instructions,
        p.is_active AS product_active, p.owner_customer_id, p.vat_treatment, p.vat_rate,
        pa.is_active AS assignment_active, rpa.is_active AS reseller_assignment_active,
        x.allowed_types ? p.product_type AS type_allowed,
        price_after_discount(cf.value, effective_discount(shop.id, cf.id)) AS seller_price,
        price_after_discount(cf.value, effective_discount(parent.id, cf.id)) AS reseller_price
      FROM customers shop
      JOIN customers parent ON parent.id = shop.parent_id
      LEFT JOIN product_configurations cf ON cf.id = x.configuration_id
      LEFT JOIN products p ON p.id = cf.product_id
      LEFT JOIN product_assignments pa ON pa.customer_id = shop.id AND pa.configuration_id = cf.id
      LEFT JOIN product_assignments rpa ON rpa.customer_id = parent.id AND rpa.configuration_id = cf.id
      WHERE shop.id = x.customer_id
    ) c ON true
    ORDER BY e.n
  LOOP
    i := r.i;
    k_key[i] := r.key;
    k_hash[i] := r.request_hash;
    k_session[i] := r.session_id;
    k_user[i] := r.user_id;
    c_customer[i] := r.customer_id;
    c_quantity[i] := r.quantity;
    c_kind[i] := r.kind;
    c_expires[i] := r.download_expires_at;
    c_group[i] := r.purchase_group;
    ctx[i] := r.context;
    IF NOT r.actor_ok THEN
      st[i] := 'answered';
      ans[i] := jsonb_build_object('outcome', 'error', 'code', 'actor_changed');
    ELSIF r.key = ANY (v_keys) THEN
      -- The same key twice in one batch: the first makes the sale; this one runs after the commit, alone.
      st[i] := 'alone';
    ELSE
      st[i] := 'open';
      v_keys := v_keys || r.key;
    END IF;
  END LOOP;

  -- 2. The keys, never waited for: one held by a running request sends its purchase alone (it waits there).
  v_found := '{}';
  FOR r IN
    SELECT t.key, t.session_id, t.user_id, t.created_at, t.status, t.request_hash, t.outcome, t.outcome_status
    FROM transaction_keys t WHERE t.key = ANY (v_keys) FOR UPDATE SKIP LOCKED
  LOOP
    v_found := v_found || r.key;
    -- The purchase still open with this key (an earlier one with it may have been answered already).
    i := NULL;
    FOR j IN 1 .. n LOOP
      IF k_key[j] = r.key AND st[j] = 'open' THEN
        i := j;
        EXIT;
      END IF;
    END LOOP;
    IF r.session_id <> k_session[i] OR r.user_id <> k_user[i]
       OR p_at - r.created_at > p_key_lifetime_ms * interval '1 millisecond' THEN
      st[i] := 'answered';
      ans[i] := jsonb_build_object('outcome', 'error', 'code', 'key_invalid');
    ELSIF r.status = 'done' THEN
      st[i] := 'answered';
      IF r.request_hash IS DISTINCT FROM k_hash[i] THEN
        ans[i] := jsonb_build_object('outcome', 'error', 'code', 'key_reused');
      ELSE
        ans[i] := jsonb_build_object('outcome', 'replay', 'stored', r.outcome, 'status', coalesce(r.outcome_status, 200));
      END IF;
    END IF;
  END LOOP;
  FOR i IN 1 .. n LOOP
    IF st[i] = 'open' AND NOT (k_key[i] = ANY (v_found)) THEN
      v_missing := v_missing || k_key[i];
    END IF;
  END LOOP;
  IF cardinality(v_missing) > 0 THEN
    SELECT coalesce(array_agg(t.key), '{}') INTO v_found FROM transaction_keys t WHERE t.key = ANY (v_missing);
    FOR i IN 1 .. n LOOP
      IF st[i] = 'open' AND k_key[i] = ANY (v_missing) THEN
        IF k_key[i] = ANY (v_found) THEN
          st[i] := 'alone';
        ELSE
          st[i] := 'answered';
          ans[i] := jsonb_build_object('outcome', 'error', 'code', 'key_invalid');
        END IF;
      END IF;
    END LOOP;
  END IF;

  -- 3. The refusals a seller understands, in portal_purchase's order; then the shop's day, tried, not waited for.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN st[i] <> 'open';
    IF ctx[i] IS NULL OR ctx[i] ->> 'configuration_id' IS NULL OR ctx[i] ->> 'assignment_active' IS NULL THEN
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'This product is not assigned to your shop', 'code', 'assignment_missing');
    ELSIF NOT (ctx[i] ->> 'type_allowed')::boolean THEN
      st[i] := 'answered';
      ans[i] := jsonb_build_object('outcome', 'error', 'code', 'forbidden');
      CONTINUE;
    ELSIF NOT (ctx[i] ->> 'assignment_active')::boolean THEN
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'This product is disabled for your shop', 'code', 'assignment_disabled');
    ELSIF NOT (ctx[i] ->> 'product_active')::boolean THEN
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'This product has been deactivated', 'code', 'product_deactivated');
    ELSIF NOT (ctx[i] ->> 'configuration_active')::boolean THEN
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'This denomination has been deactivated', 'code', 'configuration_deactivated');
    ELSIF (ctx[i] ->> 'owner_customer_id')::integer = (ctx[i] ->> 'reseller_id')::integer THEN
      c_platform_stock[i] := false;
    ELSIF (ctx[i] ->> 'owner_customer_id')::integer IS DISTINCT FROM (ctx[i] ->> 'platform_id')::integer THEN
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'This product is not assigned to your shop', 'code', 'assignment_missing');
    ELSIF NOT coalesce((ctx[i] ->> 'reseller_assignment_active')::boolean, false) THEN
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'Your reseller can no longer sell this product', 'code', 'assignment_disabled');
    ELSE
      c_platform_stock[i] := true;
    END IF;
    IF refusal[i] IS NOT NULL THEN
      st[i] := 'refused';
      CONTINUE;
    END IF;
    -- A Z report closing this shop's day holds (or waits for) the lock exclusively: this purchase goes alone.
    IF NOT pg_try_advisory_xact_lock_shared(5, c_customer[i]) THEN
      st[i] := 'alone';
      CONTINUE;
    END IF;
    c_reseller[i] := (ctx[i] ->> 'reseller_id')::integer;
    c_platform[i] := (ctx[i] ->> 'platform_id')::integer;
    c_owner[i] := (ctx[i] ->> 'owner_customer_id')::integer;
    c_configuration[i] := (ctx[i] ->> 'configuration_id')::integer;
    c_seller_price[i] := (ctx[i] ->> 'seller_price')::numeric;
    c_seller_total[i] := c_seller_price[i] * c_quantity[i];
    IF c_platform_stock[i] THEN
      c_reseller_price[i] := (ctx[i] ->> 'reseller_price')::numeric;
      c_reseller_total[i] := c_reseller_price[i] * c_quantity[i];
    END IF;
  END LOOP;

  -- 4. The wallets: which slots the batch takes from, read unlocked to guess the fall-back, then every one of them
  --    locked by one statement in (customer_id, slot) order.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN st[i] <> 'open';
    IF NOT (c_customer[i] = ANY (w_customer)) THEN
      w_customer := w_customer || c_customer[i];
    END IF;
    IF c_platform_stock[i] AND NOT (c_reseller[i] = ANY (w_customer)) THEN
      w_customer := w_customer || c_reseller[i];
    END IF;
  END LOOP;
  IF cardinality(w_customer) > 0 THEN
    w_customer := ARRAY(SELECT unnest(w_customer) ORDER BY 1);
    -- Filled by position (1 .. the wallets' count), so the arrays line up when unnested together below.
    w_slots := array_fill(NULL::integer, ARRAY[cardinality(w_customer)]);
    w_all := array_fill(false, ARRAY[cardinality(w_customer)]);
    w_changed := array_fill(false, ARRAY[cardinality(w_customer)]);
    w_total := array_fill(0::numeric, ARRAY[cardinality(w_customer)]);
    w_unlocked := array_fill(NULL::numeric, ARRAY[cardinality(w_customer)]);
    w_auto := array_fill(NULL::boolean, ARRAY[cardinality(w_customer)]);
    w_trigger := array_fill(NULL::numeric, ARRAY[cardinality(w_customer)]);
    w_topup := array_fill(NULL::numeric, ARRAY[cardinality(w_customer)]);
    w_crossed := array_fill(NULL::integer, ARRAY[cardinality(w_customer)]);
    FOR r IN
      SELECT wa.customer_id, wa.slots, c.auto_credit, c.balance_trigger, c.balance_topup,
        (SELECT array_agg(s.balance ORDER BY s.slot) FROM wallet_slots s WHERE s.customer_id = wa.customer_id) AS balances
      FROM wallet_accounts wa JOIN customers c ON c.id = wa.customer_id
      WHERE wa.customer_id = ANY (w_customer)
    LOOP
      v_w := array_position(w_customer, r.customer_id);
      w_slots[v_w] := r.slots;
      w_auto[v_w] := r.auto_credit;
      w_trigger[v_w] := r.balance_trigger;
      w_topup[v_w] := r.balance_topup;
      w_all[v_w] := r.slots = 1;
      w_unlocked[v_w] := (SELECT coalesce(sum(b), 0) FROM unnest(r.balances) b);
      -- What the batch asks of this customer's slots: when a slot's unlocked balance may not cover it, all slots.
      IF r.slots > 1 THEN
        w_need := array_fill(0::numeric, ARRAY[r.slots]);
        FOR i IN 1 .. n LOOP
          CONTINUE WHEN st[i] <> 'open';
          IF c_customer[i] = r.customer_id THEN
            v_slot := c_customer[i] % r.slots;
            w_need[v_slot + 1] := w_need[v_slot + 1] + c_seller_total[i];
          ELSIF c_platform_stock[i] AND c_reseller[i] = r.customer_id THEN
            v_slot := c_customer[i] % r.slots;
            w_need[v_slot + 1] := w_need[v_slot + 1] + c_reseller_total[i];
          END IF;
        END LOOP;
        FOR v_s IN 0 .. r.slots - 1 LOOP
          IF w_need[v_s + 1] > coalesce(r.balances[v_s + 1], 0) THEN
            w_all[v_w] := true;
          END IF;
        END LOOP;
      END IF;
    END LOOP;
    FOR v_w IN 1 .. cardinality(w_customer) LOOP
      IF w_slots[v_w] IS NULL THEN
        RAISE EXCEPTION 'purchase batch: customer % has no wallet', w_customer[v_w];
      END IF;
      IF w_all[v_w] THEN
        FOR v_s IN 0 .. w_slots[v_w] - 1 LOOP
          v_lock_c := v_lock_c || w_customer[v_w];
          v_lock_s := v_lock_s || v_s;
        END LOOP;
      ELSE
        FOR i IN 1 .. n LOOP
          CONTINUE WHEN st[i] <> 'open';
          IF c_customer[i] = w_customer[v_w] OR (c_platform_stock[i] AND c_reseller[i] = w_customer[v_w]) THEN
            v_slot := c_customer[i] % w_slots[v_w];
            IF NOT (w_customer[v_w] || ':' || v_slot = ANY (s_key)) THEN
              s_key := s_key || (w_customer[v_w] || ':' || v_slot);
              v_lock_c := v_lock_c || w_customer[v_w];
              v_lock_s := v_lock_s || v_slot;
            END IF;
          END IF;
        END LOOP;
      END IF;
    END LOOP;
    s_key := '{}';
    FOR r IN
      SELECT s.customer_id, s.slot, s.balance FROM wallet_slots s
      JOIN unnest(v_lock_c, v_lock_s) l(c, s) ON s.customer_id = l.c AND s.slot = l.s
      ORDER BY s.customer_id, s.slot FOR UPDATE OF s
    LOOP
      s_key := s_key || (r.customer_id || ':' || r.slot);
      s_balance := s_balance || r.balance;
      s_changed := s_changed || false;
      v_w := array_position(w_customer, r.customer_id);
      w_total[v_w] := w_total[v_w] + r.balance;
    END LOOP;
  END IF;

  -- Early refusals from the balances as read before the locks, as portal_purchase makes them: no PIN is claimed for
  -- a purchase its balance alone cannot pay, and a shop short of money hears that before "out of stock".
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN st[i] <> 'open';
    IF w_unlocked[array_position(w_customer, c_customer[i])] < c_seller_total[i] THEN
      st[i] := 'refused';
      refusal[i] := jsonb_build_object('message_type', 0, 'message', 'Insufficient balance', 'code', 'insufficient_balance');
    ELSIF c_platform_stock[i] AND w_unlocked[array_position(w_customer, c_reseller[i])] < c_reseller_total[i] THEN
      st[i] := 'refused';
      refusal[i] := jsonb_build_object('message_type', 0, 'message', v_reseller_short, 'code', 'reseller_insufficient_balance');
    END IF;
  END LOOP;

  -- 5. The claim of every open purchase's PINs in one statement: per configuration, its range of available_stock's
  --    primary key in key order (migration 0040's plan), SKIP LOCKED. The pool comes back ordered by configuration
  --    and PIN; each configuration's part is handed out from its front.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN st[i] <> 'open';
    j := array_position(v_cfg, c_configuration[i]);
    IF j IS NULL THEN
      v_cfg := v_cfg || c_configuration[i];
      v_qty := v_qty || c_quantity[i];
    ELSE
      v_qty[j] := v_qty[j] + c_quantity[i];
    END IF;
  END LOOP;
  IF cardinality(v_cfg) > 0 THEN
    FOR v_claimed IN SELECT * FROM claim_pins_batch(v_cfg, v_qty) ORDER BY configuration_id, id LOOP
      v_pool_cfg := v_pool_cfg || v_claimed.configuration_id;
      v_pool_pin := v_pool_pin || v_claimed.id;
      v_pool_cost := v_pool_cost || v_claimed.cost;
      v_pool_data := v_pool_data || jsonb_build_object('pin_id', v_claimed.id,
        'ciphertext', encode(v_claimed.pin_ciphertext, 'base64'), 'serial', v_claimed.serial, 'lot', v_claimed.lot);
    END LOOP;
    -- Each configuration's part of the pool: its next PIN to hand out and its last.
    v_next := array_fill(NULL::integer, ARRAY[cardinality(v_cfg)]);
    v_last := array_fill(NULL::integer, ARRAY[cardinality(v_cfg)]);
    FOR j IN 1 .. coalesce(cardinality(v_pool_pin), 0) LOOP
      v_s := array_position(v_cfg, v_pool_cfg[j]);
      v_next[v_s] := coalesce(v_next[v_s], j);
      v_last[v_s] := j;
    END LOOP;
  END IF;

  -- 6. In the batch's order, each purchase as if alone: its PINs (short: out_of_stock, as the claim would say), then
  --    its money from the locked balances. A balance that cannot cover it refuses it (one-slot wallets, and slotted
  --    ones with every slot locked); a slotted wallet's slot that cannot sends it alone, where the posting falls
  --    back to every slot in order. A purchase refused here takes no PIN: the next one of its configuration may.
  FOR i IN 1 .. n LOOP
    CONTINUE WHEN st[i] <> 'open';
    v_s := array_position(v_cfg, c_configuration[i]);
    v_got := CASE WHEN v_next[v_s] IS NULL THEN 0 ELSE v_last[v_s] - v_next[v_s] + 1 END;
    IF v_got < c_quantity[i] THEN
      st[i] := 'refused';
      refusal[i] := jsonb_build_object('message_type', 0, 'code', 'out_of_stock', 'message',
        CASE WHEN v_got = 0 THEN 'Out of stock' ELSE 'Out of stock: only ' || v_got || ' available' END);
      CONTINUE;
    END IF;
    v_ok := true;
    -- Seller, then reseller: each either the whole balance (locked) or one slot.
    FOR j IN 1 .. 2 LOOP
      CONTINUE WHEN j = 2 AND NOT c_platform_stock[i];
      v_w := array_position(w_customer, CASE WHEN j = 1 THEN c_customer[i] ELSE c_reseller[i] END);
      v_after := CASE WHEN j = 1 THEN c_seller_total[i] ELSE c_reseller_total[i] END;
      IF w_all[v_w] THEN
        IF w_total[v_w] < v_after THEN
          st[i] := 'refused';
          refusal[i] := CASE WHEN j = 1
            THEN jsonb_build_object('message_type', 0, 'message', 'Insufficient balance', 'code', 'insufficient_balance')
            ELSE jsonb_build_object('message_type', 0, 'message', v_reseller_short, 'code', 'reseller_insufficient_balance') END;
          v_ok := false;
          EXIT;
        END IF;
      ELSE
        v_slot := array_position(s_key, w_customer[v_w] || ':' || (c_customer[i] % w_slots[v_w]));
        IF v_slot IS NULL THEN
          RAISE EXCEPTION 'purchase batch: wallet of customer % has no slot %', w_customer[v_w],
            c_customer[i] % w_slots[v_w];
        END IF;
        IF s_balance[v_slot] < v_after THEN
          st[i] := 'alone';
          v_ok := false;
          EXIT;
        END IF;
      END IF;
    END LOOP;
    CONTINUE WHEN NOT v_ok;
    FOR j IN 1 .. 2 LOOP
      CONTINUE WHEN j = 2 AND NOT c_platform_stock[i];
      v_w := array_position(w_customer, CASE WHEN j = 1 THEN c_customer[i] ELSE c_reseller[i] END);
      v_after := CASE WHEN j = 1 THEN c_seller_total[i] ELSE c_reseller_total[i] END;
      w_changed[v_w] := true;
      IF w_all[v_w] THEN
        v_before := w_total[v_w];
        w_total[v_w] := w_total[v_w] - v_after;
        IF j = 1 THEN c_seller_after[i] := w_total[v_w]; ELSE c_reseller_after[i] := w_total[v_w]; END IF;
        -- Auto-credit fires once per crossing of a one-slot wallet (as ledger_post).
        IF w_slots[v_w] = 1 AND w_auto[v_w] AND w_trigger[v_w] IS NOT NULL AND w_topup[v_w] IS NOT NULL
           AND v_before >= w_trigger[v_w] AND w_total[v_w] < w_trigger[v_w] THEN
          w_crossed[v_w] := i;
        END IF;
      ELSE
        v_slot := array_position(s_key, w_customer[v_w] || ':' || (c_customer[i] % w_slots[v_w]));
        s_balance[v_slot] := s_balance[v_slot] - v_after;
        s_changed[v_slot] := true;
      END IF;
    END LOOP;
    c_pin_from[i] := v_next[v_s];
    v_next[v_s] := v_next[v_s] + c_quantity[i];
    FOR j IN c_pin_from[i] .. c_pin_from[i] + c_quantity[i] - 1 LOOP
      c_cost[i] := c_cost[i] + v_pool_cost[j];
    END LOOP;
    st[i] := 'sold';
    v_sold := v_sold || i;
  END LOOP;

  -- What no purchase took goes back to stock (the claim's undo): each configuration's part from its next PIN on.
  FOR v_s IN 1 .. coalesce(cardinality(v_cfg), 0) LOOP
    IF v_next[v_s] IS NOT NULL AND v_next[v_s] <= v_last[v_s] THEN
      v_back := v_back || v_pool_pin[v_next[v_s] : v_last[v_s]];
    END IF;
  END LOOP;
  IF cardinality(v_back) > 0 THEN
    WITH back AS (
      UPDATE pins SET sold_at = NULL WHERE pins.id = ANY (v_back) RETURNING pins.configuration_id, pins.id
    )
    INSERT INTO available_stock (configuration_id, pin_id) SELECT back.configuration_id, back.id FROM back;
  END IF;

  -- 7. The sales with their PINs, reveal records and download rows; their entries with their lines. Ids drawn
  --    first, so each purchase knows its rows without relying on the order RETURNING gives.
  IF cardinality(v_sold) > 0 THEN
    SELECT array_agg(nextval('sales_id_seq')), array_agg(nextval('journal_entries_id_seq'))
    INTO v_sale_ids, v_entry_ids FROM generate_series(1, cardinality(v_sold));
    FOR j IN 1 .. cardinality(v_sold) LOOP
      i := v_sold[j];
      v_pin_sale := v_pin_sale || array_fill(v_sale_ids[j], ARRAY[c_quantity[i]]);
      v_pin_id := v_pin_id || v_pool_pin[c_pin_from[i] : c_pin_from[i] + c_quantity[i] - 1];
      -- ledger_post_sale's lines: seller balance to reseller income; reseller balance to platform revenue; the
      -- PINs' cost from the owner's inventory to its cost of sales. Zero amounts are left out.
      IF c_seller_total[i] <> 0 THEN
        l_entry := l_entry || v_entry_ids[j] || v_entry_ids[j];
        l_customer := l_customer || c_customer[i] || c_reseller[i];
        l_account := l_account || 'balance'::text || 'sales_income'::text;
        l_amount := l_amount || round(-c_seller_total[i], 4) || round(c_seller_total[i], 4);
        l_after := l_after || c_seller_after[i] || NULL::numeric;
      END IF;
      IF c_platform_stock[i] AND c_reseller_total[i] <> 0 THEN
        l_entry := l_entry || v_entry_ids[j] || v_entry_ids[j];
        l_customer := l_customer || c_reseller[i] || c_platform[i];
        l_account := l_account || 'balance'::text || 'revenue'::text;
        l_amount := l_amount || round(-c_reseller_total[i], 4) || round(c_reseller_total[i], 4);
        l_after := l_after || c_reseller_after[i] || NULL::numeric;
      END IF;
      IF c_cost[i] <> 0 THEN
        l_entry := l_entry || v_entry_ids[j] || v_entry_ids[j];
        l_customer := l_customer || c_owner[i] || c_owner[i];
        l_account := l_account || 'inventory'::text || 'cost_of_sales'::text;
        l_amount := l_amount || round(-c_cost[i], 4) || round(c_cost[i], 4);
        l_after := l_after || NULL::numeric || NULL::numeric;
      END IF;
    END LOOP;
    -- ledger_post's line rules: an entry has two or more lines, none of them zero.
    IF EXISTS (SELECT 1 FROM unnest(l_amount) x WHERE x = 0)
       OR (SELECT count(DISTINCT e) FROM unnest(l_entry) e) < cardinality(v_sold) THEN
      RAISE EXCEPTION 'journal entry sale: needs two or more non-zero lines';
    END IF;

    WITH s AS (
      INSERT INTO sales (id, customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
                         quantity, face_value, seller_price, reseller_price, total_cost, purchase_group, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT v_sale_ids[u.bo], c_customer[u.bi], k_user[u.bi], c_reseller[u.bi], c_owner[u.bi],
             (ctx[u.bi] ->> 'product_id')::integer, c_configuration[u.bi], c_kind[u.bi], c_quantity[u.bi],
             (ctx[u.bi] ->> 'value')::numeric, c_seller_price[u.bi], c_reseller_price[u.bi], c_cost[u.bi],
             c_group[u.bi], p_at
      FROM unnest(v_sold) WITH ORDINALITY u(bi, bo)
    ), sp AS (
      INSERT INTO sale_pins (sale_id, pin_id) SELECT x.s, x.p FROM unnest(v_pin_sale, v_pin_id) x(s, p)
    ), rv AS (
      INSERT INTO pin_reveals (sale_id, customer_id, user_id, kind, created_at)
      SELECT v_sale_ids[u.bo], c_customer[u.bi], k_user[u.bi], 'sale', p_at
      FROM unnest(v_sold) WITH ORDINALITY u(bi, bo) WHERE c_kind[u.bi] = 'single'
    ), dl AS (
      INSERT INTO sale_downloads (sale_id, customer_id, user_id, created_at, expires_at)
      SELECT v_sale_ids[u.bo], c_customer[u.bi], k_user[u.bi], p_at, c_expires[u.bi]
      FROM unnest(v_sold) WITH ORDINALITY u(bi, bo) WHERE c_expires[u.bi] IS NOT NULL
      RETURNING sale_id, id
    )
    SELECT coalesce(jsonb_object_agg(dl.sale_id::text, dl.id), '{}') INTO v_downloads FROM dl;

    WITH e AS (
      INSERT INTO journal_entries (id, kind, customer_id, actor_customer_id, created_by, method, reference, memo,
                                   created_at)
      OVERRIDING SYSTEM VALUE
      SELECT v_entry_ids[u.bo], 'sale', c_customer[u.bi], c_customer[u.bi], k_user[u.bi], NULL,
             'sale:' || v_sale_ids[u.bo],
             (ctx[u.bi] ->> 'product_name') || ' '
               || to_char((ctx[u.bi] ->> 'value')::numeric, 'FM999999999990.00') || ' × ' || c_quantity[u.bi],
             p_at
      FROM unnest(v_sold) WITH ORDINALITY u(bi, bo)
      ORDER BY u.bo
    )
    INSERT INTO ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
    SELECT l.le, l.lc, l.la, l.lx, l.lb, p_at
    FROM unnest(l_entry, l_customer, l_account, l_amount, l_after) WITH ORDINALITY l(le, lc, la, lx, lb, ln)
    ORDER BY l.ln;

    -- The wallets: each changed slot set to its new balance, a wallet with every slot locked spread again.
    UPDATE wallet_slots ws SET balance = v.balance
    FROM (
      SELECT split_part(k, ':', 1)::integer AS c, split_part(k, ':', 2)::integer AS s, b AS balance
      FROM unnest(s_key, s_balance, s_changed) x(k, b, changed)
      WHERE changed
        AND NOT coalesce(w_all[array_position(w_customer, split_part(k, ':', 1)::integer)], false)
      UNION ALL
      SELECT w.c, sp.slot, sp.balance
      FROM unnest(w_customer, w_total, w_slots, w_all, w_changed) w(c, total, slots, all_locked, moved)
      CROSS JOIN LATERAL wallet_spread(w.total, w.slots) sp
      WHERE w.all_locked AND w.moved
    ) v
    WHERE ws.customer_id = v.c AND ws.slot = v.s;

    -- Auto-credit requests of the wallets this batch took below their trigger (at most one pending each).
    FOR v_w IN 1 .. cardinality(w_customer) LOOP
      IF w_crossed[v_w] IS NOT NULL THEN
        i := w_crossed[v_w];
        INSERT INTO auto_credit_requests (customer_id, balance_before, trigger, requested, created_at)
        VALUES (w_customer[v_w], CASE WHEN w_customer[v_w] = c_customer[i] THEN c_seller_after[i] ELSE c_reseller_after[i] END,
                w_trigger[v_w], w_topup[v_w], p_at)
        ON CONFLICT DO NOTHING
        RETURNING id INTO c_auto[i];
      END IF;
    END LOOP;
  END IF;

  -- 8. Every key with an outcome, in one statement: sold and refused alike (errors leave the key as it was).
  UPDATE transaction_keys t SET status = 'done', request_hash = u.h, outcome_status = u.code,
    outcome = u.o, finished_at = p_at
  FROM (
    SELECT k_key[g.gi] AS k, k_hash[g.gi] AS h,
      CASE WHEN st[g.gi] = 'sold' THEN 200 ELSE 409 END AS code,
      CASE WHEN st[g.gi] = 'sold' THEN jsonb_build_object('sale_id', v_sale_ids[array_position(v_sold, g.gi)])
           ELSE jsonb_build_object('refusal', refusal[g.gi]) END AS o
    FROM generate_series(1, n) g(gi) WHERE st[g.gi] IN ('sold', 'refused')
  ) u
  WHERE t.key = u.k;

  FOR i IN 1 .. n LOOP
    IF st[i] = 'answered' THEN
      v_out := v_out || jsonb_build_array(ans[i]);
    ELSIF st[i] = 'alone' THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('outcome', 'alone'));
    ELSIF st[i] = 'refused' THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('outcome', 'refused', 'status', 409, 'refusal', refusal[i]));
    ELSE
      j := array_position(v_sold, i);
      v_out := v_out || jsonb_build_array(jsonb_build_object(
        'outcome', 'sold',
        'sale', jsonb_build_object(
          'id', v_sale_ids[j], 'kind', c_kind[i], 'quantity', c_quantity[i], 'face_value', ctx[i] ->> 'value',
          'seller_price', c_seller_price[i]::text, 'created_at', p_at, 'product_id', (ctx[i] ->> 'product_id')::integer,
          'product_name', ctx[i] -> 'product_name', 'product_type', ctx[i] -> 'product_type',
          'product_image', ctx[i] -> 'product_image', 'customer_care', ctx[i] -> 'customer_care',
          'instructions', ctx[i] -> 'instructions', 'configuration_id', c_configuration[i], 'info', ctx[i] -> 'info',
          'shop_name', ctx[i] -> 'shop_name', 'shop_address', ctx[i] -> 'shop_address',
          'mask_seller_discount', ctx[i] -> 'mask_seller_discount',
          'download_id', v_downloads -> (v_sale_ids[j]::text),
          'vat_treatment', ctx[i] ->> 'vat_treatment', 'vat_rate', ctx[i] ->> 'vat_rate'),
        'pins', CASE WHEN c_kind[i] = 'single'
          THEN to_jsonb(v_pool_data[c_pin_from[i] : c_pin_from[i] + c_quantity[i] - 1])
          ELSE '[]'::jsonb END,
        'auto_credit_ids', CASE WHEN c_auto[i] IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(c_auto[i]) END));
    END IF;
  END LOOP;
  RETURN v_out;
END;
$$;
