CREATE TABLE "product_import_outcomes" (
	"job_id" integer NOT NULL,
	"phase" text NOT NULL,
	"first_row" integer NOT NULL,
	"codes" text NOT NULL,
	"labels" text NOT NULL,
	CONSTRAINT "product_import_outcomes_job_id_phase_first_row_pk" PRIMARY KEY("job_id","phase","first_row")
);
--> statement-breakpoint
ALTER TABLE "product_import_jobs" ADD COLUMN "image_files" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "product_import_outcomes" ADD CONSTRAINT "product_import_outcomes_job_id_product_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."product_import_jobs"("id") ON DELETE cascade ON UPDATE no action;