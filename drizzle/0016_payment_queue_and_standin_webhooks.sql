CREATE TABLE "provider_rate_buckets" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_standin_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_session_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "session_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stripe_standin_webhook_deliveries_due_idx" ON "stripe_standin_webhook_deliveries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "orders_queue_idx" ON "orders" USING btree ("queued_at","id") WHERE queued_at is not null;