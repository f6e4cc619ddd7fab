CREATE TABLE "audit_origins" (
	"trail_id" bigint PRIMARY KEY NOT NULL,
	"ip" text,
	"user_agent" text,
	"salt" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_trail" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_trail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_name" text NOT NULL,
	"actor_user_id" integer,
	"actor_customer_id" integer,
	"request_id" text,
	"table_name" text NOT NULL,
	"record_key" text NOT NULL,
	"subject_customer_id" integer,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"origin_digest" text
);
--> statement-breakpoint
CREATE INDEX "audit_trail_subject_idx" ON "audit_trail" USING btree ("subject_customer_id","id");--> statement-breakpoint
CREATE INDEX "audit_trail_actor_idx" ON "audit_trail" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "audit_trail_record_idx" ON "audit_trail" USING btree ("table_name","record_key");--> statement-breakpoint
-- The audit trail (issue 41, decision 0141). One generic trigger function records a change of an audited table:
-- its arguments are the table's key columns, the column naming the customer the record belongs to ('' for none)
-- and the recorded columns (a '~' before a name: a secret or an image, recorded as an event without its value).
-- Who acts comes from the transaction-local setting `portal.actor` (JSON: name, user_id, customer_id, request_id,
-- ip, ua) that the server's pool sets in every transaction of a request, job, seed or migration; a change of a
-- recorded column that names no actor is refused. An UPDATE that changes no recorded column (a bookkeeping column
-- such as api_keys.last_used_at) records nothing and needs no actor.
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- The trail is append-only for every role, superusers included, like the ledger (refuse_change() comes from the
-- ledger's migration). Deleting rows past their retention is a maintenance step outside this guard (README).
CREATE TRIGGER audit_trail_append_only BEFORE UPDATE OR DELETE ON audit_trail
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_trail_no_truncate BEFORE TRUNCATE ON audit_trail
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- An origin may be erased (DELETE) after the privacy notice's period, never rewritten.
CREATE TRIGGER audit_origins_no_update BEFORE UPDATE ON audit_origins
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

--> statement-breakpoint
CREATE TRIGGER customers_audit AFTER INSERT OR UPDATE OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'id', 'organisation_id', 'parent_id', 'account_role', 'name', 'is_active', 'enable_otp', 'features', 'credit_limit', 'address', 'organisation_type', 'email', 'balance_trigger', 'balance_topup', 'auto_credit', 'low_balance_notice', 'discount_slab_id', 'sub_domain', 'alternative_mobiles', 'sms_sender_id', '~invoice_logo', '~invoice_header_image', '~invoice_footer_image', '~login_logo', 'shop_type', 'shop_timings', 'holidays', 'lunch', 'mask_seller_discount', 'terminal_limit', 'otp_channel', 'remarks', 'api_enabled', 'api_allowed_ips', 'api_callback_url', 'stopped_at', 'legal_name', 'vat_id', 'tax_number', 'legal_form', 'seat', 'economic_id', 'register_court', 'register_type', 'register_number', 'managing_directors', 'gln', 'iban', 'bic');
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'customer_id', 'customer_id', 'organisation_id', 'username', '~password_hash', 'name', 'email', 'mobile', 'account_role', 'internal_role', 'is_main', 'is_active', 'enable_web_view', 'require_device_approval', 'features', 'job_role');
--> statement-breakpoint
CREATE TRIGGER user_devices_audit AFTER INSERT OR UPDATE OR DELETE ON user_devices
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', '', 'user_id', '~fingerprint_hash', 'approved_at');
--> statement-breakpoint
CREATE TRIGGER password_invitations_audit AFTER INSERT OR UPDATE OR DELETE ON password_invitations
  FOR EACH ROW EXECUTE FUNCTION audit_change('user_id', '', 'user_id', '~otp_hash', 'expires_at', 'used_at');
--> statement-breakpoint
CREATE TRIGGER registrations_audit AFTER INSERT OR UPDATE OR DELETE ON registrations
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'customer_id', 'parent_id', 'shop_name', 'username', 'status', 'reject_reason', 'customer_id', 'decided_by');
--> statement-breakpoint
CREATE TRIGGER staff_assignments_audit AFTER INSERT OR UPDATE OR DELETE ON staff_assignments
  FOR EACH ROW EXECUTE FUNCTION audit_change('staff_user_id,customer_id', 'customer_id', 'staff_user_id', 'customer_id', 'assigned_by');
--> statement-breakpoint
CREATE TRIGGER product_assignments_audit AFTER INSERT OR UPDATE OR DELETE ON product_assignments
  FOR EACH ROW EXECUTE FUNCTION audit_change('customer_id,configuration_id', 'customer_id', 'customer_id', 'configuration_id', 'discount_slab_id', 'is_active', 'assigned_by');
--> statement-breakpoint
CREATE TRIGGER discount_slabs_audit AFTER INSERT OR UPDATE OR DELETE ON discount_slabs
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'owner_customer_id', 'owner_customer_id', 'name');
--> statement-breakpoint
CREATE TRIGGER discount_slab_items_audit AFTER INSERT OR UPDATE OR DELETE ON discount_slab_items
  FOR EACH ROW EXECUTE FUNCTION audit_change('slab_id,configuration_id', '', 'slab_id', 'configuration_id', 'discount');
