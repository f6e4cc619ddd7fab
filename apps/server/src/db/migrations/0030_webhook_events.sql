ALTER TABLE "partner_event_cursor" ADD COLUMN "last_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "partner_event_cursor" ADD COLUMN "last_notice_id" bigint;