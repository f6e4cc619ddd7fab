ALTER TABLE "reclamations" ALTER COLUMN "sale_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "soft_pins" ADD COLUMN "pin_index" text;--> statement-breakpoint
ALTER TABLE "soft_pins" ADD COLUMN "pin_hint" text;--> statement-breakpoint
ALTER TABLE "soft_pins" ADD COLUMN "pin_length" smallint;--> statement-breakpoint
ALTER TABLE "reclamations" ADD COLUMN "provider_sale_id" integer;--> statement-breakpoint
ALTER TABLE "reclamations" ADD CONSTRAINT "reclamations_provider_sale_id_provider_sales_id_fk" FOREIGN KEY ("provider_sale_id") REFERENCES "public"."provider_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soft_pins_index_idx" ON "soft_pins" USING btree ("pin_index");--> statement-breakpoint
CREATE INDEX "soft_pins_backfill_idx" ON "soft_pins" USING btree ("sale_id") WHERE "soft_pins"."pin_index" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reclamations_provider_sale_uq" ON "reclamations" USING btree ("provider_sale_id");--> statement-breakpoint
ALTER TABLE "reclamations" ADD CONSTRAINT "reclamations_source_chk" CHECK (("reclamations"."sale_id" is null) <> ("reclamations"."provider_sale_id" is null));