--> statement-breakpoint
CREATE TRIGGER dynamic_products_audit AFTER INSERT OR UPDATE OR DELETE ON dynamic_products
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', '', 'provider', 'provider_product_id', 'name', 'product_type', 'face_value', 'enabled');
--> statement-breakpoint
CREATE TRIGGER dynamic_product_discounts_audit AFTER INSERT OR UPDATE OR DELETE ON dynamic_product_discounts
  FOR EACH ROW EXECUTE FUNCTION audit_change('customer_id,dynamic_product_id', 'customer_id', 'customer_id', 'dynamic_product_id', 'discount');
--> statement-breakpoint
CREATE TRIGGER dynamic_product_offers_audit AFTER INSERT OR UPDATE OR DELETE ON dynamic_product_offers
  FOR EACH ROW EXECUTE FUNCTION audit_change('customer_id,dynamic_product_id', 'customer_id', 'customer_id', 'dynamic_product_id', 'offered');
--> statement-breakpoint
CREATE TRIGGER provider_discounts_audit AFTER INSERT OR UPDATE OR DELETE ON provider_discounts
  FOR EACH ROW EXECUTE FUNCTION audit_change('customer_id,provider', 'customer_id', 'customer_id', 'provider', 'discount');
--> statement-breakpoint
CREATE TRIGGER provider_vat_treatments_audit AFTER INSERT OR UPDATE OR DELETE ON provider_vat_treatments
  FOR EACH ROW EXECUTE FUNCTION audit_change('provider,dynamic_product_id,valid_from', '', 'provider', 'dynamic_product_id', 'valid_from', 'treatment', 'vat_rate', 'carrier', 'set_by');
--> statement-breakpoint
CREATE TRIGGER products_audit AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'owner_customer_id', 'owner_customer_id', 'product_type', 'product_name', 'pin_length', 'customer_care', 'instructions', '~product_image', 'is_configuration', 'is_active', 'vat_treatment', 'vat_rate');
--> statement-breakpoint
CREATE TRIGGER product_configurations_audit AFTER INSERT OR UPDATE OR DELETE ON product_configurations
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', '', 'product_id', 'value', 'info', 'is_active', 'low_stock_threshold');
--> statement-breakpoint
CREATE TRIGGER pools_audit AFTER INSERT OR UPDATE OR DELETE ON pools
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', '', 'product_id');
--> statement-breakpoint
CREATE TRIGGER inventory_imports_audit AFTER INSERT OR UPDATE OR DELETE ON inventory_imports
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'owner_customer_id', 'owner_customer_id', 'kind', 'status', 'file_name', 'configuration_id', 'supplier_id', 'buying_discount', 'imported_pins', 'published', 'approved_by');
--> statement-breakpoint
CREATE TRIGGER suppliers_audit AFTER INSERT OR UPDATE OR DELETE ON suppliers
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'owner_customer_id', 'owner_customer_id', 'full_name', 'company', 'email', 'mobile', 'telephone', 'address', 'city', 'postalcode', 'country', 'ustidnr', 'stnr', 'remarks', 'status');
--> statement-breakpoint
CREATE TRIGGER api_keys_audit AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'customer_id', 'customer_id', 'user_id', 'name', 'key_prefix', 'created_by', 'expires_at', 'revoked_at', 'revoked_by');
--> statement-breakpoint
CREATE TRIGGER partner_webhooks_audit AFTER INSERT OR UPDATE OR DELETE ON partner_webhooks
  FOR EACH ROW EXECUTE FUNCTION audit_change('customer_id', 'customer_id', 'customer_id', '~secret_ciphertext', 'rotated_by');
--> statement-breakpoint
CREATE TRIGGER devices_audit AFTER INSERT OR UPDATE OR DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'shop_id', 'tag', 'serial_no', 'status', 'reseller_id', 'shop_id', 'deleted_at');
--> statement-breakpoint
CREATE TRIGGER shop_terminals_audit AFTER INSERT OR UPDATE OR DELETE ON shop_terminals
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'shop_id', 'shop_id', 'terminal_id', 'is_active');
--> statement-breakpoint
CREATE TRIGGER shop_support_ids_audit AFTER INSERT OR UPDATE OR DELETE ON shop_support_ids
  FOR EACH ROW EXECUTE FUNCTION audit_change('customer_id', 'customer_id', 'customer_id', 'support_id');
--> statement-breakpoint
CREATE TRIGGER organisations_audit AFTER INSERT OR UPDATE OR DELETE ON organisations
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', '', 'name', '~logo', '~login_logo', 'support_email', 'support_phone', 'support_text');
--> statement-breakpoint
CREATE TRIGGER organisation_hosts_audit AFTER INSERT OR UPDATE OR DELETE ON organisation_hosts
  FOR EACH ROW EXECUTE FUNCTION audit_change('host', 'reseller_id', 'host', 'organisation_id', 'reseller_id');
--> statement-breakpoint
CREATE TRIGGER bank_name_mappings_audit AFTER INSERT OR UPDATE OR DELETE ON bank_name_mappings
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'customer_id', 'owner_customer_id', 'match_key', 'payer_name', 'payer_iban', 'customer_id', 'deleted_at');
--> statement-breakpoint
CREATE TRIGGER hardware_categories_audit AFTER INSERT OR UPDATE OR DELETE ON hardware_categories
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', 'owner_customer_id', 'owner_customer_id', 'name', 'description', 'image_file_id', 'deleted_at');
--> statement-breakpoint
CREATE TRIGGER hardware_products_audit AFTER INSERT OR UPDATE OR DELETE ON hardware_products
  FOR EACH ROW EXECUTE FUNCTION audit_change('id', '', 'category_id', 'name', 'description', 'price', 'stock', 'image_file_id', 'deleted_at');
