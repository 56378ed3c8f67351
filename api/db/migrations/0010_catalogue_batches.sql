CREATE TYPE "public"."change_batch_kind" AS ENUM('bulk', 'import');--> statement-breakpoint
CREATE TYPE "public"."change_batch_state" AS ENUM('checking', 'previewed', 'applied', 'undone', 'failed');--> statement-breakpoint
CREATE TABLE "change_batch_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"line" integer NOT NULL,
	"product_id" integer,
	"label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"errors" jsonb
);
--> statement-breakpoint
CREATE TABLE "change_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "change_batch_kind" NOT NULL,
	"state" "change_batch_state" NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"summary" jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" text,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
ALTER TABLE "change_batch_rows" ADD CONSTRAINT "change_batch_rows_batch_id_change_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."change_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_batch_rows" ADD CONSTRAINT "change_batch_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_batches" ADD CONSTRAINT "change_batches_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_batch_rows_batch_idx" ON "change_batch_rows" USING btree ("batch_id","line");--> statement-breakpoint
CREATE INDEX "change_batches_created_idx" ON "change_batches" USING btree ("created_at");