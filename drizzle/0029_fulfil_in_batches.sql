-- ADR 040: the fulfilments a process receives together are settled in one transaction (a group commit). Each order
-- is settled by paddock_fulfil (drizzle/0024) inside its own exception block, a subtransaction: an order that raises
-- (a deadlock with another process's batch, a fault) is rolled back alone and answered as an error for its caller to
-- retry, and the others go on. Orders are taken by id, so batches lock them in one order. p_items: an array of
-- {key, orderId, sessionId, paid, sessionStatus, failed, amount, currency, paymentIntent, now}; the answer: an array of
-- {key, outcome}, the outcome as paddock_fulfil answers it or {kind: 'error', sqlstate, message}.
CREATE OR REPLACE FUNCTION paddock_fulfil_batch(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
	item jsonb;
	outcome jsonb;
	outcomes jsonb := '[]'::jsonb;
BEGIN
	FOR item IN SELECT value FROM jsonb_array_elements(p_items) ORDER BY value->>'orderId', (value->>'key')::integer
	LOOP
		BEGIN
			outcome := paddock_fulfil((item->>'orderId')::uuid, item->>'sessionId', (item->>'paid')::boolean,
				item->>'sessionStatus', (item->>'failed')::boolean, (item->>'amount')::integer, item->>'currency',
				item->>'paymentIntent', (item->>'now')::timestamptz);
		EXCEPTION WHEN OTHERS THEN
			outcome := jsonb_build_object('kind', 'error', 'sqlstate', SQLSTATE, 'message', SQLERRM);
		END;
		outcomes := outcomes || jsonb_build_array(jsonb_build_object('key', item->'key', 'outcome', outcome));
	END LOOP;
	RETURN outcomes;
END $$;
