-- ADR 040: the fulfilments and the credit card checks a process receives together are settled in one statement (a
-- group commit). paddock_each calls a function for each item, each call inside its own exception block, a
-- subtransaction: an item that raises (a deadlock with another process's batch, a fault) is rolled back alone and
-- answered as {kind: 'error', sqlstate, message} for its caller to retry, and the others go on. Items are taken by
-- order id, so batches lock orders in one order. The answer: an array of {key, outcome}.
CREATE OR REPLACE FUNCTION paddock_each(p_fn regproc, p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	item jsonb;
	outcome jsonb;
	outcomes jsonb := '[]'::jsonb;
	call text := format('SELECT %s($1)', p_fn);
BEGIN
	FOR item IN SELECT value FROM jsonb_array_elements(p_items) ORDER BY value->>'orderId', (value->>'key')::integer
	LOOP
		BEGIN
			EXECUTE call INTO outcome USING item;
		EXCEPTION WHEN OTHERS THEN
			outcome := jsonb_build_object('kind', 'error', 'sqlstate', SQLSTATE, 'message', SQLERRM);
		END;
		outcomes := outcomes || jsonb_build_array(jsonb_build_object('key', item->'key', 'outcome', outcome));
	END LOOP;
	RETURN outcomes;
END $$;
--> statement-breakpoint

-- paddock_fulfil (drizzle/0024) for one item: {orderId, sessionId, paid, sessionStatus, failed, amount, currency,
-- paymentIntent, now}.
CREATE OR REPLACE FUNCTION paddock_fulfil_item(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
	SELECT paddock_fulfil((p->>'orderId')::uuid, p->>'sessionId', (p->>'paid')::boolean, p->>'sessionStatus',
		(p->>'failed')::boolean, (p->>'amount')::integer, p->>'currency', p->>'paymentIntent', (p->>'now')::timestamptz)
$$;
--> statement-breakpoint

-- The first decision of ADR 018's credit card check (paddock_authorise, drizzle/0027, with p_refuse false: a payment
-- over the cap writes nothing; a refusal is written alone with its e-mail) for one item: {orderId, sessionId, funding,
-- credit, amount, cap, monthStart, notCredit, now}.
CREATE OR REPLACE FUNCTION paddock_authorise_item(p jsonb) RETURNS jsonb LANGUAGE sql AS $$
	SELECT paddock_authorise((p->>'orderId')::uuid, p->>'sessionId', p->>'funding', (p->>'credit')::boolean,
		(p->>'amount')::integer, (p->>'cap')::integer, (p->>'monthStart')::timestamptz,
		ARRAY(SELECT jsonb_array_elements_text(p->'notCredit')), (p->>'now')::timestamptz, false)
$$;
