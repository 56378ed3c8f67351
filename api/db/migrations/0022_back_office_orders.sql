CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"via" text NOT NULL,
	"text" text,
	"changes" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('note', 'edit', 'return', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event_id" integer,
	"payment_id" integer,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0),
	CONSTRAINT "order_refunds_method_known" CHECK ("order_refunds"."method" in ('provider', 'cash')),
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" in ('pending', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_known";--> statement-breakpoint
ALTER TABLE "staff_api_keys" DROP CONSTRAINT "staff_api_keys_role_known";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_known";--> statement-breakpoint
DROP INDEX "cashback_entries_order_reason_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_payment_idx" ON "order_refunds" USING btree ("payment_id") WHERE "order_refunds"."payment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_entries_order_reason_idx" ON "cashback_entries" USING btree ("order_id","reason") WHERE "cashback_entries"."reason" in ('spent', 'refund', 'earned');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_returned_within" CHECK ("order_items"."returned_quantity" >= 0 AND "order_items"."returned_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunds_within_paid" CHECK ("orders"."refunded_total" >= 0 AND "orders"."refunded_total" <= "orders"."paid_total");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_known" CHECK ("staff"."role" in ('owner', 'manager', 'content', 'warehouse', 'courier'));--> statement-breakpoint
ALTER TABLE "staff_api_keys" ADD CONSTRAINT "staff_api_keys_role_known" CHECK ("staff_api_keys"."role" in ('owner', 'manager', 'content', 'warehouse', 'courier'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" in ('order', 'order_cancelled', 'order_edit', 'return', 'correction', 'arrival', 'import', 'undo'));