ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "chosen_numbers" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_credit_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_reason_check" CHECK (reason in ('instant-win', 'checkout', 'checkout-reversal', 'checkout-retaken', 'refund'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_credit_check" CHECK ("orders"."site_credit_pence" between 0 and "orders"."total_amount_pence");--> statement-breakpoint
-- A wallet never goes below zero (ADR 036): a debit takes the buyer's checkout lock (the one placeOrder holds, so two
-- orders by one buyer take turns) and is refused when it would spend more than the balance.
CREATE FUNCTION paddock_wallet_never_negative() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
BEGIN
  IF NEW.amount_pence < 0 THEN
    PERFORM pg_advisory_xact_lock(5005, hashtext(NEW.user_id));
    SELECT coalesce(sum(amount_pence), 0) INTO balance FROM wallet_ledger WHERE user_id = NEW.user_id;
    IF balance + NEW.amount_pence < 0 THEN
      RAISE EXCEPTION 'site credit would go below zero' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_never_negative BEFORE INSERT ON "wallet_ledger"
  FOR EACH ROW EXECUTE FUNCTION paddock_wallet_never_negative();
