CREATE TABLE "postal_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date,
	"address" text NOT NULL,
	"county" text,
	"contact_number" text NOT NULL,
	"email" text NOT NULL,
	"terms_accepted" boolean NOT NULL,
	"skill_answer" text NOT NULL,
	"is_correct_answer" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"envelope_ref" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"reason_detail" text,
	"ticket_id" integer,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postal_entries_outcome_check" CHECK (outcome in ('accepted', 'rejected')),
	CONSTRAINT "postal_entries_reason_check" CHECK ((outcome = 'accepted' and reason is null and ticket_id is not null) or (outcome = 'rejected' and reason in ('bulk envelope', 'late', 'incomplete', 'under 18', 'void: sold out', 'over the per-person cap') and ticket_id is null))
);
--> statement-breakpoint
CREATE TABLE "prize_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"recipient_name" text NOT NULL,
	"address" text NOT NULL,
	"county" text NOT NULL,
	"postcode" text NOT NULL,
	"phone" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"carrier" text,
	"tracking_reference" text,
	"shipped_at" timestamp with time zone,
	"shipped_by" text,
	"delivered_at" timestamp with time zone,
	"delivered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_claims_competition_user_unique" UNIQUE("competition_id","user_id"),
	CONSTRAINT "prize_claims_status_check" CHECK (status in ('confirmed', 'shipped', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "winner_name_withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "postal_entries" ADD CONSTRAINT "postal_entries_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_entries" ADD CONSTRAINT "postal_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_entries" ADD CONSTRAINT "postal_entries_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_shipped_by_user_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_delivered_by_user_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "postal_entries_competition_idx" ON "postal_entries" USING btree ("competition_id","recorded_at");--> statement-breakpoint
CREATE INDEX "postal_entries_envelope_idx" ON "postal_entries" USING btree ("competition_id","envelope_ref");--> statement-breakpoint
CREATE INDEX "postal_entries_email_idx" ON "postal_entries" USING btree ("competition_id",lower("email"));--> statement-breakpoint
CREATE INDEX "postal_entries_ticket_idx" ON "postal_entries" USING btree ("ticket_id");