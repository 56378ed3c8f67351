ALTER TABLE "orders" ALTER COLUMN "region" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "street" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "house" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_point" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_address" CHECK ("orders"."delivery" <> 'courier' OR ("orders"."region" IS NOT NULL AND "orders"."street" IS NOT NULL AND "orders"."house" IS NOT NULL));