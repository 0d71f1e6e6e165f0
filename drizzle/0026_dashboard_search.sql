CREATE TABLE "product_sales_monthly" (
	"month" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gmv_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_monthly_month_vendor_id_product_id_pk" PRIMARY KEY("month","vendor_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "status_daily" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"sub_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "status_daily_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
DROP INDEX "sub_orders_awb_idx";--> statement-breakpoint
DROP INDEX "sub_orders_phone_idx";--> statement-breakpoint
DROP INDEX "product_variants_sku_idx";--> statement-breakpoint
CREATE INDEX "product_sales_monthly_vendor_month_idx" ON "product_sales_monthly" USING btree ("vendor_id","month");--> statement-breakpoint
CREATE INDEX "status_daily_status_day_idx" ON "status_daily" USING btree ("status","day");--> statement-breakpoint
CREATE INDEX "sub_orders_number_prefix_idx" ON "sub_orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sub_orders_awb_idx" ON "sub_orders" USING btree ("awb" text_pattern_ops) WHERE "sub_orders"."awb" is not null;--> statement-breakpoint
CREATE INDEX "sub_orders_phone_idx" ON "sub_orders" USING btree ("customer_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Decision 060: two more roll-ups, kept by the same triggers in the same transactions as the daily
-- ones (0025): the products' monthly sums (a long range's whole months) and the marketplace's
-- sub-orders by day and status without the vendor (staff's orders by status, and what waits to ship).
CREATE OR REPLACE FUNCTION "rollups_sub_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "sales_daily_add"("ist_day"(NEW."placed_at"), NEW."vendor_id", 0, 1, NEW."total_paise", 0, 0, 0, 0, 0, 0);
    PERFORM "sub_order_status_daily_add"("ist_day"(NEW."placed_at"), NEW."vendor_id", NEW."status", 1);
    PERFORM "status_daily_add"("ist_day"(NEW."placed_at"), NEW."status", 1);
  ELSE
    PERFORM "sub_order_status_daily_add"("ist_day"(OLD."placed_at"), OLD."vendor_id", OLD."status", -1);
    PERFORM "sub_order_status_daily_add"("ist_day"(NEW."placed_at"), NEW."vendor_id", NEW."status", 1);
    IF OLD."status" IS DISTINCT FROM NEW."status" OR OLD."placed_at" IS DISTINCT FROM NEW."placed_at" THEN
      PERFORM "status_daily_add"("ist_day"(OLD."placed_at"), OLD."status", -1);
      PERFORM "status_daily_add"("ist_day"(NEW."placed_at"), NEW."status", 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "status_daily_add"(p_day date, p_status text, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "status_daily" ("day", "status", "sub_orders") VALUES (p_day, p_status, p_delta)
  ON CONFLICT ("day", "status") DO UPDATE SET "sub_orders" = "status_daily"."sub_orders" + excluded."sub_orders"
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rollups_order_line"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_day date;
  v_vendor integer;
  v_product integer;
BEGIN
  SELECT "ist_day"(s."placed_at"), s."vendor_id" INTO v_day, v_vendor FROM "sub_orders" s WHERE s."id" = NEW."sub_order_id";
  SELECT v."product_id" INTO v_product FROM "product_variants" v WHERE v."id" = NEW."variant_id";
  PERFORM "sales_daily_add"(v_day, v_vendor, 0, 0, 0, NEW."quantity", 0, 0, 0, 0, 0);
  INSERT INTO "product_sales_daily" ("day", "vendor_id", "product_id", "items", "gmv_paise") VALUES (v_day, v_vendor, v_product, NEW."quantity", NEW."total_paise")
  ON CONFLICT ("day", "vendor_id", "product_id") DO UPDATE SET
    "items" = "product_sales_daily"."items" + excluded."items",
    "gmv_paise" = "product_sales_daily"."gmv_paise" + excluded."gmv_paise";
  INSERT INTO "product_sales_monthly" ("month", "vendor_id", "product_id", "items", "gmv_paise")
    VALUES (date_trunc('month', v_day)::date, v_vendor, v_product, NEW."quantity", NEW."total_paise")
  ON CONFLICT ("month", "vendor_id", "product_id") DO UPDATE SET
    "items" = "product_sales_monthly"."items" + excluded."items",
    "gmv_paise" = "product_sales_monthly"."gmv_paise" + excluded."gmv_paise";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rebuild recomputes the daily roll-ups as before (0025's body, kept), then the two new ones from them.
ALTER FUNCTION "rollups_rebuild"() RENAME TO "rollups_rebuild_daily";--> statement-breakpoint
CREATE FUNCTION "rollups_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "sales_daily", "product_sales_daily", "sub_order_status_daily", "product_sales_monthly", "status_daily" IN EXCLUSIVE MODE;
  PERFORM "rollups_rebuild_daily"();
  DELETE FROM "product_sales_monthly";
  DELETE FROM "status_daily";
  INSERT INTO "product_sales_monthly" ("month", "vendor_id", "product_id", "items", "gmv_paise")
    SELECT date_trunc('month', "day")::date, "vendor_id", "product_id", sum("items"), sum("gmv_paise")
      FROM "product_sales_daily" GROUP BY 1, 2, 3;
  INSERT INTO "status_daily" ("day", "status", "sub_orders")
    SELECT "day", "status", sum("sub_orders") FROM "sub_order_status_daily" GROUP BY 1, 2;
END $$;--> statement-breakpoint
INSERT INTO "product_sales_monthly" ("month", "vendor_id", "product_id", "items", "gmv_paise")
  SELECT date_trunc('month', "day")::date, "vendor_id", "product_id", sum("items"), sum("gmv_paise")
    FROM "product_sales_daily" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "status_daily" ("day", "status", "sub_orders")
  SELECT "day", "status", sum("sub_orders") FROM "sub_order_status_daily" GROUP BY 1, 2;
