-- ADR 027 §5, the per-order budget: the payment queue's claim and the provider's token bucket, the funnel's checkout
-- steps and the credit card check of ADR 018 each become part of one statement (PL/pgSQL; PGlite runs it too).

-- The provider's shared token bucket (ADR 027 §2), one row per endpoint: refilled by the time elapsed at `p_rate` per
-- second up to `p_burst`, then up to `p_wanted` whole tokens taken, under the row's lock in the caller's transaction.
-- The refill time never moves back: a caller whose clock was read before it waited for the lock would otherwise be
-- paid the same interval's tokens twice. A count that is not a number (or below zero) counts as empty.
-- Returns {taken, nextTokenInMs}: how many were taken, and when none is left how long until the next whole one.
CREATE OR REPLACE FUNCTION paddock_take_tokens(p_endpoint text, p_wanted integer, p_now timestamptz,
	p_rate double precision, p_burst double precision) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	b record;
	available double precision;
	taken integer;
	remaining double precision;
BEGIN
	SELECT tokens, refilled_at INTO b FROM provider_rate_buckets WHERE endpoint = p_endpoint FOR UPDATE;
	IF NOT FOUND THEN
		INSERT INTO provider_rate_buckets (endpoint, tokens, refilled_at) VALUES (p_endpoint, p_burst, p_now)
			ON CONFLICT (endpoint) DO NOTHING;
		SELECT tokens, refilled_at INTO b FROM provider_rate_buckets WHERE endpoint = p_endpoint FOR UPDATE;
	END IF;
	available := least(p_burst,
		CASE WHEN b.tokens IN ('NaN', 'Infinity') OR b.tokens < 0 THEN 0 ELSE b.tokens END
		+ greatest(0, extract(epoch FROM p_now - b.refilled_at)::double precision) * p_rate);
	taken := greatest(0, least(p_wanted, floor(available)::integer));
	remaining := available - taken;
	UPDATE provider_rate_buckets SET tokens = remaining, refilled_at = greatest(b.refilled_at, p_now)
		WHERE endpoint = p_endpoint;
	RETURN jsonb_build_object('taken', taken, 'nextTokenInMs',
		CASE WHEN remaining >= 1 OR p_rate <= 0 THEN 0 ELSE ceil((1 - remaining) / p_rate * 1000)::integer END);
END $$;
--> statement-breakpoint

-- A new order's way to its payment page (ADR 027 §2): when nobody is queued and the bucket has a request to spare,
-- the order is claimed for the request that made it (a lease, so no worker asks too) and 'claimed' is returned;
-- otherwise it joins the queue, oldest first, and 'queued' is returned. p_session: {rate, burst, leaseMs}.
CREATE OR REPLACE FUNCTION paddock_claim_session(p_order_id uuid, p_now timestamptz, p_session jsonb) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	-- Nested, not one AND: SQL does not promise to evaluate the queue's test before taking a token.
	IF NOT EXISTS (SELECT 1 FROM orders q WHERE q.queued_at IS NOT NULL AND q.payment_status = 'pending'
			AND q.id <> p_order_id) THEN
		IF (paddock_take_tokens('checkout.sessions.create', 1, p_now, (p_session->>'rate')::double precision,
				(p_session->>'burst')::double precision)->>'taken')::integer = 1 THEN
			UPDATE orders SET session_attempts = session_attempts + 1,
					next_session_attempt_at = p_now + make_interval(secs => (p_session->>'leaseMs')::double precision / 1000)
				WHERE id = p_order_id;
			RETURN 'claimed';
		END IF;
	END IF;
	UPDATE orders SET queued_at = p_now, next_session_attempt_at = NULL
		WHERE id = p_order_id AND payment_status = 'pending' AND provider_session_id IS NULL;
	RETURN 'queued';
END $$;
--> statement-breakpoint

