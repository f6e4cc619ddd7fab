-- The backfill of decision 0127 (migration 0045): every stored line gets the new identity, import by import and
-- line by line in file order: its place among equal lines of its import, moved on past any key an earlier import of
-- the owner already holds (an import stored only the lines that were new to it).
CREATE OR REPLACE FUNCTION bank_records_rekey() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  nth integer;
  k text;
  n integer := 0;
BEGIN
  UPDATE bank_records SET line_key = 'rekey:' || id;
  FOR r IN
    SELECT id, owner_customer_id, loose, loose || chr(31) || coalesce(reference, '') AS base,
      row_number() OVER (PARTITION BY import_id, loose || chr(31) || coalesce(reference, '') ORDER BY position, id) AS place
    FROM (SELECT *, bank_line_loose_base(account_iban, booking_date, direction, amount, payer_iban, payer_name) AS loose
          FROM bank_records) b
    ORDER BY import_id, position, id
  LOOP
    nth := r.place;
    LOOP
      k := 'v2:' || encode(sha256(convert_to(r.base || '#' || nth, 'UTF8')), 'hex');
      EXIT WHEN NOT EXISTS (SELECT 1 FROM bank_records WHERE owner_customer_id = r.owner_customer_id AND line_key = k);
      nth := nth + 1;
    END LOOP;
    UPDATE bank_records SET line_key = k, loose_key = encode(sha256(convert_to(r.loose, 'UTF8')), 'hex')
      WHERE id = r.id;
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;
