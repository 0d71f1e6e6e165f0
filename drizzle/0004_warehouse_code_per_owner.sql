DROP INDEX "warehouses_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_owner_code_idx" ON "warehouses" USING btree (coalesce("vendor_id", 0),lower("code"));