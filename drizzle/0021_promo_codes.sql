CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_spend_pence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_person" integer,
	"competition_ids" integer[],
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK (kind in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_minimum_check" CHECK ("promo_codes"."minimum_spend_pence" >= 0),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_max_uses_check" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."max_uses" > 0),
	CONSTRAINT "promo_codes_per_person_check" CHECK ("promo_codes"."max_uses_per_person" is null or "promo_codes"."max_uses_per_person" > 0),
	CONSTRAINT "promo_codes_window_check" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."ends_at" is null or "promo_codes"."starts_at" < "promo_codes"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promo_code_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"discount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "promo_redemptions_discount_check" CHECK ("promo_redemptions"."discount_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promo_discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order_unique" ON "promo_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_user_idx" ON "promo_redemptions" USING btree ("promo_code_id","user_id");