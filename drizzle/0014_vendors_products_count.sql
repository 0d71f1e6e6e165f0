ALTER TABLE "vendors" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "vendors" v SET "products_count" = (SELECT count(*)::int FROM "products" p WHERE p."vendor_id" = v."id");--> statement-breakpoint
-- Statement-level triggers with transition tables: a statement that inserts a million products
-- updates each vendor once, not once per product.
CREATE FUNCTION "vendors_products_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vendors" v SET "products_count" = v."products_count" + n.c
    FROM (SELECT "vendor_id", count(*)::int AS c FROM added GROUP BY "vendor_id") n
    WHERE v."id" = n."vendor_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "vendors_products_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vendors" v SET "products_count" = v."products_count" - n.c
    FROM (SELECT "vendor_id", count(*)::int AS c FROM removed GROUP BY "vendor_id") n
    WHERE v."id" = n."vendor_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A product never changes vendor today; if one ever does, the counts still follow.
CREATE FUNCTION "vendors_products_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "vendors" v SET "products_count" = v."products_count" + n.c
    FROM (
      SELECT "vendor_id", sum(c)::int AS c FROM (
        SELECT a."vendor_id", 1 AS c FROM after_rows a JOIN before_rows b ON b."id" = a."id" WHERE a."vendor_id" <> b."vendor_id"
        UNION ALL
        SELECT b."vendor_id", -1 AS c FROM after_rows a JOIN before_rows b ON b."id" = a."id" WHERE a."vendor_id" <> b."vendor_id"
      ) moves GROUP BY "vendor_id"
    ) n
    WHERE v."id" = n."vendor_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_count_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "vendors_products_count_added"();--> statement-breakpoint
CREATE TRIGGER "products_count_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "vendors_products_count_removed"();--> statement-breakpoint
CREATE TRIGGER "products_count_moved" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "vendors_products_count_moved"();
