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
CREATE INDEX "status_daily_status_day_idx" ON "status_daily" USING btree ("status","day");--> statement-breakpoint
CREATE INDEX "sub_orders_number_prefix_idx" ON "sub_orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sub_orders_awb_idx" ON "sub_orders" USING btree ("awb" text_pattern_ops) WHERE "sub_orders"."awb" is not null;--> statement-breakpoint
CREATE INDEX "sub_orders_phone_idx" ON "sub_orders" USING btree ("customer_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Decision 060: one more roll-up, kept by the same trigger in the same transactions as the daily ones
-- (0025): the marketplace's sub-orders by day and status without the vendor (staff's orders by
-- status, and what waits to ship).
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
-- The rebuild recomputes the daily roll-ups as before (0025's body, kept), then the new one from them.
ALTER FUNCTION "rollups_rebuild"() RENAME TO "rollups_rebuild_daily";--> statement-breakpoint
CREATE FUNCTION "rollups_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "sales_daily", "product_sales_daily", "sub_order_status_daily", "status_daily" IN EXCLUSIVE MODE;
  PERFORM "rollups_rebuild_daily"();
  DELETE FROM "status_daily";
  INSERT INTO "status_daily" ("day", "status", "sub_orders")
    SELECT "day", "status", sum("sub_orders") FROM "sub_order_status_daily" GROUP BY 1, 2;
END $$;--> statement-breakpoint
INSERT INTO "status_daily" ("day", "status", "sub_orders")
  SELECT "day", "status", sum("sub_orders") FROM "sub_order_status_daily" GROUP BY 1, 2;
