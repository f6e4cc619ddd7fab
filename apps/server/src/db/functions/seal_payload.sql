-- The hash chain (issue 41, decision 0142, migration 0066). A row's canonical line: its source, then each field as
-- `|<octets>:<text>` (PostgreSQL's text form, in UTC and ISO dates) or `|-` for NULL: length-prefixed, so no
-- value can imitate a separator. db/chain.ts builds the same lines in TypeScript for `npm run audit:verify`.
-- The rows of one source with ids in (after_id, upto_id], in id order; an entry is followed by its ledger lines, an
-- issued document by its lines (its stored files enter as their sha256).
CREATE OR REPLACE FUNCTION seal_payload(source text, after_id bigint, upto_id bigint) RETURNS text
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
