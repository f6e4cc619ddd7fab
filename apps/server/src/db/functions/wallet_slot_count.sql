-- How many slots a wallet has: a reseller's balance is shared by all its shops' sales of platform stock.
-- (Migration 0035.)
CREATE OR REPLACE FUNCTION wallet_slot_count(p_account_role smallint) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN p_account_role = 1 THEN 8 ELSE 1 END $$;
