-- Keep at merge (hand-written, drizzle-kit can't express it): ids left by a deleted city or state
-- (there was no foreign key before) are nulled, so the constraints below can be added; the
-- start-up backfill (backfillVendorStatuses) fills them again from the names where it can.
UPDATE "vendors" SET "city_id" = NULL WHERE "city_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "cities" c WHERE c."id" = "vendors"."city_id");--> statement-breakpoint
UPDATE "vendors" SET "state_id" = NULL WHERE "state_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "states" s WHERE s."id" = "vendors"."state_id");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;
