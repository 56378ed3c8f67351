CREATE TABLE "telegram_sign_ins" (
	"hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telegram_sign_ins_expires_idx" ON "telegram_sign_ins" USING btree ("expires_at");