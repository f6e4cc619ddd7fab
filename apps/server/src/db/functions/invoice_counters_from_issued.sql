-- Issue 35 (migration 0054): the invoice counters are one per issuer and series. Each series starts after the
-- highest number that type already issued (an issuer's old one series held RE, RK and RS numbers mixed): RE-000004
-- after RE-000003 even if RK-000004 exists, so no number is used twice within a series and none already issued
-- changes. The migration's backfill.
CREATE OR REPLACE FUNCTION invoice_counters_from_issued() RETURNS void LANGUAGE sql AS $$
  DELETE FROM invoice_counters;
  INSERT INTO invoice_counters (issuer_customer_id, series, last_number)
    SELECT issuer_customer_id, series, max(number) FROM invoices GROUP BY issuer_customer_id, series;
$$;
