-- The hash chain (issue 41, decision 0142, migration 0066): a source's digest over its rows with ids in
-- (after_id, upto_id], the sha256 of their canonical lines (`seal_payload`).
CREATE OR REPLACE FUNCTION seal_digest(source text, after_id bigint, upto_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(seal_payload(source, after_id, upto_id), 'UTF8')), 'hex')
$$;
