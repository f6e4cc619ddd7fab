-- The hash chain (issue 41, decision 0142, migration 0066). A row's canonical line: its source, then each field as
-- `|<octets>:<text>` (PostgreSQL's text form, in UTC and ISO dates) or `|-` for NULL: length-prefixed, so no
-- value can imitate a separator. db/chain.ts builds the same lines in TypeScript for `npm run audit:verify`.
-- One field of a line (inlined by the planner: a plain expression per field, no call per row).
CREATE OR REPLACE FUNCTION seal_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '|' || coalesce(octet_length(v)::text || ':' || v, '-')
$$;
