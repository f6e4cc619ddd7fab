-- The ledger's one posting definition (0035's) with less work per sale, the same rules and lock order. A one-slot
-- wallet (every shop's) is locked, checked and changed by one UPDATE whose condition is the balance check, instead
-- of a locking read and a spread; when the condition fails the row stays locked (READ COMMITTED locks the newest
-- version before it rechecks), harmless for a customer's only row. The one-slot take from a slotted balance keeps
-- its savepoint for that reason: a short slot left locked would be taken out of slot order, and the fall-back that
-- locks every slot in order would deadlock with another. The line checks are one read of the amounts, not two.
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

  INSERT INTO journal_entries (kind, customer_id, actor_customer_id, created_by, method, reference, memo, created_at)
  VALUES (p_kind, p_customer_id, p_actor_customer_id, p_created_by, p_method, p_reference, coalesce(p_memo, ''), p_at)
  RETURNING id INTO v_entry;
  -- Running totals of the wallet accounts from the values before this entry (locked, or NULL for a one-slot take).
  INSERT INTO ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
  SELECT v_entry, l.c, l.a, round(l.x, 4),
         CASE l.a
           WHEN 'balance' THEN b.balance + sum(round(l.x, 4)) OVER (PARTITION BY l.c, l.a ORDER BY l.n)
           WHEN 'credit' THEN sum(round(l.x, 4)) OVER (PARTITION BY l.c, l.a ORDER BY l.n) - b.outstanding
         END,
         p_at
  FROM unnest(p_customers, p_accounts, p_amounts) WITH ORDINALITY l(c, a, x, n)
  LEFT JOIN unnest(v_base_customers, v_base_balances, v_base_outstandings) b(c, balance, outstanding)
    ON b.c = l.c AND l.a IN ('balance', 'credit')
  ORDER BY l.n;

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
