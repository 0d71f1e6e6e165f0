CREATE TABLE "stock_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_levels_quantities_check" CHECK ("stock_levels"."on_hand" >= 0 and "stock_levels"."reserved" >= 0 and "stock_levels"."reserved" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_level_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on_hand_delta" integer DEFAULT 0 NOT NULL,
	"reserved_delta" integer DEFAULT 0 NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"note" text,
	"order_ref" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_matrices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_id" integer NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_matrix_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_matrix_items" (
	"matrix_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_matrix_items_matrix_id_value_id_pk" PRIMARY KEY("matrix_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "product_matrix_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"value" text NOT NULL,
	"swatch" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"option_value_id" integer,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"product_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"position" integer NOT NULL,
	"value_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "product_options_product_id_group_id_pk" PRIMARY KEY("product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "product_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"sku" text NOT NULL,
	"option_value_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"mrp_paise" bigint NOT NULL,
	"price_paise" bigint NOT NULL,
	"cost_paise" bigint,
	"weight_grams" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"barcode" text,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_paise" >= 0 and "product_variants"."price_paise" <= "product_variants"."mrp_paise"),
	CONSTRAINT "product_variants_cost_check" CHECK ("product_variants"."cost_paise" is null or "product_variants"."cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_warehouses" (
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	CONSTRAINT "product_warehouses_product_id_warehouse_id_pk" PRIMARY KEY("product_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"wishlist_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text DEFAULT 'My wishlist' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "return_policy_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handling_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_pattern" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_min_paise" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max_paise" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_available" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "skus" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_stock_level_id_stock_levels_id_fk" FOREIGN KEY ("stock_level_id") REFERENCES "public"."stock_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_matrices" ADD CONSTRAINT "product_matrices_group_id_product_matrix_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_matrix_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_matrix_items" ADD CONSTRAINT "product_matrix_items_matrix_id_product_matrices_id_fk" FOREIGN KEY ("matrix_id") REFERENCES "public"."product_matrices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_matrix_items" ADD CONSTRAINT "product_matrix_items_value_id_product_matrix_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."product_matrix_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_matrix_values" ADD CONSTRAINT "product_matrix_values_group_id_product_matrix_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_matrix_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_option_value_id_product_matrix_values_id_fk" FOREIGN KEY ("option_value_id") REFERENCES "public"."product_matrix_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_group_id_product_matrix_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_matrix_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_status_events" ADD CONSTRAINT "product_status_events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_status_events" ADD CONSTRAINT "product_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_warehouses" ADD CONSTRAINT "product_warehouses_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_warehouses" ADD CONSTRAINT "product_warehouses_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_levels_variant_warehouse_idx" ON "stock_levels" USING btree ("variant_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_levels_warehouse_idx" ON "stock_levels" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_levels_vendor_idx" ON "stock_levels" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "stock_levels_updated_idx" ON "stock_levels" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_level_idx" ON "stock_movements" USING btree ("stock_level_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "product_matrices_name_idx" ON "product_matrices" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_matrices_group_idx" ON "product_matrices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "product_matrices_name_id_idx" ON "product_matrices" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_matrix_groups_name_idx" ON "product_matrix_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_matrix_groups_name_id_idx" ON "product_matrix_groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "product_matrix_items_value_idx" ON "product_matrix_items" USING btree ("value_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_matrix_values_group_value_idx" ON "product_matrix_values" USING btree ("group_id",lower("value"));--> statement-breakpoint
CREATE INDEX "product_matrix_values_group_idx" ON "product_matrix_values" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_options_group_idx" ON "product_options" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "product_status_events_product_idx" ON "product_status_events" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "product_tags_tag_idx" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_vendor_sku_idx" ON "product_variants" USING btree ("vendor_id","sku");--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variants_barcode_idx" ON "product_variants" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_warehouses_warehouse_idx" ON "product_warehouses" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_wishlist_product_idx" ON "wishlist_items" USING btree ("wishlist_id","product_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "wishlists_customer_idx" ON "wishlists" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wishlists_updated_idx" ON "wishlists" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_return_policy_id_return_policies_id_fk" FOREIGN KEY ("return_policy_id") REFERENCES "public"."return_policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_chart_id_size_charts_id_fk" FOREIGN KEY ("size_chart_id") REFERENCES "public"."size_charts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The first sketch's products (one SKU and price each) become products with one variant, so an
-- operator's existing rows keep their SKU and price (in paise) before the old columns go (0011).
UPDATE "products" SET "slug" = trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')) || '-' || "id";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" DROP DEFAULT;--> statement-breakpoint
UPDATE "products" SET "status" = CASE WHEN "is_active" THEN 'active' ELSE 'inactive' END;--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "vendor_id", "sku", "mrp_paise", "price_paise", "position")
  SELECT "id", "vendor_id", regexp_replace(upper("sku"), '[^A-Z0-9._-]', '-', 'g'), round("price" * 100)::bigint, round("price" * 100)::bigint, 0 FROM "products";--> statement-breakpoint
UPDATE "products" SET "price_min_paise" = round("price" * 100)::bigint, "price_max_paise" = round("price" * 100)::bigint, "variant_count" = 1,
  "skus" = regexp_replace(upper("sku"), '[^A-Z0-9._-]', '-', 'g');--> statement-breakpoint
CREATE UNIQUE INDEX "products_vendor_slug_idx" ON "products" USING btree ("vendor_id",lower("slug"));--> statement-breakpoint
CREATE INDEX "products_name_id_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_vendor_name_id_idx" ON "products" USING btree ("vendor_id","name","id");--> statement-breakpoint
CREATE INDEX "products_vendor_updated_idx" ON "products" USING btree ("vendor_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "products_price_min_idx" ON "products" USING btree ("price_min_paise","id");--> statement-breakpoint
CREATE INDEX "products_return_policy_idx" ON "products" USING btree ("return_policy_id");--> statement-breakpoint
CREATE INDEX "products_size_chart_idx" ON "products" USING btree ("size_chart_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);