ALTER TYPE "public"."change_batch_state" ADD VALUE 'interrupted';--> statement-breakpoint
ALTER TYPE "public"."change_batch_state" ADD VALUE 'applying';--> statement-breakpoint
ALTER TYPE "public"."change_batch_state" ADD VALUE 'undoing';