CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_slug_trgm_idx" ON "brands" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_slug_trgm_idx" ON "categories" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sub_categories_name_trgm_idx" ON "sub_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sub_categories_slug_trgm_idx" ON "sub_categories" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_slug_trgm_idx" ON "tags" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "brands" DROP COLUMN "name_folded";