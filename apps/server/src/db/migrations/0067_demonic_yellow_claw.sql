CREATE TABLE "datev_debtors" (
	"issuer_customer_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"debtor_number" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "datev_debtors_issuer_customer_id_customer_id_pk" PRIMARY KEY("issuer_customer_id","customer_id"),
	CONSTRAINT "datev_debtors_range_chk" CHECK ("datev_debtors"."debtor_number" between 10000 and 69999)
);
--> statement-breakpoint
CREATE TABLE "datev_settings" (
	"issuer_customer_id" integer PRIMARY KEY NOT NULL,
	"chart" text NOT NULL,
	"consultant_number" integer NOT NULL,
	"client_number" integer NOT NULL,
	"fiscal_year_start_month" smallint DEFAULT 1 NOT NULL,
	"accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "datev_settings_chart_chk" CHECK ("datev_settings"."chart" in ('SKR03', 'SKR04')),
	CONSTRAINT "datev_settings_consultant_chk" CHECK ("datev_settings"."consultant_number" between 1001 and 9999999),
	CONSTRAINT "datev_settings_client_chk" CHECK ("datev_settings"."client_number" between 1 and 99999),
	CONSTRAINT "datev_settings_fy_chk" CHECK ("datev_settings"."fiscal_year_start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "datev_debtors_number_uq" ON "datev_debtors" USING btree ("issuer_customer_id","debtor_number");
--> statement-breakpoint
-- Hand-written (decision 0147). A debtor number once given is never changed, freed or given again.
CREATE TRIGGER datev_debtors_append_only BEFORE UPDATE OR DELETE ON datev_debtors
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER datev_debtors_no_truncate BEFORE TRUNCATE ON datev_debtors
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER datev_settings_audit AFTER INSERT OR UPDATE OR DELETE ON datev_settings
  FOR EACH ROW EXECUTE FUNCTION audit_change('issuer_customer_id', 'issuer_customer_id', 'chart', 'consultant_number', 'client_number', 'fiscal_year_start_month', 'accounts');
