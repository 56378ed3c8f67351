CREATE TYPE "public"."concentration" AS ENUM('edc', 'edt', 'edp', 'parfum', 'extrait');--> statement-breakpoint
CREATE TYPE "public"."size_kind" AS ENUM('tester', 'travel');--> statement-breakpoint
CREATE TABLE "product_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_lines_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "line_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "line_position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "concentration" "concentration";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_kind" "size_kind";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_line_id_product_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."product_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_line_idx" ON "products" USING btree ("line_id","line_position");