CREATE TABLE "shop_terminals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"terminal_id" text NOT NULL,
	"is_active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_terminals" ADD CONSTRAINT "shop_terminals_shop_id_customers_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_terminals" ADD CONSTRAINT "shop_terminals_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_terminals_terminal_uq" ON "shop_terminals" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "shop_terminals_shop_idx" ON "shop_terminals" USING btree ("shop_id");