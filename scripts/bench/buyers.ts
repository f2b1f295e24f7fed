// Buyers who go through the real HTTP path of a running app: sign up and in through the auth API, ask for tickets
// (POST /api/checkout) and pay on the Stripe stand-in's hosted page, whose signed webhook fulfils the order. Used by
// the checkout benchmark and by the tests that run the built app behind a proxy.
import { randomUUID } from "node:crypto";
import type pg from "pg";

/** Global fetch, or one that reaches the app another way (through a proxy with a test certificate). */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export const BUYER_PASSWORD = "bench-password-not-secret-1";
export const SALE_ANSWER = "Canter";

/** An active competition, `ticketsSold` of `totalTickets` gone, ending in a day; its skill answer is SALE_ANSWER. */
export async function insertSaleCompetition(db: pg.Pool, totalTickets: number, ticketsSold: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into competitions (slug, title, description, prize_title, prize_description, prize_value,
       entry_price_pence, total_tickets, tickets_sold, end_date, image_url, skill_question, skill_options,
       correct_answer, status)
     values ($1, 'Flash sale saddle', 'Benchmark', 'Saddle', 'A saddle', '£1,000',
       250, $2, $3, now() + interval '1 day', '/images/competitions/dressage-saddle.svg',
       'Which gait has three beats?', '["Walk","Trot","Canter","Gallop"]', $4, 'active')
     returning id`,
    [`bench-${randomUUID()}`, totalTickets, ticketsSold, SALE_ANSWER],
  );
  return rows[0]!.id;
}

/**
 * Waits until the mail outbox has sent everything (the sign-ups' confirmation e-mails), polling every 200 ms for at
 * most `timeoutMs`; false if mail was still waiting then. A message the mail worker has claimed is still `pending`
 * (its next attempt moved on as a lease) until it is sent: counting only those due now let the sale start while the
 * last claimed batch was being sent.
 */
export async function drainOutbox(db: pg.Pool, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::int as waiting from email_outbox where status = 'pending'`,
    );
    if (rows[0]?.waiting === 0) return true;
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs a new buyer up, verifies and qualifies them in the database, signs them in; returns their cookie. */
export async function signUpBuyer(options: {
  fetch?: Fetch;
  baseUrl: string;
  db: pg.Pool;
  email: string;
  name: string;
}): Promise<string> {
  const { baseUrl, db, email, name } = options;
  const send = options.fetch ?? fetch;
  const up = await send(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password: BUYER_PASSWORD, name }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  await db.query(`update "user" set email_verified = true where email = $1`, [email]);
  await db.query(
    `insert into profiles (user_id, email, date_of_birth, country, eligibility_confirmed_at)
     select id, email, '1990-01-01', 'GB', now() from "user" where email = $1
     on conflict (user_id) do update set date_of_birth = excluded.date_of_birth, country = excluded.country,
       eligibility_confirmed_at = excluded.eligibility_confirmed_at`,
    [email],
  );
  const signIn = await send(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password: BUYER_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * POST /api/checkout: the response, and the payment page's URL when tickets were reserved, or, when the payment
 * queue holds the buyer (ADR 027), the hold page's URL, the order and until when its tickets are held.
 */
export async function startCheckout(options: {
  fetch?: Fetch;
  baseUrl: string;
  cookie: string;
  competitionId: number;
  quantity: number;
  /** Ticket numbers chosen (ADR 031); none: a lucky dip. */
  numbers?: number[];
  /** The site's origin, when `baseUrl` is one process's own address rather than the site's. */
  origin?: string;
}): Promise<{
  res: Response;
  url?: string;
  orderId?: string;
  heldUntil?: string;
  error?: string;
  /** The numbers asked for, and those of them someone else had taken (409). */
  numbers?: number[];
  taken?: number[];
}> {
  const { baseUrl, cookie, competitionId, quantity } = options;
  const res = await (options.fetch ?? fetch)(`${baseUrl}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: options.origin ?? baseUrl, Cookie: cookie },
    body: JSON.stringify({
      competitionId,
      quantity,
      skillAnswer: SALE_ANSWER,
      idempotencyKey: randomUUID(),
      ...(options.numbers ? { numbers: options.numbers } : {}),
    }),
  });
  const body = (await res.json()) as {
    url?: string;
    orderId?: string;
    heldUntil?: string;
    error?: string;
    taken?: number[];
  };
  const { url, orderId, heldUntil, error, taken } = body;
  return { res, url, orderId, heldUntil, error, taken, numbers: options.numbers };
}

/** Pays on the stand-in's hosted page with the test card; 303 means paid (the webhook has been delivered). */
export async function payWithTestCard(url: string, send: Fetch = fetch): Promise<Response> {
  const paid = await send(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123", name: "Test Buyer" }),
    redirect: "manual",
  });
  await paid.arrayBuffer();
  return paid;
}
