CREATE TABLE "draw_skips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_skips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"draw_id" integer NOT NULL,
	"sequence_index" integer NOT NULL,
	"position" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_skips_draw_index_unique" UNIQUE("draw_id","sequence_index"),
	CONSTRAINT "draw_skips_reason_check" CHECK (reason in ('unclaimed', 'ineligible', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"manifest" text NOT NULL,
	"manifest_hash" text NOT NULL,
	"entries" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"chain_hash" text NOT NULL,
	"round" bigint NOT NULL,
	"round_moved" boolean DEFAULT false NOT NULL,
	"beacon_randomness" text,
	"beacon_signature" text,
	"winner_position" integer,
	"alternates" jsonb,
	"drawn_entries" jsonb,
	"drawn_at" timestamp with time zone,
	"drawn_by" text,
	CONSTRAINT "draws_competition_id_unique" UNIQUE("competition_id"),
	CONSTRAINT "draws_drawn_check" CHECK (("draws"."drawn_at" is null) = ("draws"."beacon_signature" is null)
        and ("draws"."drawn_at" is null) = ("draws"."winner_position" is null))
);
--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "draw_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "draw_round" bigint;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "draw_chain_hash" text;--> statement-breakpoint
ALTER TABLE "draw_skips" ADD CONSTRAINT "draw_skips_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_skips" ADD CONSTRAINT "draw_skips_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_drawn_by_user_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_skips_draw_idx" ON "draw_skips" USING btree ("draw_id");