-- Every journal entry balances (decision 0040), checked by a statement-level trigger on `ledger_lines` over the lines
-- the statement wrote (`new_lines`), not once per line at commit: every statement's lines must balance per entry with
-- at least two lines. Lines are append-only, so an entry's lines are the union of its statements' groups, each
-- balanced: the entry balances and has two or more lines. ledger_post writes an entry's lines in one statement, and
-- a writer that splits an entry over several statements is refused at the first. (Migrations 0010, 0038: the old body
-- joined the new lines back to all of `ledger_lines`, whose plan, cached while the table was small, read the whole
-- table on every sale.)
CREATE OR REPLACE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT l.entry_id, count(*) AS n, sum(l.amount) AS total INTO bad
  FROM new_lines l GROUP BY l.entry_id HAVING count(*) < 2 OR sum(l.amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance (% lines, sum %)', bad.entry_id, bad.n, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
