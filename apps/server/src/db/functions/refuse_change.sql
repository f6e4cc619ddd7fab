-- Append-only tables (DOMAIN.md invariant 5): ledger lines, journal entries, the staff assignment history, and every
-- table since declared append-only (z_reports, sales, invoices, audit_trail, ...) refuse UPDATE, DELETE and TRUNCATE
-- through a trigger calling this. A trigger holds for every role, superusers included; refunds and corrections are
-- new entries with opposite signs. (Migration 0004.)
CREATE OR REPLACE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
