CREATE TABLE "tax_document_counters" (
	"series_key" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" integer NOT NULL,
	"prefix" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counters_series_key_kind_financial_year_pk" PRIMARY KEY("series_key","kind","financial_year"),
	CONSTRAINT "tax_document_counters_kind_check" CHECK ("tax_document_counters"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"sku" text NOT NULL,
	"hsn_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'PCS' NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"price_mode" text NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "tax_document_lines_quantity_check" CHECK ("tax_document_lines"."quantity" >= 0),
	CONSTRAINT "tax_document_lines_totals_check" CHECK ("tax_document_lines"."total_paise" = "tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series_key" text NOT NULL,
	"financial_year" integer NOT NULL,
	"serial" integer NOT NULL,
	"order_id" integer NOT NULL,
	"sub_order_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_trade_name" text,
	"supplier_gstin" text,
	"supplier_address" jsonb NOT NULL,
	"dispatch_address" jsonb NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_gstin" text,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"place_of_supply_state" text NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"supply" text NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"payment_method" text NOT NULL,
	"order_number" text NOT NULL,
	"sub_order_number" text NOT NULL,
	"order_placed_at" timestamp with time zone NOT NULL,
	"invoice_number" text,
	"invoice_issued_at" timestamp with time zone,
	"reason" text,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"cess_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"irn" text,
	"irn_ack_number" text,
	"irn_ack_at" timestamp with time zone,
	"signed_qr_code" text,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_supply_check" CHECK ("tax_documents"."supply" in ('intra', 'inter')),
	CONSTRAINT "tax_documents_number_check" CHECK ("tax_documents"."number" ~ '^[A-Z0-9/-]{1,16}$'),
	CONSTRAINT "tax_documents_credit_note_invoice_check" CHECK (("tax_documents"."kind" = 'invoice') = ("tax_documents"."invoice_id" is null)),
	CONSTRAINT "tax_documents_totals_check" CHECK ("tax_documents"."total_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" + "tax_documents"."cess_paise" and "tax_documents"."taxable_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_document_lines_document_idx" ON "tax_document_lines" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "tax_document_lines_order_line_idx" ON "tax_document_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_serial_idx" ON "tax_documents" USING btree ("series_key","kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_sub_order_invoice_idx" ON "tax_documents" USING btree ("sub_order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "tax_documents_sub_order_idx" ON "tax_documents" USING btree ("sub_order_id","id");--> statement-breakpoint
CREATE INDEX "tax_documents_invoice_idx" ON "tax_documents" USING btree ("invoice_id") WHERE "tax_documents"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_documents_vendor_issued_idx" ON "tax_documents" USING btree ("vendor_id","issued_at","id");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- An issued tax document is an accounting record (decision 040): it is never changed or deleted, and
-- neither are its lines. A mistake is corrected by a credit note. Only the e-invoicing columns (IRN,
-- acknowledgement, signed QR code) may be filled in later, once, by their own process.
CREATE FUNCTION "tax_documents_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  irn_columns text[] := ARRAY['irn', 'irn_ack_number', 'irn_ack_at', 'signed_qr_code'];
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'tax_documents' AND (to_jsonb(NEW) - irn_columns) = (to_jsonb(OLD) - irn_columns) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'An issued tax document (%) is never changed or deleted: issue a credit note instead', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_frozen" BEFORE UPDATE OR DELETE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION "tax_documents_frozen"();--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_frozen" BEFORE UPDATE OR DELETE ON "tax_document_lines"
  FOR EACH ROW EXECUTE FUNCTION "tax_documents_frozen"();
