DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_vendor_price_idx" ON "products" USING btree ("vendor_id","price_min_paise","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);