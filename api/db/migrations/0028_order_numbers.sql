CREATE TABLE "order_numbers" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_numbers_one_row" CHECK ("order_numbers"."id" = 1)
);
