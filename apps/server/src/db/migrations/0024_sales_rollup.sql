CREATE TABLE "sales_rollup" (
	"grain" smallint NOT NULL,
	"day" date NOT NULL,
	"reseller_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"configuration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sales" integer NOT NULL,
	"pins" bigint NOT NULL,
	"face_value" numeric NOT NULL,
	"seller_amount" numeric NOT NULL,
	"platform_cost" numeric NOT NULL,
	"reseller_cost" numeric,
	CONSTRAINT "sales_rollup_pk" PRIMARY KEY("grain","day","reseller_id","customer_id","user_id","product_id","configuration_id","kind"),
	CONSTRAINT "sales_rollup_grain_chk" CHECK ("sales_rollup"."grain" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_cursor" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_sale_id" bigint NOT NULL,
	"rolled_up_at" timestamp with time zone,
	CONSTRAINT "sales_rollup_cursor_one_chk" CHECK ("sales_rollup_cursor"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "sales_reseller_created_idx";--> statement-breakpoint
CREATE INDEX "sales_rollup_shop_idx" ON "sales_rollup" USING btree ("customer_id","day") WHERE "sales_rollup"."grain" = 1;--> statement-breakpoint
CREATE INDEX "sales_rollup_reseller_idx" ON "sales_rollup" USING btree ("reseller_id","grain","day");--> statement-breakpoint
CREATE INDEX "sales_reseller_created_idx" ON "sales" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The rollup cursor's one row (decision 0065): sales made before this migration are rolled up by the job from id 0.
INSERT INTO "sales_rollup_cursor" ("id", "last_sale_id") VALUES (1, 0);
