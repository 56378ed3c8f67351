CREATE TABLE "cash_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"received_by" integer,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_handovers_amount_positive" CHECK ("cash_handovers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_chat_messages" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collected_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "handover_id" integer;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_handovers" ADD CONSTRAINT "cash_handovers_received_by_staff_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_chat_messages" ADD CONSTRAINT "order_chat_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_handovers_staff_idx" ON "cash_handovers" USING btree ("staff_id","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_staff_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_handover_id_cash_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."cash_handovers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_cash_held_idx" ON "payments" USING btree ("collected_by") WHERE "payments"."provider" = 'cash' AND "payments"."handover_id" IS NULL;