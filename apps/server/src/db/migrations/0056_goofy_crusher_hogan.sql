CREATE INDEX "soft_pins_serial_idx" ON "soft_pins" USING btree ("serial") WHERE "soft_pins"."serial" is not null;--> statement-breakpoint
CREATE INDEX "pins_serial_idx" ON "pins" USING btree ("serial") WHERE "pins"."serial" is not null;--> statement-breakpoint
CREATE INDEX "invoices_invoice_no_idx" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "provider_sales_mobile_number_idx" ON "provider_sales" USING btree ("mobile_number");