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
CREATE INDEX "stripe_standin_webhook_deliveries_due_idx" ON "stripe_standin_webhook_deliveries" USING btree ("next_attempt_at");