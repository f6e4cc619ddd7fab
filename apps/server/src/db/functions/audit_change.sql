-- The audit trail (issue 41, decision 0141). One generic trigger function records a change of an audited table:
-- its arguments are the table's key columns, the column naming the customer the record belongs to ('' for none)
-- and the recorded columns (a '~' before a name: a secret or an image, recorded as an event without its value).
-- Who acts comes from the transaction-local setting `portal.actor` (JSON: name, user_id, customer_id, request_id,
-- ip, ua) that the server's pool sets in every transaction of a request, job, seed or migration; a change of a
-- recorded column that names no actor is refused. An UPDATE that changes no recorded column (a bookkeeping column
-- such as api_keys.last_used_at) records nothing and needs no actor. (Migration 0060.)
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  v_new jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  v_row jsonb := coalesce(v_new, v_old);
  v_changes jsonb := '{}';
  v_col text;
  v_secret boolean;
  v_before jsonb;
  v_after jsonb;
  v_setting text;
  v_actor jsonb;
  v_key text;
  v_id bigint;
  v_salt uuid;
  v_digest text;
BEGIN
  FOR i IN 2 .. TG_NARGS - 1 LOOP
    v_col := TG_ARGV[i];
    v_secret := left(v_col, 1) = '~';
    IF v_secret THEN
      v_col := substr(v_col, 2);
    END IF;
    v_before := v_old -> v_col;
    v_after := v_new -> v_col;
    IF v_before IS DISTINCT FROM v_after THEN
      -- Numbers as their decimal text ("1234.5600"), as the API answers money: never a float in a reader.
      IF jsonb_typeof(v_before) = 'number' THEN
        v_before := to_jsonb(v_before #>> '{}');
      END IF;
      IF jsonb_typeof(v_after) = 'number' THEN
        v_after := to_jsonb(v_after #>> '{}');
      END IF;
      v_changes := v_changes || jsonb_build_object(v_col,
        CASE
          WHEN v_secret THEN jsonb_build_object('event', CASE
            WHEN v_after IS NULL OR v_after = 'null'::jsonb THEN 'removed'
            WHEN v_before IS NULL OR v_before = 'null'::jsonb THEN 'set'
            ELSE 'reset' END)
          WHEN TG_OP = 'INSERT' THEN jsonb_build_object('after', v_after)
          WHEN TG_OP = 'DELETE' THEN jsonb_build_object('before', v_before)
          ELSE jsonb_build_object('before', v_before, 'after', v_after)
        END);
    END IF;
  END LOOP;
  IF v_changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  v_setting := nullif(current_setting('portal.actor', true), '');
  IF v_setting IS NOT NULL THEN
    v_actor := v_setting::jsonb;
  END IF;
  IF v_actor IS NULL OR coalesce(v_actor ->> 'name', '') = '' THEN
    RAISE EXCEPTION 'audit_actor_missing: a change of % names no actor (portal.actor)', TG_TABLE_NAME
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT string_agg(coalesce(v_row ->> k, ''), ',') INTO v_key FROM unnest(string_to_array(TG_ARGV[0], ',')) k;
  IF v_actor ->> 'ip' IS NOT NULL OR v_actor ->> 'ua' IS NOT NULL THEN
    v_salt := gen_random_uuid();
    v_digest := encode(sha256(convert_to(
      v_salt::text || '|' || coalesce(v_actor ->> 'ip', '') || '|' || coalesce(v_actor ->> 'ua', ''), 'UTF8')), 'hex');
  END IF;
  INSERT INTO audit_trail (actor_name, actor_user_id, actor_customer_id, request_id, table_name, record_key,
    subject_customer_id, action, changes, origin_digest)
  VALUES (v_actor ->> 'name', (v_actor ->> 'user_id')::int, (v_actor ->> 'customer_id')::int, v_actor ->> 'request_id',
    TG_TABLE_NAME, v_key, CASE WHEN TG_ARGV[1] <> '' THEN (v_row ->> TG_ARGV[1])::int END, lower(TG_OP), v_changes,
    v_digest)
  RETURNING id INTO v_id;
  IF v_salt IS NOT NULL THEN
    INSERT INTO audit_origins (trail_id, ip, user_agent, salt) VALUES (v_id, v_actor ->> 'ip', v_actor ->> 'ua', v_salt);
  END IF;
  RETURN NULL;
END;
$$;
