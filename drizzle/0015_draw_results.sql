CREATE TABLE "prize_claim_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_claim_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_claim_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "prize_claims" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "ticket_number" integer;--> statement-breakpoint
ALTER TABLE "prize_claim_links" ADD CONSTRAINT "prize_claim_links_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_claim_links_competition_idx" ON "prize_claim_links" USING btree ("competition_id","ticket_number");--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_competition_ticket_unique" UNIQUE("competition_id","ticket_number");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order-confirmed', 'refund-issued', 'closing-soon', 'entries-closed', 'draw-result', 'prize-claim'));--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_claimant_check" CHECK ("prize_claims"."user_id" is not null or "prize_claims"."ticket_number" is not null);