-- Less write amplification per sale (issue 10): ledger_lines had a primary key on id and a second index on
-- entry_id. The key now leads with the entry, so it finds an entry's lines as the second index did, and each line
-- writes one index entry fewer: four per sale. id stays unique by its identity (GENERATED ALWAYS).
DROP INDEX "ledger_lines_entry_idx";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_pkey";--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_id_pk" PRIMARY KEY("entry_id","id");
