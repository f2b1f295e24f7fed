-- One purpose for marketing consent: the newsletter's records join the account's ('marketing-email' → 'marketing').
UPDATE "consent_records" SET "purpose" = 'marketing' WHERE "purpose" = 'marketing-email';--> statement-breakpoint
-- The consent ledger is append-only: no deletes, and no edits except erasing a deleted account's address and link
-- (email → 'erased', user_id → null) and filling in an address hash once.
CREATE OR REPLACE FUNCTION paddock_consent_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'consent_records is append-only: a record is never deleted';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
    OR NEW.purpose IS DISTINCT FROM OLD.purpose
    OR NEW.granted IS DISTINCT FROM OLD.granted
    OR NEW.wording IS DISTINCT FROM OLD.wording
    OR NEW.source IS DISTINCT FROM OLD.source
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR (NEW.email IS DISTINCT FROM OLD.email AND NEW.email <> 'erased')
    OR (NEW.user_id IS DISTINCT FROM OLD.user_id AND NEW.user_id IS NOT NULL)
    OR (NEW.address_hash IS DISTINCT FROM OLD.address_hash AND OLD.address_hash IS NOT NULL) THEN
    RAISE EXCEPTION 'consent_records is append-only: only erasing the address or the account is allowed';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "consent_records_append_only" BEFORE UPDATE OR DELETE ON "consent_records"
  FOR EACH ROW EXECUTE FUNCTION paddock_consent_append_only();--> statement-breakpoint
-- Every change to a person's notifications announces their user id on one channel, whatever made it, so each app
-- process can update that person's unread count over its open streams (NOTIFY is sent at commit, once per payload).
CREATE OR REPLACE FUNCTION notify_notification_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_user_event_unique" UNIQUE("user_id","event_key"),
	CONSTRAINT "notifications_kind_check" CHECK (kind in ('order-confirmed', 'refund-issued', 'closing-soon'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consent_records_address_idx" ON "consent_records" USING btree ("address_hash");--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_purpose_check" CHECK (purpose in ('marketing'));--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_source_check" CHECK (source in ('sign-up:join', 'sign-up:auth', 'newsletter-form', 'account', 'newsletter-unsubscribe-link', 'newsletter-one-click', 'self_exclusion', 'account-deletion'));--> statement-breakpoint
CREATE TRIGGER "notifications_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION notify_notification_change();--> statement-breakpoint
-- Records written before the ledger had address hashes get theirs (erased ones have no address left to hash).
UPDATE "consent_records" SET "address_hash" = encode(sha256(convert_to(lower(trim("email")), 'UTF8')), 'hex')
  WHERE "address_hash" IS NULL AND "email" <> 'erased';
