DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin ((' ' || "search_key" || ' ') gin_trgm_ops);