DROP INDEX "products_sku_idx";--> statement-breakpoint
DROP INDEX "products_vendor_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "sku";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "is_active";