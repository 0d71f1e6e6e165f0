CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_sub_order_idx" ON "payments" USING btree ("sub_order_id");--> statement-breakpoint
CREATE INDEX "payments_payment_idx" ON "payments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_idx" ON "payments" USING btree ("gateway_ref") WHERE "payments"."gateway_ref" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund'));--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Vendors see the payments of their own orders (decision 042): the built-in Vendor role, already
-- created on an existing install, gets accountings:payment-list (a fresh install gets it at start).
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r, "permissions" p
WHERE r."name" = 'Vendor' AND p."name" = 'accountings:payment-list'
ON CONFLICT DO NOTHING;
