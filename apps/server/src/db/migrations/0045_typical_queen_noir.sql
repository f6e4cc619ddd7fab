ALTER TABLE "bank_imports" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "statement_ref" text;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "account_iban" text;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "sequence_number" integer;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "expected_sequence" integer;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "gap_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "gap_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "loose_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "duplicate_of_id" integer;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "duplicate_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "duplicate_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "end_to_end_id" text;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "bank_records" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_gap_confirmed_by_users_id_fk" FOREIGN KEY ("gap_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_duplicate_of_id_bank_records_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."bank_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_records" ADD CONSTRAINT "bank_records_duplicate_confirmed_by_users_id_fk" FOREIGN KEY ("duplicate_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_records_loose_idx" ON "bank_records" USING btree ("owner_customer_id","loose_key");--> statement-breakpoint
-- Hand-written (decision 0127): the bank line identity, computed here exactly as statement-parser.ts does,
-- and the backfill of every stored line to it. translate() rather than lower() keeps the result the same
-- under any database locale.
CREATE OR REPLACE FUNCTION bank_line_loose_base(account_iban text, booking_date date, direction text,
  amount numeric, payer_iban text, payer_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select coalesce(account_iban, '') || chr(31) || to_char(booking_date, 'YYYY-MM-DD') || chr(31)
    || case when direction = 'debit' then '-' else '+' end || amount::numeric(20, 2)::text || chr(31)
    || case when payer_iban is not null and payer_iban <> '' then 'iban:' || payer_iban
       else 'name:' || translate(btrim(regexp_replace(payer_name, '[ \t\n\r]+', ' ', 'g'), ' '),
         'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ', 'abcdefghijklmnopqrstuvwxyzäöü') end
$$;--> statement-breakpoint
-- Every stored line gets the new identity, import by import and line by line in file order: its place among
-- equal lines of its import, moved on past any key an earlier import of the owner already holds (an import
-- stored only the lines that were new to it).
CREATE OR REPLACE FUNCTION bank_records_rekey() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  nth integer;
  k text;
  n integer := 0;
BEGIN
  UPDATE bank_records SET line_key = 'rekey:' || id;
  FOR r IN
    SELECT id, owner_customer_id, loose, loose || chr(31) || coalesce(reference, '') AS base,
      row_number() OVER (PARTITION BY import_id, loose || chr(31) || coalesce(reference, '') ORDER BY position, id) AS place
    FROM (SELECT *, bank_line_loose_base(account_iban, booking_date, direction, amount, payer_iban, payer_name) AS loose
          FROM bank_records) b
    ORDER BY import_id, position, id
  LOOP
    nth := r.place;
    LOOP
      k := 'v2:' || encode(sha256(convert_to(r.base || '#' || nth, 'UTF8')), 'hex');
      EXIT WHEN NOT EXISTS (SELECT 1 FROM bank_records WHERE owner_customer_id = r.owner_customer_id AND line_key = k);
      nth := nth + 1;
    END LOOP;
    UPDATE bank_records SET line_key = k, loose_key = encode(sha256(convert_to(r.loose, 'UTF8')), 'hex')
      WHERE id = r.id;
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;--> statement-breakpoint
SELECT bank_records_rekey();--> statement-breakpoint
UPDATE bank_records SET skip_reason = 'debit' WHERE status = 'skipped' AND skip_reason IS NULL;--> statement-breakpoint
-- Imports stored before step 2 existed as a gate were all listed: they count as confirmed.
UPDATE bank_imports SET confirmed_at = created_at WHERE confirmed_at IS NULL;
