-- ADR 027 phase 5: the order path's writes as SQL functions, one round trip each (PL/pgSQL; PGlite runs it too).
-- Pricing, eligibility and the wording of every message stay in TypeScript (app/domain); these only check and write.

-- An unpaid order's hold given back: its competitions' reserved counts (rows locked in id order, the order every
-- writer keeps), its numbers (free at once, still naming the order: ADR 031) and its promo code's use (ADR 035).
-- Only for an order that is still pending (its reservation is held), under the order's row lock.
CREATE OR REPLACE FUNCTION paddock_release_hold(p_order_id uuid, p_now timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	l record;
BEGIN
	FOR l IN SELECT competition_id, quantity FROM order_lines WHERE order_id = p_order_id ORDER BY competition_id LOOP
		UPDATE competitions SET tickets_reserved = tickets_reserved - l.quantity, updated_at = now()
			WHERE id = l.competition_id;
	END LOOP;
	UPDATE ticket_numbers SET held_until = p_now
		WHERE order_id = p_order_id AND held_until IS NOT NULL AND held_until > p_now;
	WITH released AS (
		UPDATE promo_redemptions SET released_at = p_now
			WHERE order_id = p_order_id AND released_at IS NULL
			RETURNING promo_code_id
	)
	UPDATE promo_codes SET uses = uses - 1 FROM released WHERE promo_codes.id = released.promo_code_id;
	-- Its site credit back to the wallet (ADR 036): what the order still holds of it (the negated sum of its rows).
	INSERT INTO wallet_ledger (user_id, amount_pence, reason, ref, created_at)
		SELECT o.user_id, -sum(w.amount_pence)::integer, 'checkout-reversal', p_order_id::text, p_now
		FROM wallet_ledger w JOIN orders o ON o.id = p_order_id
		WHERE w.ref = p_order_id::text AND o.user_id IS NOT NULL
			AND w.reason IN ('checkout', 'checkout-reversal', 'checkout-retaken', 'refund')
		GROUP BY o.user_id HAVING sum(w.amount_pence) < 0
		ON CONFLICT ON CONSTRAINT wallet_ledger_reason_ref_unique DO NOTHING;
END $$;
--> statement-breakpoint

-- A lucky dip from the free set itself (ADR 031): `p_count` of the competition's free numbers, in an order given by
-- the database's strong random UUIDs (uniform among the free numbers), taken for the order until `p_held_until`
-- (null: issued for ever). Run under the competition's row lock. Returns the numbers taken (fewer only if too few are
-- free).
CREATE OR REPLACE FUNCTION paddock_take_free_numbers(p_competition_id integer, p_total integer, p_order_id uuid,
	p_held_until timestamptz, p_count integer, p_now timestamptz) RETURNS integer[]
LANGUAGE plpgsql AS $$
DECLARE
	taken integer[];
BEGIN
	WITH free AS (
		SELECT n FROM generate_series(1, p_total) AS n
		WHERE NOT EXISTS (SELECT 1 FROM ticket_numbers t WHERE t.competition_id = p_competition_id
			AND t.ticket_number = n AND (t.held_until IS NULL OR t.held_until > p_now))
		ORDER BY gen_random_uuid() LIMIT p_count
	), ins AS (
		INSERT INTO ticket_numbers (competition_id, ticket_number, order_id, held_until)
		SELECT p_competition_id, n, p_order_id, p_held_until FROM free
		ON CONFLICT (competition_id, ticket_number) DO UPDATE
			SET order_id = excluded.order_id, held_until = excluded.held_until
			WHERE ticket_numbers.held_until IS NOT NULL AND ticket_numbers.held_until <= p_now
		RETURNING ticket_number
	) SELECT coalesce(array_agg(ticket_number), '{}') INTO taken FROM ins;
	RETURN taken;
END $$;
--> statement-breakpoint

