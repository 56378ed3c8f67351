-- What a shopper owns changes by many paths: the storefront, the back office, Telegram, the Mini App,
-- jobs. Each such write names its shopper on the channel "atir_shopper" with the owner key the API
-- uses (`u:<user id>` or `v:<visitor fingerprint>`), so every process forgets what it remembered of
-- that shopper for their pages (api/shoppers/changes.ts). PostgreSQL sends a notice when the
-- transaction commits, and the same key once per transaction however many rows it wrote.
-- TG_ARGV[0]: the column with the key (or the user id), TG_ARGV[1]: what goes before it.
CREATE FUNCTION "shopper_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('atir_shopper', TG_ARGV[1] || (to_jsonb(OLD) ->> TG_ARGV[0]));
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM pg_notify('atir_shopper', TG_ARGV[1] || (to_jsonb(NEW) ->> TG_ARGV[0]));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- An order's lines name no customer: their order does (a line changed is a review allowed or not).
CREATE FUNCTION "order_line_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('atir_shopper', 'u:' || "user_id") FROM "orders"
		WHERE "id" IN (OLD."order_id", NEW."order_id");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cart_items_shopper" AFTER INSERT OR UPDATE OR DELETE ON "cart_items"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('owner', '');--> statement-breakpoint
CREATE TRIGGER "favourites_shopper" AFTER INSERT OR UPDATE OR DELETE ON "favourites"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('owner', '');--> statement-breakpoint
CREATE TRIGGER "story_reads_shopper" AFTER INSERT OR UPDATE OR DELETE ON "story_reads"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('reader', '');--> statement-breakpoint
CREATE TRIGGER "reviews_shopper" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('user_id', 'u:');--> statement-breakpoint
CREATE TRIGGER "orders_shopper" AFTER INSERT OR UPDATE OR DELETE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('user_id', 'u:');--> statement-breakpoint
CREATE TRIGGER "order_items_shopper" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
	FOR EACH ROW EXECUTE FUNCTION "order_line_changed"();--> statement-breakpoint
-- A name, a block or a deletion; a session revoked (signed out elsewhere, a password changed).
CREATE TRIGGER "users_shopper" AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('id', 'u:');--> statement-breakpoint
CREATE TRIGGER "auth_sessions_shopper" AFTER UPDATE OR DELETE ON "auth_sessions"
	FOR EACH ROW EXECUTE FUNCTION "shopper_changed"('user_id', 'u:');
