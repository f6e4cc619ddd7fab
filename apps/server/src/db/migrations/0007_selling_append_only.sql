-- Z reports, PIN reveal records and sold PINs are never updated or deleted (DOMAIN.md invariant 5;
-- a sold PIN stays with its sale). refuse_change() comes from the ledger's append-only migration.
CREATE TRIGGER z_reports_append_only BEFORE UPDATE OR DELETE ON z_reports
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER z_reports_no_truncate BEFORE TRUNCATE ON z_reports
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER pin_reveals_append_only BEFORE UPDATE OR DELETE ON pin_reveals
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER pin_reveals_no_truncate BEFORE TRUNCATE ON pin_reveals
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER sale_pins_append_only BEFORE UPDATE OR DELETE ON sale_pins
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_append_only BEFORE UPDATE OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
