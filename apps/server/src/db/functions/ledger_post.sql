-- The ledger's one posting definition: every money movement (sales, credit top-ups, payments, auto-credit) goes
-- through this function, which locks the wallets, checks balance ≥ 0 and the credit limit, writes the entry, its
-- lines with running totals and the cached wallet values, and records an auto-credit request when a balance crosses
-- its trigger. A refusal raises SQLSTATE PT409 with the refusal code as message and the customer id as detail.
-- (Migration 0008.)
--
-- Over slots (decision 0040 amended, migration 0035): wallets are locked in ascending customer order, and within a
-- customer its account row (only when credit moves) before its slots in ascending slot order. A posting that only
-- takes from a slotted balance takes from one slot (the entry customer's id modulo the slots), inside a block: when
-- that slot is short the block undoes its lock and every slot is locked in order, the balance checked on the sum and
-- spread again. Every other posting to a balance locks all slots, checks the sum and spreads it. Its `balance_after`
-- is exact, a one-slot posting's is left NULL (the statement computes it). Auto-credit crossings are detected here
-- for one-slot wallets; for slotted ones by `wallet_slot_crossings`, which the auto-credit sweep runs every minute.
--
-- Less work per sale (migration 0041), the same rules and lock order. A one-slot wallet (every shop's) is locked,
-- checked and changed by one UPDATE whose condition is the balance check, instead of a locking read and a spread;
-- when the condition fails the row stays locked (READ COMMITTED locks the newest version before it rechecks),
-- harmless for a customer's only row. The one-slot take from a slotted balance keeps its savepoint for that reason:
-- a short slot left locked would be taken out of slot order, and the fall-back that locks every slot in order would
-- deadlock with another. The line checks are one read of the amounts, not two, and the entry and its lines one
-- statement. The number of statements matters more than their size here: starting their executors took about a
-- fifth of the backends' CPU in a profile of A's purchases called by pgbench.
--
-- plan_cache_mode = force_generic_plan (migration 0038): its statements are key lookups whose best plan does not
-- depend on the values: planned once per connection, not again on every call (custom plans cost 0.6–0.8 ms of
-- planning per sale).
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