-- Sells a paid order's lines (in competition id order): the counters move under each competition's row lock (and,
-- after a lapse, only if the tickets are still free), the order's numbers are issued for ever (those it still holds;
-- a lucky dip among the free numbers for any taken over: ADR 031), the tickets are written with is_correct_answer
-- from the stored answer, and the instant wins they hit are claimed (ADR 032; site credit into the wallet).
-- Returns the allocation for the receipt. A line that cannot be sold raises SQLSTATE PDK01 with the refund reason.
CREATE OR REPLACE FUNCTION paddock_sell_lines(p_order_id uuid, p_user_id text, p_held boolean, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	l record;
	c record;
	st record;
	kept integer[];
	dipped integer[];
	rest integer;
	issued jsonb;
	wins jsonb;
	allocated jsonb := '[]'::jsonb;
BEGIN
	FOR l IN SELECT competition_id, quantity, skill_answer FROM order_lines WHERE order_id = p_order_id
		ORDER BY competition_id LOOP
		UPDATE competitions SET tickets_sold = tickets_sold + l.quantity,
				tickets_reserved = tickets_reserved - CASE WHEN p_held THEN l.quantity ELSE 0 END,
				updated_at = p_now
			WHERE id = l.competition_id AND status = 'active' AND end_date > p_now
				AND (p_held OR tickets_sold + tickets_reserved + l.quantity <= total_tickets)
			RETURNING total_tickets, title, correct_answer INTO c;
		IF NOT FOUND THEN
			SELECT status, end_date INTO st FROM competitions WHERE id = l.competition_id;
			RAISE EXCEPTION USING ERRCODE = 'PDK01', MESSAGE = CASE
				WHEN st.status IN ('cancelling', 'cancelled') THEN 'competition_cancelled'
				WHEN st.status = 'active' AND st.end_date > p_now THEN 'sold_out_after_expiry'
				ELSE 'competition_closed' END;
		END IF;
		WITH k AS (
			UPDATE ticket_numbers SET held_until = NULL
				WHERE competition_id = l.competition_id AND order_id = p_order_id AND held_until IS NOT NULL
				RETURNING ticket_number
		) SELECT coalesce(array_agg(ticket_number), '{}') INTO kept FROM k;
		rest := l.quantity - cardinality(kept);
		dipped := '{}';
		IF rest > 0 THEN
			-- Rare (a payment after its hold lapsed and was taken over, or an order made before numbers were held).
			dipped := paddock_take_free_numbers(l.competition_id, c.total_tickets, p_order_id, NULL, rest, p_now);
			IF cardinality(dipped) < rest THEN
				RAISE EXCEPTION USING ERRCODE = 'PDK01', MESSAGE = 'sold_out_after_expiry';
			END IF;
		END IF;
		WITH ins AS (
			INSERT INTO tickets (competition_id, ticket_number, user_id, order_id, skill_answer, is_correct_answer,
				purchase_date)
			SELECT l.competition_id, n, p_user_id, p_order_id, l.skill_answer,
				coalesce(l.skill_answer = c.correct_answer, false), p_now
			FROM unnest(kept || dipped) AS n ORDER BY n
			RETURNING ticket_number, entry_ref
		) SELECT jsonb_agg(jsonb_build_object('number', ticket_number, 'entryRef', entry_ref) ORDER BY ticket_number)
			INTO issued FROM ins;
		WITH w AS (
			UPDATE instant_wins iw SET won_ticket_id = t.id, won_by_user_id = p_user_id, won_at = p_now
				FROM tickets t
				WHERE iw.competition_id = l.competition_id AND iw.won_ticket_id IS NULL
					AND t.competition_id = iw.competition_id AND t.ticket_number = iw.ticket_number
					AND t.order_id = p_order_id
				RETURNING iw.id, iw.competition_id, iw.ticket_number, iw.prize_kind, iw.amount_pence, iw.prize
		), credited AS (
			INSERT INTO wallet_ledger (user_id, amount_pence, reason, ref, created_at)
			SELECT p_user_id, w.amount_pence, 'instant-win', 'instant-win:' || w.id, p_now FROM w
			WHERE w.prize_kind = 'site-credit' AND p_user_id IS NOT NULL
			ON CONFLICT (reason, ref) DO NOTHING
		) SELECT coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'competitionId', w.competition_id,
				'ticketNumber', w.ticket_number, 'kind', w.prize_kind, 'amountPence', w.amount_pence, 'prize', w.prize)
				ORDER BY w.ticket_number), '[]'::jsonb)
			INTO wins FROM w;
		allocated := allocated || jsonb_build_array(jsonb_build_object('competitionId', l.competition_id,
			'title', c.title, 'skillAnswer', l.skill_answer, 'tickets', issued, 'instantWins', wins));
	END LOOP;
	RETURN allocated;
