-- A customer's balance in slots (decision 0040 amended): a reseller's shops each take from one slot
-- of the reseller's balance, so they no longer queue on one wallet row. `wallets` becomes a view every reader
-- reads: the balance is the sum of the slots.
CREATE FUNCTION wallet_spread(p_total numeric, p_slots integer) RETURNS TABLE (slot smallint, balance numeric)
LANGUAGE sql IMMUTABLE AS $$
  -- Equal shares to the 0.0001, the remainder in slot 0; every share ≥ 0 when the total is.
  SELECT i::smallint, CASE WHEN i = 0 THEN p_total - trunc(p_total / p_slots, 4) * (p_slots - 1)
                           ELSE trunc(p_total / p_slots, 4) END
  FROM generate_series(0, p_slots - 1) i
$$;
--> statement-breakpoint
-- How many slots a wallet has: a reseller's balance is shared by all its shops' sales of platform stock.
CREATE FUNCTION wallet_slot_count(p_account_role smallint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN p_account_role = 1 THEN 8 ELSE 1 END $$;
--> statement-breakpoint
INSERT INTO wallet_accounts (customer_id, outstanding_credit, slots, below_trigger, updated_at)
SELECT w.customer_id, w.outstanding_credit, wallet_slot_count(c.account_role),
       c.auto_credit AND c.balance_trigger IS NOT NULL AND w.balance < c.balance_trigger, w.updated_at
FROM wallets w JOIN customers c ON c.id = w.customer_id;
--> statement-breakpoint
INSERT INTO wallet_slots (customer_id, slot, balance)
SELECT wa.customer_id, sp.slot, sp.balance
FROM wallet_accounts wa JOIN wallets w ON w.customer_id = wa.customer_id,
     LATERAL wallet_spread(w.balance, wa.slots) sp;
--> statement-breakpoint
DROP TABLE "wallets" CASCADE;
--> statement-breakpoint
CREATE VIEW wallets AS
SELECT wa.customer_id,
       (SELECT coalesce(sum(s.balance), 0) FROM wallet_slots s WHERE s.customer_id = wa.customer_id)::numeric(19, 4)
         AS balance,
       wa.outstanding_credit, wa.updated_at
FROM wallet_accounts wa;
--> statement-breakpoint
-- Opens a customer's wallet with its slots; a second call changes nothing.
CREATE FUNCTION open_wallet(p_customer_id integer) RETURNS void
LANGUAGE sql AS $$
  WITH a AS (
    INSERT INTO wallet_accounts (customer_id, slots)
    SELECT id, wallet_slot_count(account_role) FROM customers WHERE id = p_customer_id
    ON CONFLICT DO NOTHING
    RETURNING customer_id, slots
  )
  INSERT INTO wallet_slots (customer_id, slot) SELECT a.customer_id, i FROM a, generate_series(0, a.slots - 1) i
$$;
--> statement-breakpoint
-- The ledger's one posting definition (0008's, now over slots). Wallets are locked in ascending customer
-- order, and within a customer its account row (only when credit moves) before its slots in ascending slot
-- order. A posting that only takes from a slotted balance takes from one slot (the entry customer's id modulo
-- the slots), inside a block: when that slot is short the block undoes its lock and every slot is locked in
-- order, the balance checked on the sum and spread again. Every other posting to a balance locks all slots,
-- checks the sum and spreads it. Its `balance_after` is exact, a one-slot posting's is left NULL (the
-- statement computes it). Auto-credit crossings are detected here for one-slot wallets; for slotted ones by
-- `wallet_slot_crossings`, which the auto-credit sweep runs every minute.
-- A refusal raises SQLSTATE PT409 with the refusal code as message and the customer id as detail.
CREATE OR REPLACE FUNCTION ledger_post(
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
  d record;
  a record;
  v_old numeric;
  v_new numeric;
  v_outstanding numeric;
  v_one_slot boolean;
  v_base_customers integer[] := '{}';
  v_base_balances numeric[] := '{}';
  v_base_outstandings numeric[] := '{}';
BEGIN
  IF coalesce(array_length(p_amounts, 1), 0) < 2
     OR EXISTS (SELECT 1 FROM unnest(p_amounts) x WHERE x IS NULL OR round(x, 4) = 0) THEN
    RAISE EXCEPTION 'journal entry %: needs two or more non-zero lines', p_kind;
  END IF;
  IF (SELECT sum(round(x, 4)) FROM unnest(p_amounts) x) <> 0 THEN
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
-- Auto-credit crossings of slotted wallets, which a one-slot posting cannot see (it does not lock the other
-- slots): a wallet whose sum fell below its trigger since the last run gets one request; one that rose to it
-- again is armed for the next crossing. The auto-credit sweep runs this every minute.
CREATE FUNCTION wallet_slot_crossings(p_at timestamptz) RETURNS SETOF bigint
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
