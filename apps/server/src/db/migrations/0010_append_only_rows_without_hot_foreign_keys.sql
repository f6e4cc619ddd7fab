ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_actor_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "pin_reveals" DROP CONSTRAINT "pin_reveals_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "pin_reveals" DROP CONSTRAINT "pin_reveals_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_reseller_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_owner_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_configuration_id_product_configurations_id_fk";
--> statement-breakpoint
-- Every entry balances, checked once per statement over the entries it wrote instead of once per line
-- at commit: ledger_post writes an entry's lines in one statement, and a writer that splits an entry
-- over several statements is refused at the first.
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT l.entry_id, count(*) AS n, sum(l.amount) AS total INTO bad
  FROM ledger_lines l WHERE l.entry_id IN (SELECT DISTINCT entry_id FROM new_lines)
  GROUP BY l.entry_id HAVING count(*) < 2 OR sum(l.amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance (% lines, sum %)', bad.entry_id, bad.n, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_balanced_per_statement AFTER INSERT ON ledger_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced();
--> statement-breakpoint
DROP TRIGGER ledger_lines_balanced ON ledger_lines;
--> statement-breakpoint
DROP FUNCTION ledger_entry_balanced();
