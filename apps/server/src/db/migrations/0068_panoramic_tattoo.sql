CREATE TABLE "key_rotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "key_rotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target_encryption_key" smallint NOT NULL,
	"target_index_key" smallint NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"collisions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inventory_import_rows" ADD COLUMN "pin_index_others" text[];