CREATE TABLE "product_sales_daily" (
	"day" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gmv_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_daily_day_vendor_id_product_id_pk" PRIMARY KEY("day","vendor_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sub_orders" integer DEFAULT 0 NOT NULL,
	"gmv_paise" bigint DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"cancelled_paise" bigint DEFAULT 0 NOT NULL,
	"refunds_paise" bigint DEFAULT 0 NOT NULL,
	"commission_paise" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_day_vendor_id_pk" PRIMARY KEY("day","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "sub_order_status_daily" (
	"day" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"status" text NOT NULL,
	"sub_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sub_order_status_daily_day_vendor_id_status_pk" PRIMARY KEY("day","vendor_id","status")
);
--> statement-breakpoint
CREATE INDEX "product_sales_daily_vendor_day_idx" ON "product_sales_daily" USING btree ("vendor_id","day");--> statement-breakpoint
CREATE INDEX "sales_daily_vendor_day_idx" ON "sales_daily" USING btree ("vendor_id","day");--> statement-breakpoint
CREATE INDEX "sub_order_status_daily_vendor_day_idx" ON "sub_order_status_daily" USING btree ("vendor_id","day");--> statement-breakpoint
CREATE INDEX "stock_levels_low_idx" ON "stock_levels" USING btree ("vendor_id","id") WHERE "stock_levels"."on_hand" - "stock_levels"."reserved" <= "stock_levels"."low_stock_threshold";--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The dashboard's roll-ups (decision 050), kept by triggers in the transaction of each write: the
-- placing (orders, sub-orders, lines), each move (order_events), refunds (payments), the ledger
-- (earning_entries) and new customers. Deletes are not followed (orders are never deleted by the
-- app); `npm run rollups:rebuild` recomputes everything from the source tables.
CREATE FUNCTION "ist_day"(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((ts AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date
$$;--> statement-breakpoint
CREATE FUNCTION "sales_daily_add"(p_day date, p_vendor integer, p_orders integer, p_sub_orders integer, p_gmv bigint, p_items integer,
    p_cancellations integer, p_cancelled bigint, p_refunds bigint, p_commission bigint, p_new_customers integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sales_daily" ("day", "vendor_id", "orders", "sub_orders", "gmv_paise", "items", "cancellations", "cancelled_paise",
      "refunds_paise", "commission_paise", "new_customers")
    VALUES (p_day, p_vendor, p_orders, p_sub_orders, p_gmv, p_items, p_cancellations, p_cancelled, p_refunds, p_commission, p_new_customers)
  ON CONFLICT ("day", "vendor_id") DO UPDATE SET
    "orders" = "sales_daily"."orders" + excluded."orders",
    "sub_orders" = "sales_daily"."sub_orders" + excluded."sub_orders",
    "gmv_paise" = "sales_daily"."gmv_paise" + excluded."gmv_paise",
    "items" = "sales_daily"."items" + excluded."items",
    "cancellations" = "sales_daily"."cancellations" + excluded."cancellations",
    "cancelled_paise" = "sales_daily"."cancelled_paise" + excluded."cancelled_paise",
    "refunds_paise" = "sales_daily"."refunds_paise" + excluded."refunds_paise",
    "commission_paise" = "sales_daily"."commission_paise" + excluded."commission_paise",
    "new_customers" = "sales_daily"."new_customers" + excluded."new_customers"
$$;--> statement-breakpoint
CREATE FUNCTION "sub_order_status_daily_add"(p_day date, p_vendor integer, p_status text, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sub_order_status_daily" ("day", "vendor_id", "status", "sub_orders") VALUES (p_day, p_vendor, p_status, p_delta)
  ON CONFLICT ("day", "vendor_id", "status") DO UPDATE SET "sub_orders" = "sub_order_status_daily"."sub_orders" + excluded."sub_orders"
$$;--> statement-breakpoint
CREATE FUNCTION "rollups_order_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sales_daily_add"("ist_day"(NEW."placed_at"), 0, 1, 0, 0, 0, 0, 0, 0, 0, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_rollups" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "rollups_order_placed"();--> statement-breakpoint
CREATE FUNCTION "rollups_sub_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "sales_daily_add"("ist_day"(NEW."placed_at"), NEW."vendor_id", 0, 1, NEW."total_paise", 0, 0, 0, 0, 0, 0);
    PERFORM "sub_order_status_daily_add"("ist_day"(NEW."placed_at"), NEW."vendor_id", NEW."status", 1);
  ELSE
    PERFORM "sub_order_status_daily_add"("ist_day"(OLD."placed_at"), OLD."vendor_id", OLD."status", -1);
    PERFORM "sub_order_status_daily_add"("ist_day"(NEW."placed_at"), NEW."vendor_id", NEW."status", 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sub_orders_rollups_insert" AFTER INSERT ON "sub_orders" FOR EACH ROW EXECUTE FUNCTION "rollups_sub_order"();--> statement-breakpoint
CREATE TRIGGER "sub_orders_rollups_status" AFTER UPDATE OF "status", "placed_at", "vendor_id" ON "sub_orders" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."placed_at" IS DISTINCT FROM NEW."placed_at" OR OLD."vendor_id" IS DISTINCT FROM NEW."vendor_id")
  EXECUTE FUNCTION "rollups_sub_order"();--> statement-breakpoint
CREATE FUNCTION "rollups_order_line"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_rollups" AFTER INSERT ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "rollups_order_line"();--> statement-breakpoint
-- A cancellation (or RTO) counts on the day of the move, from the timeline entry every move writes.
CREATE FUNCTION "rollups_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_vendor integer;
  v_total bigint;
BEGIN
  IF NEW."sub_order_id" IS NOT NULL AND NEW."to_status" IN ('cancelled', 'rto') AND NEW."from_status" IS DISTINCT FROM NEW."to_status" THEN
    SELECT s."vendor_id", s."total_paise" INTO v_vendor, v_total FROM "sub_orders" s WHERE s."id" = NEW."sub_order_id";
    PERFORM "sales_daily_add"("ist_day"(NEW."created_at"), v_vendor, 0, 0, 0, 0, 1, v_total, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_events_rollups" AFTER INSERT ON "order_events" FOR EACH ROW EXECUTE FUNCTION "rollups_order_event"();--> statement-breakpoint
-- A refund counts on the day it was recorded, for its sub-order's vendor (vendor 0: a whole order's),
-- unless it failed; an update (created → refunded, → failed) moves the difference.
CREATE FUNCTION "rollups_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."kind" = 'refund' AND OLD."status" <> 'failed' THEN
    PERFORM "sales_daily_add"("ist_day"(OLD."created_at"),
      coalesce((SELECT s."vendor_id" FROM "sub_orders" s WHERE s."id" = OLD."sub_order_id"), 0), 0, 0, 0, 0, 0, 0, -OLD."amount_paise", 0, 0);
  END IF;
  IF NEW."kind" = 'refund' AND NEW."status" <> 'failed' THEN
    PERFORM "sales_daily_add"("ist_day"(NEW."created_at"),
      coalesce((SELECT s."vendor_id" FROM "sub_orders" s WHERE s."id" = NEW."sub_order_id"), 0), 0, 0, 0, 0, 0, 0, NEW."amount_paise", 0, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_rollups" AFTER INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "rollups_payment"();--> statement-breakpoint
-- Commission earned: the commission entries (negative for the vendor) and their refund reversals, on
-- their day; one statement-level trigger per INSERT, as the ledger's balances (0020).
CREATE FUNCTION "rollups_earning_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_daily" ("day", "vendor_id", "commission_paise")
    SELECT "ist_day"(a."created_at"), a."vendor_id", -sum(a."amount_paise")
      FROM added a LEFT JOIN "earning_entries" o ON o."id" = a."reverses_entry_id"
     WHERE a."type" = 'commission' OR (a."type" = 'refund_reversal' AND o."type" = 'commission')
     GROUP BY 1, 2
  ON CONFLICT ("day", "vendor_id") DO UPDATE SET "commission_paise" = "sales_daily"."commission_paise" + excluded."commission_paise";
  RETURN NULL;
END $$;--> statement-breakpoint
ALTER FUNCTION "rollups_earning_entries"() SET jit = off;--> statement-breakpoint
CREATE TRIGGER "earning_entries_rollups" AFTER INSERT ON "earning_entries" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "rollups_earning_entries"();--> statement-breakpoint
CREATE FUNCTION "rollups_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sales_daily_add"("ist_day"(NEW."created_at"), 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_rollups" AFTER INSERT ON "customers" FOR EACH ROW EXECUTE FUNCTION "rollups_customer"();
--> statement-breakpoint
-- The rebuild (`npm run rollups:rebuild`, src/app/dashboard/rollups.server.ts): every roll-up recomputed
-- from the source tables, in one transaction; also run once here for the orders placed before it.
CREATE FUNCTION "rollups_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "sales_daily", "product_sales_daily", "sub_order_status_daily" IN EXCLUSIVE MODE;
  DELETE FROM "sales_daily";
  DELETE FROM "product_sales_daily";
  DELETE FROM "sub_order_status_daily";
  INSERT INTO "sales_daily" ("day", "vendor_id", "orders", "sub_orders", "gmv_paise", "items", "cancellations", "cancelled_paise",
      "refunds_paise", "commission_paise", "new_customers")
    SELECT "day", "vendor_id", sum("orders"), sum("sub_orders"), sum("gmv"), sum("items"), sum("cancellations"), sum("cancelled"),
           sum("refunds"), sum("commission"), sum("new_customers")
      FROM (
        SELECT "ist_day"(o."placed_at") AS "day", 0 AS "vendor_id", 1 AS "orders", 0 AS "sub_orders", 0::bigint AS "gmv", 0 AS "items",
               0 AS "cancellations", 0::bigint AS "cancelled", 0::bigint AS "refunds", 0::bigint AS "commission", 0 AS "new_customers"
          FROM "orders" o
        UNION ALL
        SELECT "ist_day"(s."placed_at"), s."vendor_id", 0, 1, s."total_paise", 0, 0, 0, 0, 0, 0 FROM "sub_orders" s
        UNION ALL
        SELECT "ist_day"(s."placed_at"), s."vendor_id", 0, 0, 0, l."quantity", 0, 0, 0, 0, 0
          FROM "order_lines" l JOIN "sub_orders" s ON s."id" = l."sub_order_id"
        UNION ALL
        SELECT "ist_day"(e."created_at"), s."vendor_id", 0, 0, 0, 0, 1, s."total_paise", 0, 0, 0
          FROM "order_events" e JOIN "sub_orders" s ON s."id" = e."sub_order_id"
         WHERE e."to_status" IN ('cancelled', 'rto') AND e."from_status" IS DISTINCT FROM e."to_status"
        UNION ALL
        SELECT "ist_day"(p."created_at"), coalesce(s."vendor_id", 0), 0, 0, 0, 0, 0, 0, p."amount_paise", 0, 0
          FROM "payments" p LEFT JOIN "sub_orders" s ON s."id" = p."sub_order_id"
         WHERE p."kind" = 'refund' AND p."status" <> 'failed'
        UNION ALL
        SELECT "ist_day"(a."created_at"), a."vendor_id", 0, 0, 0, 0, 0, 0, 0, -a."amount_paise", 0
          FROM "earning_entries" a LEFT JOIN "earning_entries" r ON r."id" = a."reverses_entry_id"
         WHERE a."type" = 'commission' OR (a."type" = 'refund_reversal' AND r."type" = 'commission')
        UNION ALL
        SELECT "ist_day"(c."created_at"), 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 FROM "customers" c
      ) x
     GROUP BY "day", "vendor_id";
  INSERT INTO "product_sales_daily" ("day", "vendor_id", "product_id", "items", "gmv_paise")
    SELECT "ist_day"(s."placed_at"), s."vendor_id", v."product_id", sum(l."quantity"), sum(l."total_paise")
      FROM "order_lines" l JOIN "sub_orders" s ON s."id" = l."sub_order_id" JOIN "product_variants" v ON v."id" = l."variant_id"
     GROUP BY 1, 2, 3;
  INSERT INTO "sub_order_status_daily" ("day", "vendor_id", "status", "sub_orders")
    SELECT "ist_day"(s."placed_at"), s."vendor_id", s."status", count(*) FROM "sub_orders" s GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
SELECT "rollups_rebuild"();
