-- ADR 039: holds in groups. The holds that arrived together, in one statement and one commit: each runs
-- paddock_hold_and_queue (drizzle/0027) exactly as alone, inside an exception block of its own, so a refusal (PDK02,
-- PDK03) or any other error of one hold rolls back that hold's writes only and is answered as that hold's outcome.
-- p_holds: [{userId, email, key, source, terms, now, expires, lines, subtotal, discount, promoDiscount, total,
--            promoCodeId, promoPerPerson, spendLimit, monthStart, funnelKey, session}], in arrival order.
-- Returns an array in the same order, each entry one of: paddock_hold_and_queue's answer ({kind: 'created' |
-- 'existing', …}, with `place` in the payment queue when it was queued); {kind: 'refused', refused: <PDK02's
-- facts>}; {kind: 'error', code: <SQLSTATE>, message}.
-- Every lock the holds take is taken first, in the order a single hold keeps (the buyers' advisory locks, sorted;
-- the competitions' rows in id order; the promo codes' rows in id order), so a batch cannot deadlock with a single
-- hold or with another process's batch.
CREATE OR REPLACE FUNCTION paddock_hold_batch(p_holds jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	h jsonb;
	answer jsonb;
	answers jsonb := '[]'::jsonb;
	err_code text;
	err_message text;
BEGIN
	PERFORM pg_advisory_xact_lock(5005, k.lock_key) FROM (
		SELECT DISTINCT hashtext(e->>'userId') AS lock_key FROM jsonb_array_elements(p_holds) e ORDER BY 1
	) k;
	PERFORM 1 FROM competitions c WHERE c.id IN (
		SELECT (l->>'competitionId')::integer FROM jsonb_array_elements(p_holds) e, jsonb_array_elements(e->'lines') l
	) ORDER BY c.id FOR NO KEY UPDATE;
	PERFORM 1 FROM promo_codes p WHERE p.id IN (
		SELECT (e->>'promoCodeId')::integer FROM jsonb_array_elements(p_holds) e WHERE e->>'promoCodeId' IS NOT NULL
	) ORDER BY p.id FOR NO KEY UPDATE;
	FOR h IN SELECT e FROM jsonb_array_elements(p_holds) WITH ORDINALITY AS x(e, i) ORDER BY x.i LOOP
		BEGIN
			answer := paddock_hold_and_queue(h->>'userId', h->>'email', h->>'key',
				h->>'source', h->>'terms', (h->>'now')::timestamptz, (h->>'expires')::timestamptz, h->'lines',
				(h->>'subtotal')::integer, (h->>'discount')::integer, (h->>'promoDiscount')::integer,
				(h->>'total')::integer, (h->>'promoCodeId')::integer, (h->>'promoPerPerson')::integer,
				(h->>'spendLimit')::integer, (h->>'monthStart')::timestamptz, h->>'funnelKey',
				CASE WHEN jsonb_typeof(h->'session') = 'object' THEN h->'session' END);
			-- A queued order's place in the queue (1: next), as the hold page shows it: no statement of its own.
			IF answer->>'session' = 'queued' THEN
				answer := answer || jsonb_build_object('place', 1 + (SELECT count(*) FROM orders q
					WHERE q.queued_at IS NOT NULL AND q.payment_status = 'pending'
						AND (q.queued_at, q.id) < ((h->>'now')::timestamptz, (answer->>'orderId')::uuid)));
			END IF;
			answers := answers || jsonb_build_array(answer);
		EXCEPTION
			WHEN SQLSTATE 'PDK02' THEN
				GET STACKED DIAGNOSTICS err_message = MESSAGE_TEXT;
				answers := answers || jsonb_build_array(jsonb_build_object('kind', 'refused', 'refused', err_message::jsonb));
			WHEN OTHERS THEN
				GET STACKED DIAGNOSTICS err_code = RETURNED_SQLSTATE, err_message = MESSAGE_TEXT;
				answers := answers || jsonb_build_array(jsonb_build_object('kind', 'error', 'code', err_code,
					'message', err_message));
		END;
	END LOOP;
	RETURN answers;
END $$;
