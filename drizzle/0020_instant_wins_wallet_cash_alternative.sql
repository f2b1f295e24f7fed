CREATE TABLE "instant_win_commitments" (
	"competition_id" integer PRIMARY KEY NOT NULL,
	"canonical" text NOT NULL,
	"salt" text NOT NULL,
	"commitment" text NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instant_wins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instant_wins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"prize_kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"prize" text NOT NULL,
	"won_ticket_id" integer,
	"won_by_user_id" text,
	"won_at" timestamp with time zone,
	CONSTRAINT "instant_wins_won_ticket_id_unique" UNIQUE("won_ticket_id"),
	CONSTRAINT "instant_wins_competition_number_unique" UNIQUE("competition_id","ticket_number"),
	CONSTRAINT "instant_wins_kind_check" CHECK (prize_kind in ('site-credit', 'cash', 'physical')),
	CONSTRAINT "instant_wins_amount_check" CHECK ("instant_wins"."amount_pence" > 0 or ("instant_wins"."prize_kind" = 'physical' and "instant_wins"."amount_pence" = 0)),
	CONSTRAINT "instant_wins_number_check" CHECK ("instant_wins"."ticket_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_reason_ref_unique" UNIQUE("reason","ref"),
	CONSTRAINT "wallet_ledger_amount_check" CHECK ("wallet_ledger"."amount_pence" <> 0),
	CONSTRAINT "wallet_ledger_reason_check" CHECK (reason in ('instant-win'))
);
--> statement-breakpoint
ALTER TABLE "prize_claims" DROP CONSTRAINT "prize_claims_competition_user_unique";--> statement-breakpoint
ALTER TABLE "prize_claims" DROP CONSTRAINT "prize_claims_competition_ticket_unique";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "cash_alternative_pence" integer;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "instant_win_id" integer;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "choice" text;--> statement-breakpoint
ALTER TABLE "instant_win_commitments" ADD CONSTRAINT "instant_win_commitments_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_wins" ADD CONSTRAINT "instant_wins_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_wins" ADD CONSTRAINT "instant_wins_won_ticket_id_tickets_id_fk" FOREIGN KEY ("won_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_wins" ADD CONSTRAINT "instant_wins_won_by_user_id_user_id_fk" FOREIGN KEY ("won_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_instant_win_id_instant_wins_id_fk" FOREIGN KEY ("instant_win_id") REFERENCES "public"."instant_wins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prize_claims_competition_user_unique" ON "prize_claims" USING btree ("competition_id","user_id") WHERE "prize_claims"."instant_win_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "prize_claims_competition_ticket_unique" ON "prize_claims" USING btree ("competition_id","ticket_number") WHERE "prize_claims"."instant_win_id" is null;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_instant_win_id_unique" UNIQUE("instant_win_id");--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_cash_alternative_check" CHECK ("competitions"."cash_alternative_pence" is null or "competitions"."cash_alternative_pence" > 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('order-confirmed', 'refund-issued', 'closing-soon', 'entries-closed', 'draw-result', 'prize-claim', 'instant-win'));--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_choice_check" CHECK (choice is null or choice in ('prize', 'cash'));--> statement-breakpoint
-- The wallet is append-only: a row is never changed, and never removed except with its account (the user row's
-- ON DELETE CASCADE runs inside the foreign key's own trigger, so it arrives here one trigger deeper).
CREATE FUNCTION paddock_wallet_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallet_ledger is append-only' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_ledger_append_only BEFORE UPDATE OR DELETE ON "wallet_ledger"
  FOR EACH ROW EXECUTE FUNCTION paddock_wallet_ledger_append_only();
