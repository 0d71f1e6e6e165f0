CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mail" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_status" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_events_seq_idx" ON "realtime_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_mail_queue_idx" ON "notifications" USING btree ("id") WHERE "notifications"."mail_status" in ('pending', 'sending');--> statement-breakpoint
-- Realtime events get their public id (seq) at commit, in commit order (docs/decisions/038-realtime-events.md):
-- a deferred trigger runs as the publishing transaction commits, takes a transaction-level advisory
-- lock (held only from there to the end of the commit, so it waits for no other lock and can't
-- deadlock), numbers the row and raises NOTIFY, which PostgreSQL delivers once the commit is done.
-- A reader that has seen seq n has therefore seen every event committed before it.
CREATE SEQUENCE "realtime_events_seq_seq" AS bigint;--> statement-breakpoint
CREATE FUNCTION "realtime_events_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(727275);
  n := nextval('realtime_events_seq_seq');
  UPDATE "realtime_events" SET "seq" = n WHERE "id" = NEW."id";
  PERFORM pg_notify('bo_realtime', n::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "realtime_events_number" AFTER INSERT ON "realtime_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "realtime_events_number"();--> statement-breakpoint
-- A session that ends, however (sign-out, "sign out everywhere", a password change, deactivation,
-- expiry), closes its open event streams on every server at once.
CREATE FUNCTION "sessions_ended_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "realtime_events" ("kind", "payload")
    SELECT 'session.ended', jsonb_build_object('sessions', jsonb_agg(o."id")) FROM old_rows o HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_event" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended_event"();