-- The payment queue's worker (ADR 027 §2): the oldest due queued orders (skipping those another process is claiming),
-- as many as the bucket allows now, each claimed for a lease. Returns {claimed: [order ids, oldest first], waiting,
-- nextTokenInMs}: `waiting` were due but had no token.
CREATE OR REPLACE FUNCTION paddock_claim_queued(p_now timestamptz, p_max integer, p_session jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	due uuid[];
	took jsonb;
	claimed uuid[];
BEGIN
	SELECT coalesce(array_agg(d.id ORDER BY d.queued_at, d.id), '{}') INTO due FROM (
		SELECT o.id, o.queued_at FROM orders o
		WHERE o.queued_at IS NOT NULL AND o.payment_status = 'pending'
			AND (o.next_session_attempt_at IS NULL OR o.next_session_attempt_at <= p_now)
		ORDER BY o.queued_at, o.id LIMIT p_max
		FOR UPDATE SKIP LOCKED
	) d;
	IF cardinality(due) = 0 THEN
		RETURN jsonb_build_object('claimed', '[]'::jsonb, 'waiting', 0, 'nextTokenInMs', 0);
	END IF;
	took := paddock_take_tokens('checkout.sessions.create', cardinality(due), p_now,
		(p_session->>'rate')::double precision, (p_session->>'burst')::double precision);
	claimed := due[1:(took->>'taken')::integer];
	UPDATE orders SET next_session_attempt_at = p_now + make_interval(secs => (p_session->>'leaseMs')::double precision / 1000),
			session_attempts = session_attempts + 1
		WHERE id = ANY (claimed);
	RETURN jsonb_build_object('claimed', to_jsonb(claimed), 'waiting', cardinality(due) - cardinality(claimed),
		'nextTokenInMs', (took->>'nextTokenInMs')::integer);
END $$;
--> statement-breakpoint

-- The hold of ADR 027 §1 (`paddock_hold`) with what the request that made it writes next, in the same statement: the
-- funnel's "answered" and "checkout started" steps (when p_funnel_key is given) and, when p_session is given, the
-- order's claim on the provider's next request or its place in the queue (`paddock_claim_session`). The answer is
-- paddock_hold's, with `session` ('claimed' or 'queued') for a new order.
CREATE OR REPLACE FUNCTION paddock_hold_and_queue(
	p_user_id text, p_email text, p_key text, p_source text, p_terms text, p_now timestamptz, p_expires timestamptz,
	p_lines jsonb, p_subtotal integer, p_discount integer, p_promo_discount integer, p_total integer,
	p_promo_code_id integer, p_promo_per_person integer,
	p_spend_limit integer, p_month_start timestamptz,
	p_funnel_key text, p_session jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	held jsonb;
BEGIN
	held := paddock_hold(p_user_id, p_email, p_key, p_source, p_terms, p_now, p_expires, p_lines, p_subtotal,
		p_discount, p_promo_discount, p_total, p_promo_code_id, p_promo_per_person, p_spend_limit, p_month_start);
	IF held->>'kind' <> 'created' THEN
		RETURN held;
	END IF;
	IF p_funnel_key IS NOT NULL THEN
		INSERT INTO funnel_events (competition_id, stage, visitor_key)
			SELECT (e->>'competitionId')::integer, s.stage, p_funnel_key
			FROM jsonb_array_elements(p_lines) e CROSS JOIN (VALUES ('answered'), ('checkout_started')) AS s(stage)
			ON CONFLICT DO NOTHING;
	END IF;
	IF p_session IS NOT NULL THEN
		held := held || jsonb_build_object('session',
			paddock_claim_session((held->>'orderId')::uuid, p_now, p_session));
	END IF;
	RETURN held;
END $$;
--> statement-breakpoint

-- Credit card money a player has had taken or authorised since `p_month_start` (the London month, from the caller),
-- not refunded, other than order `p_not_order`: what the monthly credit card cap of ADR 018 counts. A card whose
-- funding is none of `p_not_credit` (debit, prepaid: app/domain/credit-card-cap.ts) counts as credit, so an
-- unclassified card cannot dodge the cap. What went on the card is the order's total less its site credit (ADR 036).
CREATE OR REPLACE FUNCTION paddock_credit_card_spent(p_user_id text, p_not_order uuid, p_month_start timestamptz,
	p_not_credit text[]) RETURNS integer
LANGUAGE sql STABLE AS $$
	SELECT coalesce(sum(o.total_amount_pence - o.site_credit_pence), 0)::integer FROM orders o
	WHERE o.user_id = p_user_id AND o.id <> p_not_order AND o.payment_status IN ('paid', 'pending')
		AND o.card_funding IS NOT NULL AND NOT (o.card_funding = ANY (p_not_credit))
		AND coalesce(o.paid_at, o.authorised_at) >= p_month_start
$$;
--> statement-breakpoint

-- An authorised (not yet captured) card payment decided against the credit card cap (ADR 018), before any money moves,
-- under the player's row lock so two payments at once cannot both slip under it. The card's funding is recorded on
-- the order. Over the cap (zero for an order with an instant-win competition), with p_refuse the order is cancelled
-- and its hold released; without it nothing is written and 'over' is returned, so the caller can refuse in a
-- transaction of its own that also queues the buyer's e-mail (the usual payment costs one statement).
-- Returns {kind: 'capture' | 'over' | 'refused' | 'missing', reason, spent, email}.
CREATE OR REPLACE FUNCTION paddock_authorise(p_order_id uuid, p_session_id text, p_funding text,
	p_counts_as_credit boolean, p_amount integer, p_cap integer, p_month_start timestamptz, p_not_credit text[],
	p_now timestamptz, p_refuse boolean) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	o orders%ROWTYPE;
	spent integer := 0;
	instant boolean;
	reason text;
BEGIN
	SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('kind', 'missing');
	END IF;
	IF o.failure_reason IN ('credit_card_cap', 'credit_card_instant_win') THEN
		RETURN jsonb_build_object('kind', 'refused', 'reason', o.failure_reason, 'email', NULL);
	END IF;
	IF o.user_id IS NOT NULL THEN
		PERFORM 1 FROM "user" u WHERE u.id = o.user_id FOR UPDATE;
		spent := paddock_credit_card_spent(o.user_id, o.id, p_month_start, p_not_credit);
	END IF;
	instant := EXISTS (SELECT 1 FROM order_lines ol JOIN instant_wins iw ON iw.competition_id = ol.competition_id
		WHERE ol.order_id = o.id);
	-- (The CASE in brackets: PL/pgSQL would take its THEN for the IF's.)
	IF p_counts_as_credit
			AND spent + coalesce(p_amount, o.total_amount_pence - o.site_credit_pence) > (CASE WHEN instant THEN 0 ELSE p_cap END)
	THEN
		reason := CASE WHEN instant THEN 'credit_card_instant_win' ELSE 'credit_card_cap' END;
		IF NOT p_refuse THEN
			RETURN jsonb_build_object('kind', 'over', 'reason', reason, 'spent', spent);
		END IF;
	END IF;
	UPDATE orders SET card_funding = coalesce(p_funding, 'unknown'), authorised_at = coalesce(o.authorised_at, p_now),
			updated_at = p_now
		WHERE id = o.id;
	IF reason IS NULL THEN
		RETURN jsonb_build_object('kind', 'capture');
	END IF;
	IF o.payment_status = 'pending' THEN
		PERFORM paddock_release_hold(o.id, p_now);
		UPDATE orders SET payment_status = 'cancelled', failure_reason = reason, provider_session_id = p_session_id,
				updated_at = p_now
			WHERE id = o.id;
	END IF;
	RETURN jsonb_build_object('kind', 'refused', 'reason', reason, 'spent', spent, 'email', o.email);
END $$;
