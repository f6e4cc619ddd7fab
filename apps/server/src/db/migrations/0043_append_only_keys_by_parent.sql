-- Less write amplification per sale (issue 10, decision 0051). ledger_lines and pin_reveals each had a primary key
-- on id and a second index on their parent (entry_id, sale_id). The key now leads with the parent, so it finds a
-- parent's rows as the second index did, and each row writes one index entry fewer: five per single sale (four
-- lines, one reveal). id stays unique by its identity (GENERATED ALWAYS); nothing refers to either row by id.
DROP INDEX "ledger_lines_entry_idx";--> statement-breakpoint
DROP INDEX "pin_reveals_sale_idx";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_pkey";--> statement-breakpoint
ALTER TABLE "pin_reveals" DROP CONSTRAINT "pin_reveals_pkey";--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_id_pk" PRIMARY KEY("entry_id","id");--> statement-breakpoint
ALTER TABLE "pin_reveals" ADD CONSTRAINT "pin_reveals_sale_id_id_pk" PRIMARY KEY("sale_id","id");
