CREATE TABLE "transaction_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"request_hash" text,
	"status" text DEFAULT 'issued' NOT NULL,
	"outcome_status" smallint,
	"outcome" jsonb,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transaction_keys" ADD CONSTRAINT "transaction_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_keys_created_idx" ON "transaction_keys" USING btree ("created_at");