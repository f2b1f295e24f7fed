CREATE TABLE "basket_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "basket_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"competition_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"skill_answer" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_user_competition_unique" UNIQUE("user_id","competition_id"),
	CONSTRAINT "basket_items_quantity_check" CHECK ("basket_items"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"monthly_limit_pence" integer,
	"pending_limit_pence" integer,
	"pending_effective_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"excluded_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_monthly_check" CHECK ("player_limits"."monthly_limit_pence" is null or "player_limits"."monthly_limit_pence" >= 0),
	CONSTRAINT "player_limits_pending_check" CHECK ("player_limits"."pending_limit_pence" is null or "player_limits"."pending_limit_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_standin_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text,
	"client_reference_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_items" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"payment_intent" text,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"refund_id" text,
	"refund_idempotency_key" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_standin_sessions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "stripe_standin_sessions_payment_intent_unique" UNIQUE("payment_intent")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_reconcile_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "eligibility_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_items_competition_idx" ON "basket_items" USING btree ("competition_id");--> statement-breakpoint
CREATE INDEX "stripe_standin_sessions_status_idx" ON "stripe_standin_sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_reservation_idx" ON "orders" USING btree ("payment_status","reservation_expires_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_session_id_unique" UNIQUE("provider_session_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_idempotency_unique" UNIQUE("user_id","idempotency_key");