CREATE TABLE "product_import_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"phase" text NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"created_by" integer,
	"real_user_id" integer,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"file_hash" text NOT NULL,
	"phase" text DEFAULT 'dry_run' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_valid" integer DEFAULT 0 NOT NULL,
	"rows_error" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"dry_run_created" integer,
	"dry_run_updated" integer,
	"dry_run_unchanged" integer,
	"dry_run_errors" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"dry_run_finished_at" timestamp with time zone,
	"import_started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"imported_by" integer
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "product_import_errors" ADD CONSTRAINT "product_import_errors_job_id_product_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."product_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_jobs" ADD CONSTRAINT "product_import_jobs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_jobs" ADD CONSTRAINT "product_import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_jobs" ADD CONSTRAINT "product_import_jobs_real_user_id_users_id_fk" FOREIGN KEY ("real_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_jobs" ADD CONSTRAINT "product_import_jobs_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_import_errors_job_idx" ON "product_import_errors" USING btree ("job_id","phase","row","id");--> statement-breakpoint
CREATE INDEX "product_import_jobs_vendor_idx" ON "product_import_jobs" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "product_import_jobs_status_idx" ON "product_import_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "product_import_jobs_hash_idx" ON "product_import_jobs" USING btree ("vendor_id","file_hash");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_import_job_id_product_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."product_import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_import_job_id_product_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."product_import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_import_job_idx" ON "products" USING btree ("import_job_id") WHERE "products"."import_job_id" is not null;