CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"search_key" text NOT NULL,
	"popularity" integer NOT NULL,
	"is_hidden" boolean NOT NULL
);
--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "search_key", "popularity", "is_hidden")
	SELECT "id", "search_key", "popularity", "is_hidden" FROM "products";--> statement-breakpoint
DROP INDEX "products_search_words_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_words_idx" ON "product_search" USING gin ((' ' || "search_key" || ' ') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_popularity_idx" ON "product_search" USING btree ("popularity","product_id");--> statement-breakpoint
-- The search table follows every write of a product's search key, popularity or visibility, whoever makes it;
-- an update that leaves the three as they were (a stock or price change) writes nothing. A deleted product's
-- row goes with it (the foreign key's cascade).
CREATE FUNCTION "product_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_search" ("product_id", "search_key", "popularity", "is_hidden")
		VALUES (NEW."id", NEW."search_key", NEW."popularity", NEW."is_hidden")
		ON CONFLICT ("product_id") DO UPDATE SET
			"search_key" = excluded."search_key",
			"popularity" = excluded."popularity",
			"is_hidden" = excluded."is_hidden";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_search_insert" AFTER INSERT ON "products"
	FOR EACH ROW EXECUTE FUNCTION "product_search_sync"();--> statement-breakpoint
CREATE TRIGGER "product_search_update" AFTER UPDATE OF "search_key", "popularity", "is_hidden" ON "products"
	FOR EACH ROW
	WHEN (OLD."search_key" IS DISTINCT FROM NEW."search_key"
		OR OLD."popularity" IS DISTINCT FROM NEW."popularity"
		OR OLD."is_hidden" IS DISTINCT FROM NEW."is_hidden")
	EXECUTE FUNCTION "product_search_sync"();
