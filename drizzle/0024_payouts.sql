CREATE TABLE "payout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payout_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_user_id" integer,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_schedule_runs" (
	"cycle" text PRIMARY KEY NOT NULL,
	"last_cycle_on" date,
	"ran_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text GENERATED ALWAYS AS ('PO-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"vendor_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"up_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"source" text NOT NULL,
	"cycle" text,
	"cycle_on" date,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"account_holder_name" text NOT NULL,
	"bank_account_cipher" text NOT NULL,
	"bank_account_last4" text NOT NULL,
	"ifsc" text NOT NULL,
	"created_by_user_id" integer,
	"created_by_name" text,
	"approved_by_user_id" integer,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"paid_by_user_id" integer,
	"paid_by_name" text,
	"utr" text,
	"paid_on" date,
	"reason" text,
	"batch_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('requested', 'approved', 'processing', 'paid', 'failed', 'rejected', 'returned')),
	CONSTRAINT "payouts_source_check" CHECK ("payouts"."source" in ('schedule', 'withdraw', 'staff')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("payout_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_number_idx" ON "payouts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_vendor_created_idx" ON "payouts" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_vendor_cycle_idx" ON "payouts" USING btree ("vendor_id","cycle_on") WHERE "payouts"."source" = 'schedule';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_utr_idx" ON "payouts" USING btree ("utr") WHERE "payouts"."utr" is not null;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The payout cycles' job: one row per cycle, claimed FOR UPDATE SKIP LOCKED (decision 052).
INSERT INTO "payout_schedule_runs" ("cycle") VALUES ('weekly'), ('fortnightly'), ('monthly') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Quick Withdraw for vendors already installed: the built-in Vendor role gets accountings:payouts-request
-- (a new installation gets it from the catalogue; an existing role's grants are otherwise left as the operator set them).
INSERT INTO "permissions" ("name", "area", "action") VALUES ('accountings:payouts-request', 'accountings', 'payouts-request') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r."id", p."id" FROM "roles" r, "permissions" p WHERE r."name" = 'Vendor' AND p."name" = 'accountings:payouts-request'
  ON CONFLICT DO NOTHING;
