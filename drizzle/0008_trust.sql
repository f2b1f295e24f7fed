CREATE TABLE "complaints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_reference" text,
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply_working_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK (status in ('open', 'answered', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_funding" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_standin_sessions" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_standin_sessions" ADD COLUMN "payment_intent_status" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_sessions" ADD COLUMN "card_funding" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_sessions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_sessions" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","created_at");