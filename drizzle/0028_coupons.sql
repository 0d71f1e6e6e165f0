CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_email" text NOT NULL,
	"discount_paise" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_status_check" CHECK ("coupon_redemptions"."status" in ('held', 'released'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"rate_bp" integer,
	"amount_paise" bigint,
	"max_discount_paise" bigint,
	"min_order_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"scope" text DEFAULT 'store' NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"funded_by" text DEFAULT 'platform' NOT NULL,
	"vendor_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'flat')),
	CONSTRAINT "coupons_value_check" CHECK (("coupons"."kind" = 'percent' and "coupons"."rate_bp" between 1 and 10000 and "coupons"."amount_paise" is null) or ("coupons"."kind" = 'flat' and "coupons"."amount_paise" > 0 and "coupons"."rate_bp" is null)),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."scope" in ('store', 'vendors', 'categories', 'products')),
	CONSTRAINT "coupons_funded_check" CHECK (("coupons"."funded_by" = 'platform' and "coupons"."vendor_id" is null) or ("coupons"."funded_by" = 'vendor' and "coupons"."vendor_id" is not null)),
	CONSTRAINT "coupons_used_check" CHECK ("coupons"."used" >= 0),
	CONSTRAINT "coupons_limits_check" CHECK (("coupons"."usage_limit" is null or "coupons"."usage_limit" > 0) and ("coupons"."per_customer_limit" is null or "coupons"."per_customer_limit" > 0)),
	CONSTRAINT "coupons_dates_check" CHECK ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"coupon_id" integer,
	"promotion_id" integer,
	"name" text NOT NULL,
	"funded_by" text NOT NULL,
	"vendor_id" integer,
	"amount_paise" bigint NOT NULL,
	"shipping_discount_paise" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_discounts_kind_check" CHECK ("order_discounts"."kind" in ('promotion', 'coupon')),
	CONSTRAINT "order_discounts_funded_check" CHECK ("order_discounts"."funded_by" in ('platform', 'vendor')),
	CONSTRAINT "order_discounts_amount_check" CHECK ("order_discounts"."amount_paise" >= 0 and "order_discounts"."shipping_discount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "earning_entries" DROP CONSTRAINT "earning_entries_type_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "platform_discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_idx" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_updated_at_idx" ON "coupons" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "coupons_vendor_idx" ON "coupons" USING btree ("vendor_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_discounts_order_idx" ON "order_discounts" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "earning_entries" ADD CONSTRAINT "earning_entries_type_check" CHECK ("earning_entries"."type" in ('sale', 'platform_discount', 'commission', 'commission_gst', 'tcs', 'tds', 'refund_reversal', 'shipping_fee', 'adjustment', 'payout'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_platform_discount_check" CHECK ("order_lines"."platform_discount_paise" between 0 and "order_lines"."discount_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_check" CHECK ("orders"."shipping_paise" >= 0 and "orders"."shipping_discount_paise" between 0 and "orders"."shipping_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_check" CHECK ("orders"."total_paise" = "orders"."taxable_paise" + "orders"."tax_paise" + "orders"."shipping_paise" - "orders"."shipping_discount_paise" and "orders"."total_paise" >= 0);