END $$;
--> statement-breakpoint

-- The one function that turns a provider's Checkout Session into the order's outcome (ADR 027 §3), in the caller's
-- transaction. Exactly-once: the order row is locked first and every change is conditional on its status, so a
-- replayed or out-of-order event changes nothing. Returns the outcome as JSON (the receipt's facts when fulfilled).
CREATE OR REPLACE FUNCTION paddock_fulfil(
	p_order_id uuid, p_session_id text, p_paid boolean, p_session_status text, p_failed boolean,
	p_amount integer, p_currency text, p_payment_intent text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	o orders%ROWTYPE;
	held boolean;
	reason text;
	allocated jsonb;
	r record;
	released_status text;
	owed integer;
	balance bigint;
BEGIN
	SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('kind', 'ignored', 'reason', 'order not found');
	END IF;
	IF o.provider_session_id IS NOT NULL AND o.provider_session_id <> p_session_id THEN
		RETURN jsonb_build_object('kind', 'ignored', 'reason', 'session belongs to another order');
	END IF;

	IF NOT p_paid THEN
		IF o.payment_status <> 'pending' OR (p_session_status <> 'expired' AND NOT p_failed) THEN
			IF o.payment_status = 'pending' THEN
				IF o.provider_session_id IS NULL THEN
					UPDATE orders SET provider_session_id = p_session_id, updated_at = p_now WHERE id = o.id;
				END IF;
				RETURN jsonb_build_object('kind', 'waiting', 'orderId', o.id);
			END IF;
			RETURN jsonb_build_object('kind', 'already_final', 'orderId', o.id, 'status', o.payment_status);
		END IF;
		released_status := CASE WHEN p_failed THEN 'cancelled' ELSE 'expired' END;
		PERFORM paddock_release_hold(o.id, p_now);
		UPDATE orders SET payment_status = released_status,
				failure_reason = CASE WHEN p_failed THEN 'payment_failed' ELSE 'session_expired' END,
				provider_session_id = p_session_id, updated_at = p_now
			WHERE id = o.id;
		RETURN jsonb_build_object('kind', 'released', 'orderId', o.id, 'status', released_status);
	END IF;

	IF o.payment_status IN ('paid', 'refunded') THEN
		RETURN jsonb_build_object('kind', 'already_final', 'orderId', o.id, 'status', o.payment_status);
	END IF;
	held := o.payment_status = 'pending';
	-- The card pays the order's total less the site credit applied to it (ADR 036).
	IF p_amount IS DISTINCT FROM o.total_amount_pence - o.site_credit_pence
			OR lower(coalesce(p_currency, 'gbp')) <> 'gbp' THEN
		reason := 'amount_mismatch';
	ELSE
		IF NOT held AND o.site_credit_pence > 0 AND o.user_id IS NOT NULL THEN
			-- Honoured after its hold lapsed (its credit went back): the credit is taken again under the buyer's lock,
			-- or, if the wallet has been spent meanwhile, the order cannot be honoured at the price paid.
			SELECT o.site_credit_pence + coalesce(sum(w.amount_pence), 0) INTO owed FROM wallet_ledger w
				WHERE w.ref = o.id::text AND w.reason IN ('checkout', 'checkout-reversal', 'checkout-retaken', 'refund');
			IF owed > 0 THEN
				PERFORM pg_advisory_xact_lock(5005, hashtext(o.user_id));
				SELECT coalesce(sum(w.amount_pence), 0) INTO balance FROM wallet_ledger w WHERE w.user_id = o.user_id;
				IF balance < owed THEN
					reason := 'site_credit_spent';
				ELSE
					INSERT INTO wallet_ledger (user_id, amount_pence, reason, ref, created_at)
						VALUES (o.user_id, -owed, 'checkout-retaken', o.id::text, p_now)
						ON CONFLICT ON CONSTRAINT wallet_ledger_reason_ref_unique DO NOTHING;
				END IF;
			END IF;
		END IF;
		IF reason IS NULL THEN
			BEGIN
				allocated := paddock_sell_lines(o.id, o.user_id, held, p_now);
			EXCEPTION WHEN SQLSTATE 'PDK01' THEN
				reason := SQLERRM;
			END;
		END IF;
	END IF;

	IF reason IS NOT NULL THEN
		IF held THEN
			PERFORM paddock_release_hold(o.id, p_now);
		END IF;
		UPDATE orders SET payment_status = 'refunded', failure_reason = reason, provider_session_id = p_session_id,
				updated_at = p_now
			WHERE id = o.id;
		INSERT INTO payments (order_id, provider_session_id, status, amount_pence, raw)
			VALUES (o.id, p_session_id, 'refund_pending', coalesce(p_amount, o.total_amount_pence),
				jsonb_build_object('payment_intent', p_payment_intent, 'reason', reason))
			ON CONFLICT (provider_session_id) DO NOTHING;
		RETURN jsonb_build_object('kind', 'refund', 'orderId', o.id, 'reason', reason);
	END IF;

	UPDATE orders SET payment_status = 'paid', paid_at = p_now, provider_session_id = p_session_id,
			failure_reason = CASE WHEN held THEN NULL ELSE o.failure_reason END, updated_at = p_now
		WHERE id = o.id;
	INSERT INTO payments (order_id, provider_session_id, status, amount_pence, raw)
		VALUES (o.id, p_session_id, 'paid', coalesce(p_amount, o.total_amount_pence),
			jsonb_build_object('payment_intent', p_payment_intent))
		ON CONFLICT (provider_session_id) DO NOTHING;
	IF NOT held THEN
		-- Honoured after its hold lapsed: the promo code's use is taken again only if the code has one left.
		SELECT id, promo_code_id, released_at INTO r FROM promo_redemptions WHERE order_id = o.id;
		IF FOUND AND r.released_at IS NOT NULL THEN
			UPDATE promo_codes SET uses = uses + 1
				WHERE id = r.promo_code_id AND (max_uses IS NULL OR uses < max_uses);
			IF FOUND THEN
				UPDATE promo_redemptions SET released_at = NULL WHERE id = r.id;
			END IF;
		END IF;
	END IF;
	IF o.source = 'basket' AND o.user_id IS NOT NULL THEN
		DELETE FROM basket_items WHERE user_id = o.user_id
			AND competition_id IN (SELECT competition_id FROM order_lines WHERE order_id = o.id);
	END IF;
	RETURN jsonb_build_object('kind', 'fulfilled', 'orderId', o.id, 'reallocated', NOT held, 'userId', o.user_id,
		'email', o.email, 'totalAmountPence', o.total_amount_pence, 'promoDiscountPence', o.promo_discount_pence,
		'siteCreditPence', o.site_credit_pence,
		'lines', allocated);
END $$;
--> statement-breakpoint

-- The hold (ADR 027 §1): one call makes a buyer's order, its lines, its held numbers and its counters, under the
-- buyer's advisory lock, after the idempotency key, the per-person caps, the monthly spend limit and the promo code's
-- per-person uses are checked against the buyer's settled orders. Prices come computed by the pure TypeScript rule
-- (app/domain/pricing, promo-code) and are checked here against each competition's unit price, so a forged price
-- cannot pass. A refusal raises SQLSTATE PDK02 with its facts as JSON (the caller words it with the same rules as
-- before) and so rolls back everything this call wrote; a repeat of the key answers 'existing' and writes nothing.
-- It runs in its caller's transaction: a second statement there may debit the buyer's site credit.
-- p_lines: [{competitionId, quantity, unitPricePence, discountPence, promoDiscountPence, totalPence, skillAnswer,
--            chosen: [n], candidates: [n]}] (candidates: a uniformly random ordering of numbers drawn by the caller).
CREATE OR REPLACE FUNCTION paddock_hold(
	p_user_id text, p_email text, p_key text, p_source text, p_terms text, p_now timestamptz, p_expires timestamptz,
	p_lines jsonb, p_subtotal integer, p_discount integer, p_promo_discount integer, p_total integer,
	p_promo_code_id integer, p_promo_per_person integer,
	p_spend_limit integer, p_month_start timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	existing uuid;
	v_order uuid;
	l record;
	c record;
	over jsonb;
	spent integer;
	used integer;
	held_now integer[];
	dipped integer[];
	rest integer;
	numbers jsonb := '{}'::jsonb;
BEGIN
	PERFORM pg_advisory_xact_lock(5005, hashtext(p_user_id));
	SELECT id INTO existing FROM orders WHERE user_id = p_user_id AND idempotency_key = p_key;
	IF FOUND THEN
		RETURN jsonb_build_object('kind', 'existing', 'orderId', existing);
	END IF;

	-- Per-person caps against the buyer's paid and pending orders, now settled under the lock.
	SELECT jsonb_object_agg(x.competition_id::text, x.held) INTO over FROM (
		SELECT cl.competition_id, coalesce(h.held, 0) AS held, cl.quantity, cl.cap FROM (
			SELECT (e->>'competitionId')::integer AS competition_id, (e->>'quantity')::integer AS quantity,
				comp.max_tickets_per_user AS cap
			FROM jsonb_array_elements(p_lines) e JOIN competitions comp ON comp.id = (e->>'competitionId')::integer
			WHERE comp.max_tickets_per_user IS NOT NULL
		) cl LEFT JOIN LATERAL (
			SELECT sum(ol.quantity)::integer AS held FROM order_lines ol JOIN orders o ON o.id = ol.order_id
			WHERE o.user_id = p_user_id AND o.payment_status IN ('paid', 'pending') AND ol.competition_id = cl.competition_id
		) h ON true
	) x;
	IF over IS NOT NULL AND EXISTS (
		SELECT 1 FROM jsonb_array_elements(p_lines) e JOIN competitions comp ON comp.id = (e->>'competitionId')::integer
		WHERE comp.max_tickets_per_user IS NOT NULL
			AND coalesce((over->>(e->>'competitionId'))::integer, 0) + (e->>'quantity')::integer > comp.max_tickets_per_user
	) THEN
		RAISE EXCEPTION USING ERRCODE = 'PDK02', MESSAGE = jsonb_build_object('refusal', 'cap', 'held', over)::text;
	END IF;

	IF p_spend_limit IS NOT NULL THEN
		SELECT coalesce(sum(total_amount_pence) FILTER (WHERE (payment_status = 'paid' AND paid_at >= p_month_start)
			OR payment_status = 'pending'), 0)::integer INTO spent FROM orders WHERE user_id = p_user_id;
		IF spent + p_total > p_spend_limit THEN
			RAISE EXCEPTION USING ERRCODE = 'PDK02', MESSAGE = jsonb_build_object('refusal', 'spend_limit', 'spent', spent)::text;
		END IF;
	END IF;

	IF p_promo_code_id IS NOT NULL AND p_promo_per_person IS NOT NULL THEN
		SELECT count(*)::integer INTO used FROM promo_redemptions
			WHERE promo_code_id = p_promo_code_id AND user_id = p_user_id AND released_at IS NULL;
		IF used >= p_promo_per_person THEN
			RAISE EXCEPTION USING ERRCODE = 'PDK02', MESSAGE = jsonb_build_object('refusal', 'promo_per_person', 'used', used)::text;
		END IF;
	END IF;

	-- The prices the caller computed, checked against the competitions' own and against each other.
	IF EXISTS (
		SELECT 1 FROM jsonb_array_elements(p_lines) e LEFT JOIN competitions comp ON comp.id = (e->>'competitionId')::integer
		WHERE comp.id IS NULL OR comp.entry_price_pence <> (e->>'unitPricePence')::integer
			OR (e->>'discountPence')::integer < 0 OR (e->>'promoDiscountPence')::integer < 0
			OR (e->>'totalPence')::integer < 0
			OR (e->>'quantity')::integer * (e->>'unitPricePence')::integer - (e->>'discountPence')::integer
				- (e->>'promoDiscountPence')::integer <> (e->>'totalPence')::integer
	) OR (
		SELECT sum((e->>'quantity')::integer * (e->>'unitPricePence')::integer) <> p_subtotal
			OR sum((e->>'discountPence')::integer) <> p_discount
			OR sum((e->>'promoDiscountPence')::integer) <> p_promo_discount
			OR sum((e->>'totalPence')::integer) <> p_total
		FROM jsonb_array_elements(p_lines) e
	) OR p_subtotal - p_discount - p_promo_discount <> p_total THEN
		RAISE EXCEPTION 'paddock_hold: the prices given do not match the competitions'' prices' USING ERRCODE = 'PDK03';
	END IF;

	INSERT INTO orders (user_id, email, source, idempotency_key, payment_status, subtotal_pence, discount_pence,
		promo_discount_pence, total_amount_pence, terms_version, reservation_expires_at, created_at, updated_at)
	VALUES (p_user_id, p_email, p_source, p_key, 'pending', p_subtotal, p_discount, p_promo_discount, p_total, p_terms,
		p_expires, p_now, p_now)
	RETURNING id INTO v_order;
	INSERT INTO order_lines (order_id, competition_id, quantity, unit_price_pence, discount_pence, promo_discount_pence,
		total_pence, skill_answer, chosen_numbers)
	SELECT v_order, (e->>'competitionId')::integer, (e->>'quantity')::integer, (e->>'unitPricePence')::integer,
		(e->>'discountPence')::integer, (e->>'promoDiscountPence')::integer, (e->>'totalPence')::integer,
		e->>'skillAnswer', ARRAY(SELECT jsonb_array_elements_text(e->'chosen')::integer)
	FROM jsonb_array_elements(p_lines) e;

	-- One conditional UPDATE per competition, in id order (the lock order every writer keeps); under its row lock the
	-- numbers are held: exactly the chosen ones, then the first free candidates, then (rarely) the free set itself.
	FOR l IN SELECT (e->>'competitionId')::integer AS competition_id, (e->>'quantity')::integer AS quantity,
			ARRAY(SELECT jsonb_array_elements_text(e->'chosen')::integer) AS chosen,
			ARRAY(SELECT jsonb_array_elements_text(e->'candidates')::integer) AS candidates
		FROM jsonb_array_elements(p_lines) e ORDER BY 1 LOOP
		UPDATE competitions SET tickets_reserved = tickets_reserved + l.quantity
			WHERE id = l.competition_id AND status = 'active' AND end_date > p_now
				AND tickets_sold + tickets_reserved + l.quantity <= total_tickets
			RETURNING total_tickets INTO c;
		IF NOT FOUND THEN
			RAISE EXCEPTION USING ERRCODE = 'PDK02',
				MESSAGE = jsonb_build_object('refusal', 'unavailable', 'competitionId', l.competition_id)::text;
		END IF;
		held_now := '{}';
		IF cardinality(l.chosen) > 0 THEN
			WITH ins AS (
				INSERT INTO ticket_numbers (competition_id, ticket_number, order_id, held_until)
				SELECT l.competition_id, n, v_order, p_expires FROM unnest(l.chosen) AS n
				WHERE n BETWEEN 1 AND c.total_tickets
				ON CONFLICT (competition_id, ticket_number) DO UPDATE
					SET order_id = excluded.order_id, held_until = excluded.held_until
					WHERE ticket_numbers.held_until IS NOT NULL AND ticket_numbers.held_until <= p_now
				RETURNING ticket_number
			) SELECT coalesce(array_agg(ticket_number), '{}') INTO held_now FROM ins;
			IF cardinality(held_now) < cardinality(l.chosen) THEN
				RAISE EXCEPTION USING ERRCODE = 'PDK02', MESSAGE = jsonb_build_object('refusal', 'taken',
					'competitionId', l.competition_id,
					'numbers', (SELECT coalesce(jsonb_agg(x.n ORDER BY x.i), '[]'::jsonb)
						FROM unnest(l.chosen) WITH ORDINALITY AS x(n, i) WHERE x.n <> ALL (held_now)))::text;
			END IF;
		END IF;
		rest := l.quantity - cardinality(held_now);
		IF rest > 0 AND cardinality(l.candidates) > 0 THEN
			WITH ins AS (
				INSERT INTO ticket_numbers (competition_id, ticket_number, order_id, held_until)
				SELECT l.competition_id, cand.n, v_order, p_expires
				FROM unnest(l.candidates) WITH ORDINALITY AS cand(n, i)
				WHERE cand.n BETWEEN 1 AND c.total_tickets AND cand.n <> ALL (held_now)
					AND NOT EXISTS (SELECT 1 FROM ticket_numbers t WHERE t.competition_id = l.competition_id
						AND t.ticket_number = cand.n AND (t.held_until IS NULL OR t.held_until > p_now))
				ORDER BY cand.i LIMIT rest
				ON CONFLICT (competition_id, ticket_number) DO UPDATE
					SET order_id = excluded.order_id, held_until = excluded.held_until
					WHERE ticket_numbers.held_until IS NOT NULL AND ticket_numbers.held_until <= p_now
				RETURNING ticket_number
			) SELECT coalesce(array_agg(ticket_number), '{}') INTO dipped FROM ins;
			held_now := held_now || dipped;
			rest := l.quantity - cardinality(held_now);
		END IF;
		IF rest > 0 THEN
			-- Few numbers free (or a rare shortfall of candidates): drawn from the free set itself.
			dipped := paddock_take_free_numbers(l.competition_id, c.total_tickets, v_order, p_expires, rest, p_now);
			IF cardinality(dipped) < rest THEN
				RAISE EXCEPTION USING ERRCODE = 'PDK02',
					MESSAGE = jsonb_build_object('refusal', 'taken', 'competitionId', l.competition_id,
						'numbers', '[]'::jsonb)::text;
			END IF;
			held_now := held_now || dipped;
		END IF;
		numbers := numbers || jsonb_build_object(l.competition_id::text, to_jsonb(held_now));
	END LOOP;

	-- The promo code's use, last of all (after the competition rows: the lock order every writer keeps).
	IF p_promo_code_id IS NOT NULL THEN
		UPDATE promo_codes SET uses = uses + 1
			WHERE id = p_promo_code_id AND active AND (max_uses IS NULL OR uses < max_uses);
		IF NOT FOUND THEN
			RAISE EXCEPTION USING ERRCODE = 'PDK02', MESSAGE = jsonb_build_object('refusal', 'promo_used_up')::text;
		END IF;
		INSERT INTO promo_redemptions (promo_code_id, order_id, user_id, discount_pence, created_at)
			VALUES (p_promo_code_id, v_order, p_user_id, p_promo_discount, p_now);
	END IF;
	RETURN jsonb_build_object('kind', 'created', 'orderId', v_order, 'numbers', numbers);
END $$;
