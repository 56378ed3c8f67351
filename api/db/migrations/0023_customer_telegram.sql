CREATE TABLE "customer_telegram" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_telegram_telegram_user_id_unique" UNIQUE("telegram_user_id"),
	CONSTRAINT "customer_telegram_lang_known" CHECK ("customer_telegram"."lang" in ('uz', 'sr', 'ru'))
);
--> statement-breakpoint
CREATE TABLE "customer_telegram_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "customer_telegram_codes_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "customer_telegram_codes_lang_known" CHECK ("customer_telegram_codes"."lang" in ('uz', 'sr', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "customer_telegram" ADD CONSTRAINT "customer_telegram_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_telegram_codes" ADD CONSTRAINT "customer_telegram_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_telegram_codes_user_idx" ON "customer_telegram_codes" USING btree ("user_id");