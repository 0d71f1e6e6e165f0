CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vendor_id" integer,
	"category_id" integer,
	"kind" text DEFAULT 'percent' NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"fee_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "commission_rules_target_check" CHECK ("commission_rules"."vendor_id" is not null or "commission_rules"."category_id" is not null),
	CONSTRAINT "commission_rules_kind_check" CHECK ("commission_rules"."kind" in ('percent', 'percent_fee')),
	CONSTRAINT "commission_rules_rate_check" CHECK ("commission_rules"."rate_percent" between 0 and 100),
	CONSTRAINT "commission_rules_fee_check" CHECK ("commission_rules"."fee_paise" >= 0 and ("commission_rules"."kind" = 'percent_fee' or "commission_rules"."fee_paise" = 0)),
	CONSTRAINT "commission_rules_dates_check" CHECK ("commission_rules"."starts_at" is null or "commission_rules"."ends_at" is null or "commission_rules"."ends_at" > "commission_rules"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "order_line_terms" (
	"order_line_id" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"rule_id" integer,
	"kind" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"fee_paise" bigint NOT NULL,
	"base_paise" bigint NOT NULL,
	"commission_paise" bigint NOT NULL,
	"return_window_days" integer NOT NULL,
	CONSTRAINT "order_line_terms_amount_check" CHECK ("order_line_terms"."commission_paise" >= 0 and "order_line_terms"."commission_paise" <= "order_line_terms"."base_paise"),
	CONSTRAINT "order_line_terms_window_check" CHECK ("order_line_terms"."return_window_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "earning_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"sub_order_id" integer,
	"order_line_id" integer,
	"order_number" text,
	"amount_paise" bigint NOT NULL,
	"rate_bp" integer,
	"base_paise" bigint,
	"tax_head" text,
	"reverses_entry_id" bigint,
	"payable_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"actor_user_id" integer,
	"actor_name" text,
	"payout_id" bigint,
	CONSTRAINT "earning_entries_type_check" CHECK ("earning_entries"."type" in ('sale', 'commission', 'commission_gst', 'tcs', 'tds', 'refund_reversal', 'shipping_fee', 'adjustment', 'payout')),
	CONSTRAINT "earning_entries_amount_check" CHECK ("earning_entries"."amount_paise" <> 0),
	CONSTRAINT "earning_entries_head_check" CHECK ("earning_entries"."tax_head" is null or "earning_entries"."tax_head" in ('cgst', 'sgst', 'igst')),
	CONSTRAINT "earning_entries_adjustment_check" CHECK ("earning_entries"."type" <> 'adjustment' or length(trim(coalesce("earning_entries"."note", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"starts_on" date NOT NULL,
	"code" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ledger_tax_rates_kind_check" CHECK ("ledger_tax_rates"."kind" in ('tcs', 'tds', 'tds_no_pan', 'commission_gst')),
	CONSTRAINT "ledger_tax_rates_rate_check" CHECK ("ledger_tax_rates"."rate_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "vendor_balance_days" (
	"vendor_id" integer NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "vendor_balance_days_vendor_id_payable_at_pk" PRIMARY KEY("vendor_id","payable_at")
);
--> statement-breakpoint
CREATE TABLE "vendor_balances" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"entries_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_terms" ADD CONSTRAINT "order_line_terms_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_terms" ADD CONSTRAINT "order_line_terms_rule_id_commission_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."commission_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_balance_days" ADD CONSTRAINT "vendor_balance_days_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_balances" ADD CONSTRAINT "vendor_balances_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rules_vendor_category_idx" ON "commission_rules" USING btree ("vendor_id","category_id");--> statement-breakpoint
CREATE INDEX "commission_rules_category_idx" ON "commission_rules" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "order_line_terms_rule_idx" ON "order_line_terms" USING btree ("rule_id") WHERE "order_line_terms"."rule_id" is not null;--> statement-breakpoint
CREATE INDEX "earning_entries_created_idx" ON "earning_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "earning_entries_vendor_created_idx" ON "earning_entries" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "earning_entries_type_created_idx" ON "earning_entries" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "earning_entries_sub_order_idx" ON "earning_entries" USING btree ("sub_order_id");--> statement-breakpoint
CREATE INDEX "earning_entries_order_number_idx" ON "earning_entries" USING btree (lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "earning_entries_reverses_idx" ON "earning_entries" USING btree ("reverses_entry_id") WHERE "earning_entries"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "earning_entries_unsettled_idx" ON "earning_entries" USING btree ("vendor_id","payable_at") WHERE "earning_entries"."payout_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_tax_rates_kind_start_idx" ON "ledger_tax_rates" USING btree ("kind","starts_on");--> statement-breakpoint
CREATE INDEX "vendor_balance_days_payable_idx" ON "vendor_balance_days" USING btree ("payable_at");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The ledger is append-only (decision 048): no entry is ever updated or deleted; the one change
-- allowed is a payout settling an entry (payout_id set once, nothing else changed).
CREATE FUNCTION "earning_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."payout_id" IS NULL AND NEW."payout_id" IS NOT NULL
     AND (to_jsonb(NEW) - 'payout_id') = (to_jsonb(OLD) - 'payout_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'earning entries are append-only: % refused (write a new entry instead)', TG_OP USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "earning_entries_append_only" BEFORE UPDATE OR DELETE ON "earning_entries" FOR EACH ROW EXECUTE FUNCTION "earning_entries_append_only"();--> statement-breakpoint
CREATE FUNCTION "earning_entries_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'earning entries are append-only: TRUNCATE refused' USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "earning_entries_no_truncate" BEFORE TRUNCATE ON "earning_entries" FOR EACH STATEMENT EXECUTE FUNCTION "earning_entries_no_truncate"();--> statement-breakpoint
-- Balances kept by the ledger (decision 049): one statement-level trigger per INSERT, in the
-- inserting transaction, adds each vendor's new entries to their balance and to the day they
-- become payable. A statement that inserts a million entries updates each vendor once.
CREATE FUNCTION "earning_entries_keep_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vendor_balances" ("vendor_id", "total_paise", "paid_paise", "entries_count", "updated_at")
    SELECT "vendor_id", sum("amount_paise"), coalesce(-sum("amount_paise") FILTER (WHERE "type" = 'payout'), 0), count(*), now()
      FROM added GROUP BY "vendor_id"
  ON CONFLICT ("vendor_id") DO UPDATE SET
    "total_paise" = "vendor_balances"."total_paise" + excluded."total_paise",
    "paid_paise" = "vendor_balances"."paid_paise" + excluded."paid_paise",
    "entries_count" = "vendor_balances"."entries_count" + excluded."entries_count",
    "updated_at" = now();
  INSERT INTO "vendor_balance_days" ("vendor_id", "payable_at", "amount_paise")
    SELECT "vendor_id", "payable_at", sum("amount_paise") FROM added GROUP BY "vendor_id", "payable_at"
  ON CONFLICT ("vendor_id", "payable_at") DO UPDATE SET "amount_paise" = "vendor_balance_days"."amount_paise" + excluded."amount_paise";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A transition table has no statistics: never worth JIT-compiling (see 0016).
ALTER FUNCTION "earning_entries_keep_balances"() SET jit = off;--> statement-breakpoint
CREATE TRIGGER "earning_entries_keep_balances" AFTER INSERT ON "earning_entries" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "earning_entries_keep_balances"();--> statement-breakpoint
-- The rates' real history (docs/money.md "Withholding", with sources); staff add the next ones.
INSERT INTO "ledger_tax_rates" ("kind", "rate_percent", "starts_on", "code", "source") VALUES
  ('tcs', 1.00, '2018-10-01', 's.52 CGST Act', 'Notification 52/2018-Central Tax: 0.5 % CGST + 0.5 % SGST, or 1 % IGST'),
  ('tcs', 0.50, '2024-07-10', 's.52 CGST Act', 'Notification 15/2024-Central Tax: 0.25 % CGST + 0.25 % SGST, or 0.5 % IGST'),
  ('tds', 1.00, '2020-10-01', 's.194-O Income-tax Act 1961', 'Finance Act 2020'),
  ('tds', 0.10, '2024-10-01', 's.194-O Income-tax Act 1961', 'Finance (No. 2) Act 2024'),
  ('tds_no_pan', 5.00, '2020-10-01', 's.194-O with s.206AA(7)', 'Finance Act 2020: 5 % when the seller has given no PAN'),
  ('commission_gst', 18.00, '2017-07-01', '998599', 'GST on the marketplace''s own service to the vendor (18 %)')
ON CONFLICT ("kind", "starts_on") DO NOTHING;
