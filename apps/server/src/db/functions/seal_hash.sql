-- The hash chain (issue 41, decision 0142, migration 0066):
-- hash_n = sha256(hash_{n-1} and the four sources' upper ids and digests, one line each).
CREATE OR REPLACE FUNCTION seal_hash(prev_hash text, trail_upto bigint, trail_digest text, entries_upto bigint,
  entries_digest text, invoices_upto bigint, invoices_digest text, z_reports_upto bigint, z_reports_digest text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || E'\n'
    || 'audit_trail|' || trail_upto || '|' || trail_digest || E'\n'
    || 'journal_entries|' || entries_upto || '|' || entries_digest || E'\n'
    || 'invoices|' || invoices_upto || '|' || invoices_digest || E'\n'
    || 'z_reports|' || z_reports_upto || '|' || z_reports_digest || E'\n', 'UTF8')), 'hex')
$$;
