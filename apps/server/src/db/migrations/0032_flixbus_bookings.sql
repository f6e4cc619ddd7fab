CREATE TABLE "flixbus_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flixbus_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"trip" jsonb NOT NULL,
	"seats" integer NOT NULL,
	"ebikes" integer NOT NULL,
	"passengers" jsonb NOT NULL,
	"contact_phone" text,
	"voucher" text,
	"total_price" numeric(19, 4) NOT NULL,
	"partner_price" numeric(19, 4) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flixbus_bookings_status_chk" CHECK ("flixbus_bookings"."status" in ('reserved', 'paid', 'cancelled')),
	CONSTRAINT "flixbus_bookings_seats_chk" CHECK ("flixbus_bookings"."seats" > 0 and "flixbus_bookings"."ebikes" >= 0 and "flixbus_bookings"."ebikes" <= "flixbus_bookings"."seats")
);
--> statement-breakpoint
ALTER TABLE "flixbus_bookings" ADD CONSTRAINT "flixbus_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flixbus_bookings" ADD CONSTRAINT "flixbus_bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flixbus_bookings_reservation_uq" ON "flixbus_bookings" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "flixbus_bookings_customer_idx" ON "flixbus_bookings" USING btree ("customer_id","id");