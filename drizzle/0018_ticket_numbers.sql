CREATE TABLE "ticket_numbers" (
	"competition_id" integer NOT NULL,
	"ticket_number" integer NOT NULL,
	"order_id" uuid,
	"held_until" timestamp with time zone,
	CONSTRAINT "ticket_numbers_pkey" PRIMARY KEY("competition_id","ticket_number"),
	CONSTRAINT "ticket_numbers_positive_check" CHECK ("ticket_numbers"."ticket_number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "chosen_numbers" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_numbers" ADD CONSTRAINT "ticket_numbers_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_numbers_order_idx" ON "ticket_numbers" USING btree ("order_id");--> statement-breakpoint
-- Every number already issued stays taken for ever (ADR 015, ADR 031); orders pending at the upgrade hold a count
-- without numbers and get theirs by lucky dip when they are paid.
INSERT INTO "ticket_numbers" ("competition_id", "ticket_number", "order_id", "held_until")
SELECT "competition_id", "ticket_number", "order_id", NULL FROM "tickets";
--> statement-breakpoint
-- Every ticket's number is in the register as issued, whoever writes the ticket (fulfilment and postal entries put it
-- there first; anything else, such as a script, gets it here): a ticket for a number another order holds is refused.
CREATE FUNCTION paddock_register_ticket_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO ticket_numbers (competition_id, ticket_number, order_id, held_until)
	VALUES (NEW.competition_id, NEW.ticket_number, NEW.order_id, NULL)
	ON CONFLICT (competition_id, ticket_number) DO UPDATE SET held_until = NULL, order_id = EXCLUDED.order_id
		WHERE ticket_numbers.order_id IS NOT DISTINCT FROM EXCLUDED.order_id
			OR (ticket_numbers.held_until IS NOT NULL AND ticket_numbers.held_until <= now());
	IF NOT FOUND THEN
		RAISE EXCEPTION 'ticket % of competition % is held for another order', NEW.ticket_number, NEW.competition_id
			USING ERRCODE = 'unique_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_register_number AFTER INSERT ON tickets
	FOR EACH ROW EXECUTE FUNCTION paddock_register_ticket_number();
--> statement-breakpoint
-- A buyer waiting on the hold page is woken by whichever process made their payment page (or closed their order):
-- the payment queue's workers LISTEN on this channel (ADR 027).
CREATE FUNCTION paddock_notify_checkout_ready() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('checkout_session_ready', NEW.id::text);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_checkout_ready AFTER UPDATE OF checkout_url, payment_status ON orders
	FOR EACH ROW WHEN (
		(NEW.checkout_url IS NOT NULL AND OLD.checkout_url IS DISTINCT FROM NEW.checkout_url)
		OR (OLD.payment_status = 'pending' AND NEW.payment_status <> 'pending')
	)
	EXECUTE FUNCTION paddock_notify_checkout_ready();
