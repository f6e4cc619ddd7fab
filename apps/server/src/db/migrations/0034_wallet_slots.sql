CREATE TABLE "wallet_accounts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"outstanding_credit" numeric(19, 4) DEFAULT '0' NOT NULL,
	"slots" smallint DEFAULT 1 NOT NULL,
	"below_trigger" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_outstanding_chk" CHECK ("wallet_accounts"."outstanding_credit" >= 0),
	CONSTRAINT "wallet_accounts_slots_chk" CHECK ("wallet_accounts"."slots" between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "wallet_slots" (
	"customer_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"balance" numeric(19, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "wallet_slots_customer_id_slot_pk" PRIMARY KEY("customer_id","slot"),
	CONSTRAINT "wallet_slots_balance_chk" CHECK ("wallet_slots"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_slots" ADD CONSTRAINT "wallet_slots_customer_id_wallet_accounts_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."wallet_accounts"("customer_id") ON DELETE no action ON UPDATE no action;