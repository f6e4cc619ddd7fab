-- The bank line identity (decision 0127), computed here exactly as statement-parser.ts does, for the backfill of
-- every stored line to it (`bank_records_rekey`). translate() rather than lower() keeps the result the same under
-- any database locale. (Migration 0045.)
CREATE OR REPLACE FUNCTION bank_line_loose_base(account_iban text, booking_date date, direction text,
  amount numeric, payer_iban text, payer_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select coalesce(account_iban, '') || chr(31) || to_char(booking_date, 'YYYY-MM-DD') || chr(31)
    || case when direction = 'debit' then '-' else '+' end || amount::numeric(20, 2)::text || chr(31)
    || case when payer_iban is not null and payer_iban <> '' then 'iban:' || payer_iban
       else 'name:' || translate(btrim(regexp_replace(payer_name, '[ \t\n\r]+', ' ', 'g'), ' '),
         'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ', 'abcdefghijklmnopqrstuvwxyzäöü') end
$$;
