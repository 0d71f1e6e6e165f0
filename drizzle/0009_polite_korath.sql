CREATE TABLE "vendor_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_kyc" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"pan" text,
	"gst_registered" boolean DEFAULT true NOT NULL,
	"gst_enrolment_number" text,
	"bank_account_cipher" text,
	"bank_account_last4" text,
	"ifsc" text,
	"account_holder_name" text,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "business_type" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "commission_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_cycle" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_kyc" ADD CONSTRAINT "vendor_kyc_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status_events" ADD CONSTRAINT "vendor_status_events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status_events" ADD CONSTRAINT "vendor_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_documents_vendor_kind_idx" ON "vendor_documents" USING btree ("vendor_id","kind");--> statement-breakpoint
CREATE INDEX "vendor_status_events_vendor_idx" ON "vendor_status_events" USING btree ("vendor_id","at");