ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_confirmation_token_unique" UNIQUE("confirmation_token");--> statement-breakpoint
-- Everyone subscribed before double opt-in stays subscribed: their consent is in the ledger already.
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "consented_at" WHERE "confirmed_at" IS NULL;
