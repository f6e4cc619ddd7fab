CREATE TABLE "audit_seal_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"trail_pending" bigint DEFAULT 0 NOT NULL,
	"entries_pending" bigint DEFAULT 0 NOT NULL,
	"invoices_pending" bigint DEFAULT 0 NOT NULL,
	"z_reports_pending" bigint DEFAULT 0 NOT NULL,
	"pending_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_seals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_seals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trail_upto" bigint NOT NULL,
	"trail_digest" text NOT NULL,
	"entries_upto" bigint NOT NULL,
	"entries_digest" text NOT NULL,
	"invoices_upto" bigint NOT NULL,
	"invoices_digest" text NOT NULL,
	"z_reports_upto" bigint NOT NULL,
	"z_reports_digest" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
-- The hash chain (issue 41, decision 0142). A row's canonical line: its source, then each field as
-- `|<octets>:<text>` (PostgreSQL's text form, in UTC and ISO dates) or `|-` for NULL: length-prefixed, so no
-- value can imitate a separator. db/chain.ts builds the same lines in TypeScript for `npm run audit:verify`.
-- One field of a line (inlined by the planner: a plain expression per field, no call per row).
CREATE FUNCTION seal_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '|' || coalesce(octet_length(v)::text || ':' || v, '-')
$$;
--> statement-breakpoint
-- The rows of one source with ids in (after_id, upto_id], in id order; an entry is followed by its ledger lines, an
-- issued document by its lines (its stored files enter as their sha256).
CREATE FUNCTION seal_payload(source text, after_id bigint, upto_id bigint) RETURNS text
LANGUAGE plpgsql STABLE SET "TimeZone" = 'UTC' SET "DateStyle" = 'ISO, YMD' AS $$
DECLARE
  payload text;
BEGIN
  IF source = 'audit_trail' THEN
    SELECT string_agg(('audit_trail'
        || seal_field(id::text)
        || seal_field(at::text)
        || seal_field(actor_name)
        || seal_field(actor_user_id::text)
        || seal_field(actor_customer_id::text)
        || seal_field(request_id)
        || seal_field(table_name)
        || seal_field(record_key)
        || seal_field(subject_customer_id::text)
        || seal_field(action)
        || seal_field(changes::text)
        || seal_field(origin_digest) || E'\n'), '' ORDER BY id)
      INTO payload FROM audit_trail WHERE id > after_id AND id <= upto_id;
  ELSIF source = 'journal_entries' THEN
    SELECT string_agg(line, '' ORDER BY k1, k2) INTO payload FROM (
      SELECT e.id AS k1, 0::bigint AS k2, ('journal_entries'
        || seal_field(e.id::text)
        || seal_field(e.kind)
        || seal_field(e.customer_id::text)
        || seal_field(e.actor_customer_id::text)
        || seal_field(e.created_by::text)
        || seal_field(e.method)
        || seal_field(e.reference)
        || seal_field(e.memo)
        || seal_field(e.created_at::text) || E'\n') AS line
        FROM journal_entries e WHERE e.id > after_id AND e.id <= upto_id
      UNION ALL
      SELECT l.entry_id, l.id, ('ledger_lines'
        || seal_field(l.id::text)
        || seal_field(l.entry_id::text)
        || seal_field(l.customer_id::text)
        || seal_field(l.account)
        || seal_field(l.amount::text)
        || seal_field(l.balance_after::text)
        || seal_field(l.created_at::text) || E'\n')
        FROM ledger_lines l WHERE l.entry_id > after_id AND l.entry_id <= upto_id
    ) x;
  ELSIF source = 'invoices' THEN
    SELECT string_agg(line, '' ORDER BY k1, k2) INTO payload FROM (
      SELECT i.id AS k1, 0::bigint AS k2, ('invoices'
        || seal_field(i.id::text)
        || seal_field(i.issuer_customer_id::text)
        || seal_field(i.recipient_customer_id::text)
        || seal_field(i.number::text)
        || seal_field(i.invoice_no)
        || seal_field(i.period_start::text)
        || seal_field(i.period_end::text)
        || seal_field(i.issued_at::text)
        || seal_field(i.issuer::text)
        || seal_field(i.recipient::text)
        || seal_field(i.net_total::text)
        || seal_field(i.vat_total::text)
        || seal_field(i.gross_total::text)
        || seal_field(i.vat_breakdown::text)
        || seal_field(i.created_by::text)
        || seal_field(i.kind)
        || seal_field(i.reclamation_id::text)
        || seal_field(i.refund_entry_id::text)
        || seal_field(i.corrects_invoice_id::text)
        || seal_field(i.cancels_invoice::text)
        || seal_field(i.part)
        || seal_field(encode(sha256(f.pdf), 'hex'))
        || seal_field(encode(sha256(f.xrechnung), 'hex'))
        || seal_field(encode(sha256(f.zugferd), 'hex'))
        || seal_field(f.created_at::text) || E'\n') AS line
        FROM invoices i LEFT JOIN invoice_files f ON f.invoice_id = i.id WHERE i.id > after_id AND i.id <= upto_id
      UNION ALL
      SELECT l.invoice_id, l.id, ('invoice_lines'
        || seal_field(l.id::text)
        || seal_field(l.invoice_id::text)
        || seal_field(l.product_id::text)
        || seal_field(l.configuration_id::text)
        || seal_field(l.product_name)
        || seal_field(l.face_value::text)
        || seal_field(l.unit_price::text)
        || seal_field(l.quantity::text)
        || seal_field(l.gross_amount::text)
        || seal_field(l.vat_treatment)
        || seal_field(l.vat_rate::text)
        || seal_field(l.line_kind) || E'\n')
        FROM invoice_lines l WHERE l.invoice_id > after_id AND l.invoice_id <= upto_id
    ) x;
  ELSIF source = 'z_reports' THEN
    SELECT string_agg(('z_reports'
        || seal_field(id::text)
        || seal_field(customer_id::text)
        || seal_field(number::text)
        || seal_field(first_sale_id::text)
        || seal_field(last_sale_id::text)
        || seal_field(provider_after_entry_id::text)
        || seal_field(provider_last_entry_id::text)
        || seal_field(period_start::text)
        || seal_field(closed_at::text)
        || seal_field(closed_by::text)
        || seal_field(totals::text) || E'\n'), '' ORDER BY id)
      INTO payload FROM z_reports WHERE id > after_id AND id <= upto_id;
  ELSE
    RAISE EXCEPTION 'unknown seal source %', source;
  END IF;
  RETURN coalesce(payload, '');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION seal_digest(source text, after_id bigint, upto_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(seal_payload(source, after_id, upto_id), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- hash_n = sha256(hash_{n-1} and the four sources' upper ids and digests, one line each).
CREATE FUNCTION seal_hash(prev_hash text, trail_upto bigint, trail_digest text, entries_upto bigint,
  entries_digest text, invoices_upto bigint, invoices_digest text, z_reports_upto bigint, z_reports_digest text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || E'\n'
    || 'audit_trail|' || trail_upto || '|' || trail_digest || E'\n'
    || 'journal_entries|' || entries_upto || '|' || entries_digest || E'\n'
    || 'invoices|' || invoices_upto || '|' || invoices_digest || E'\n'
    || 'z_reports|' || z_reports_upto || '|' || z_reports_digest || E'\n', 'UTF8')), 'hex')
$$;
--> statement-breakpoint
INSERT INTO audit_seal_state (id) VALUES (1);
--> statement-breakpoint
-- Seals are append-only for every role, like the ledger and the trail they seal.
CREATE TRIGGER audit_seals_append_only BEFORE UPDATE OR DELETE ON audit_seals
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_seals_no_truncate BEFORE TRUNCATE ON audit_seals
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
