-- A sale's entry (DOMAIN.md "A sale"): seller balance −S to the reseller's sales income; with platform stock (a
-- reseller total given) the reseller's balance −R to the platform's revenue; the PINs' cost from the owner's
-- inventory to its cost of sales. Zero or absent amounts are left out. (Migration 0008.) In PL/pgSQL: the arrays are
-- built by assignments, not by a query (migration 0041).
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
