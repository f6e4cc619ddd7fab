CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Counters only: losing them in a crash lets a few requests more through, and no write waits for the WAL.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
