ALTER TABLE "product_import_jobs" ADD COLUMN "image_files" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source" text;