-- Issue 35 (migration 0058): the register entry in parts (court BT-33, type and number BT-30), split from the one
-- free text (`commercial_register`, dropped in 0059) by the pattern invoices.party-ids.ts `registerOf` uses for
-- documents frozen before. Text it cannot split ("12345", no register type) stays whole in the number, court and type
-- empty: issuing then refuses with einvoice_party_incomplete (seller_register_type) until the user completes the form.
CREATE OR REPLACE FUNCTION split_register_entry(raw text, OUT court text, OUT type text, OUT number text)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t text := btrim(coalesce(raw, ''));
  re constant text := '\m(HRA|HRB|GnR|PR|VR)\s*(\d+(?:\s+[A-Z]{1,2}\M)?)';
  m text[];
  pos int;
BEGIN
  IF t = '' THEN RETURN; END IF;
  m := regexp_match(t, re);
  IF m IS NULL THEN
    number := t;
    RETURN;
  END IF;
  pos := regexp_instr(t, re);
  type := m[1];
  number := m[2];
  -- The court is the rest, before or after the entry, without the separators around it.
  court := nullif(regexp_replace(regexp_replace(
    btrim(substr(t, 1, pos - 1)) || ' ' || btrim(substr(t, pos + length(regexp_substr(t, re)))),
    '^[\s,;:-]+|[\s,;:-]+$', '', 'g'), '\s+', ' ', 'g'), '');
END $$;
