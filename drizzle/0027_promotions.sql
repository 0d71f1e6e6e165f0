CREATE TABLE "promotion_targets" (
	"promotion_id" integer NOT NULL,
	"category_id" integer,
	"product_id" integer,
	"vendor_id" integer,
	CONSTRAINT "promotion_targets_one_check" CHECK (num_nonnulls("promotion_targets"."category_id", "promotion_targets"."product_id", "promotion_targets"."vendor_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"max_discount_paise" bigint,
	"buy_quantity" integer,
	"get_quantity" integer,
	"scope" text DEFAULT 'store' NOT NULL,
	"min_order_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"stacks_with_coupons" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"target_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent_off', 'buy_x_get_y', 'free_shipping')),
	CONSTRAINT "promotions_scope_check" CHECK ("promotions"."scope" in ('store', 'categories', 'products', 'vendors')),
	CONSTRAINT "promotions_status_check" CHECK ("promotions"."status" in ('active', 'inactive')),
	CONSTRAINT "promotions_rate_check" CHECK (("promotions"."kind" = 'percent_off' and "promotions"."rate_bp" between 1 and 10000) or ("promotions"."kind" <> 'percent_off' and "promotions"."rate_bp" = 0)),
	CONSTRAINT "promotions_max_check" CHECK ("promotions"."max_discount_paise" is null or ("promotions"."kind" = 'percent_off' and "promotions"."max_discount_paise" > 0)),
	CONSTRAINT "promotions_quantities_check" CHECK (("promotions"."kind" = 'buy_x_get_y' and "promotions"."buy_quantity" >= 1 and "promotions"."get_quantity" >= 1) or ("promotions"."kind" <> 'buy_x_get_y' and "promotions"."buy_quantity" is null and "promotions"."get_quantity" is null)),
	CONSTRAINT "promotions_min_check" CHECK ("promotions"."min_order_paise" >= 0),
	CONSTRAINT "promotions_dates_check" CHECK ("promotions"."starts_at" is null or "promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD CONSTRAINT "promotion_targets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD CONSTRAINT "promotion_targets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD CONSTRAINT "promotion_targets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_targets" ADD CONSTRAINT "promotion_targets_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_targets_category_idx" ON "promotion_targets" USING btree ("promotion_id","category_id") WHERE "promotion_targets"."category_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_targets_product_idx" ON "promotion_targets" USING btree ("promotion_id","product_id") WHERE "promotion_targets"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_targets_vendor_idx" ON "promotion_targets" USING btree ("promotion_id","vendor_id") WHERE "promotion_targets"."vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "promotion_targets_category_ref_idx" ON "promotion_targets" USING btree ("category_id") WHERE "promotion_targets"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "promotion_targets_product_ref_idx" ON "promotion_targets" USING btree ("product_id") WHERE "promotion_targets"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "promotion_targets_vendor_ref_idx" ON "promotion_targets" USING btree ("vendor_id") WHERE "promotion_targets"."vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "promotions_name_id_idx" ON "promotions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "promotions_updated_at_idx" ON "promotions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "promotions_priority_idx" ON "promotions" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "promotions_active_idx" ON "promotions" USING btree ("starts_at","ends_at") WHERE "promotions"."status" = 'active';