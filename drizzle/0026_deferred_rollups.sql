-- hand-written (keep when regenerating)
-- The dashboard's roll-up triggers (0025) run as the transaction commits instead of at each write
-- (decision 062). A roll-up row such as today's order count is one row every order updates; taken at
-- the INSERT, its lock made every placing wait for the whole of the one before. Deferred, the lock is
-- held only while the commit itself runs. Each trigger still sees the row as its write left it, and
-- the roll-ups still change in the same transaction as the orders (or not at all).
DROP TRIGGER "orders_rollups" ON "orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_rollups" AFTER INSERT ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rollups_order_placed"();--> statement-breakpoint
DROP TRIGGER "sub_orders_rollups_insert" ON "sub_orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sub_orders_rollups_insert" AFTER INSERT ON "sub_orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rollups_sub_order"();--> statement-breakpoint
DROP TRIGGER "sub_orders_rollups_status" ON "sub_orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sub_orders_rollups_status" AFTER UPDATE OF "status", "placed_at", "vendor_id" ON "sub_orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."placed_at" IS DISTINCT FROM NEW."placed_at" OR OLD."vendor_id" IS DISTINCT FROM NEW."vendor_id")
  EXECUTE FUNCTION "rollups_sub_order"();--> statement-breakpoint
DROP TRIGGER "order_lines_rollups" ON "order_lines";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_lines_rollups" AFTER INSERT ON "order_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rollups_order_line"();--> statement-breakpoint
DROP TRIGGER "order_events_rollups" ON "order_events";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_events_rollups" AFTER INSERT ON "order_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rollups_order_event"();--> statement-breakpoint
DROP TRIGGER "payments_rollups" ON "payments";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_rollups" AFTER INSERT OR UPDATE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rollups_payment"();--> statement-breakpoint
DROP TRIGGER "customers_rollups" ON "customers";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customers_rollups" AFTER INSERT ON "customers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "rollups_customer"();
