-- ADR 046 (refines ADR 039 §1): paddock_hold_batch as in drizzle/0028, but the places of a group's queued orders are
-- read in one statement after the group's holds, not one count of the whole queue per queued hold. In a flash sale
-- every buyer after the first few is queued, and those counts were the largest single statement of the hold's time in
-- PostgreSQL, growing with the queue. A place is now the order's rank among all queued orders once the group is in (a
-- later hold of the group that sorts before it is counted, as the next status read would count it).
CREATE OR REPLACE FUNCTION paddock_hold_batch(p_holds jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	h jsonb;
	answer jsonb;
	answers jsonb := '[]'::jsonb;
	err_code text;
	err_message text;
	queued uuid[] := '{}';
	places jsonb;
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
			IF answer->>'session' = 'queued' THEN
				queued := queued || (answer->>'orderId')::uuid;
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
	-- The queued orders' places (1: next), as the hold page shows them, read once for the whole group: each order's
	-- rank among the queued ones, oldest first, the group's own included.
	IF cardinality(queued) > 0 THEN
		SELECT jsonb_object_agg(r.id::text, r.place) INTO places FROM (
			SELECT q.id, row_number() OVER (ORDER BY q.queued_at, q.id) AS place FROM orders q
			WHERE q.queued_at IS NOT NULL AND q.payment_status = 'pending'
		) r WHERE r.id = ANY (queued);
		SELECT jsonb_agg(CASE WHEN a->>'session' = 'queued' THEN a || jsonb_build_object('place', places->(a->>'orderId'))
				ELSE a END ORDER BY x.i)
			INTO answers FROM jsonb_array_elements(answers) WITH ORDINALITY AS x(a, i);
	END IF;
	RETURN answers;
END $$;
