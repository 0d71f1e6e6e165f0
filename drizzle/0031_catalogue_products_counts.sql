ALTER TABLE "brands" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "taxes" ADD COLUMN "products_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written (keep when regenerating): the counts filled in, then kept by triggers on products,
-- as vendors' products_count is (0014, 0016). The brands, categories, sub-categories and taxes lists
-- showed (and sorted by) a count of the products naming each row, one count per row: at a million
-- products a page of brands read ~200 ms of index entries under load. Statement-level triggers with
-- transition tables: a statement that inserts or deletes a million products updates each row once.
-- JIT off, as in 0016: the planner has no statistics for a transition table.
UPDATE "brands" t SET "products_count" = n.c FROM (SELECT "brand_id" AS id, count(*)::int AS c FROM "products" WHERE "brand_id" IS NOT NULL GROUP BY 1) n WHERE t."id" = n.id;--> statement-breakpoint
UPDATE "categories" t SET "products_count" = n.c FROM (SELECT "category_id" AS id, count(*)::int AS c FROM "products" WHERE "category_id" IS NOT NULL GROUP BY 1) n WHERE t."id" = n.id;--> statement-breakpoint
UPDATE "sub_categories" t SET "products_count" = n.c FROM (SELECT "sub_category_id" AS id, count(*)::int AS c FROM "products" WHERE "sub_category_id" IS NOT NULL GROUP BY 1) n WHERE t."id" = n.id;--> statement-breakpoint
UPDATE "taxes" t SET "products_count" = n.c FROM (SELECT "tax_id" AS id, count(*)::int AS c FROM "products" WHERE "tax_id" IS NOT NULL GROUP BY 1) n WHERE t."id" = n.id;--> statement-breakpoint
-- One function for the four tables and the three events. An UPDATE of products (a placing changes
-- stock_available) that moves no product to another brand, category, sub-category or tax returns
-- after one check.
CREATE FUNCTION "catalogue_products_count_changed"() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  dim text[];
BEGIN
  -- Nested: the transition tables of one event don't exist in the others' statements.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM after_rows a JOIN before_rows b ON b."id" = a."id"
       WHERE (a."brand_id", a."category_id", a."sub_category_id", a."tax_id") IS DISTINCT FROM (b."brand_id", b."category_id", b."sub_category_id", b."tax_id")
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  FOREACH dim SLICE 1 IN ARRAY ARRAY[['brands', 'brand_id'], ['categories', 'category_id'], ['sub_categories', 'sub_category_id'], ['taxes', 'tax_id']] LOOP
    IF TG_OP = 'INSERT' THEN
      EXECUTE format('UPDATE %I t SET products_count = t.products_count + n.c FROM (SELECT %I AS id, count(*)::int AS c FROM added WHERE %I IS NOT NULL GROUP BY 1) n WHERE t.id = n.id',
        dim[1], dim[2], dim[2]);
    ELSIF TG_OP = 'DELETE' THEN
      EXECUTE format('UPDATE %I t SET products_count = t.products_count - n.c FROM (SELECT %I AS id, count(*)::int AS c FROM removed WHERE %I IS NOT NULL GROUP BY 1) n WHERE t.id = n.id',
        dim[1], dim[2], dim[2]);
    ELSE
      EXECUTE format('UPDATE %I t SET products_count = t.products_count + n.c FROM ('
        || 'SELECT id, sum(c)::int AS c FROM ('
        || 'SELECT a.%I AS id, 1 AS c FROM after_rows a JOIN before_rows b ON b.id = a.id WHERE a.%I IS DISTINCT FROM b.%I '
        || 'UNION ALL SELECT b.%I, -1 FROM after_rows a JOIN before_rows b ON b.id = a.id WHERE a.%I IS DISTINCT FROM b.%I'
        || ') m WHERE id IS NOT NULL GROUP BY id) n WHERE t.id = n.id AND n.c <> 0',
        dim[1], dim[2], dim[2], dim[2], dim[2], dim[2], dim[2]);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_count_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_count_changed"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_count_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_count_changed"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_count_moved" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_count_changed"();
