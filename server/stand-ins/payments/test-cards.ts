// Stripe's documented test cards and what each does on the hosted page (https://docs.stripe.com/testing).

export type CardForm = { cardNumber: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardForm;
type TestCard = { funding: "credit" | "debit" | "prepaid"; brand: string; last4: string };
export type CardOutcome =
  | { ok: true; card: TestCard }
  | { ok: false; status: number; message: string; field?: CardField };

export function readCardForm(body: Record<string, unknown>): CardForm {
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string).slice(0, 100) : "");
  return { cardNumber: text("cardNumber"), expiry: text("expiry"), cvc: text("cvc"), name: text("name") };
}

function luhnValid(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const pays = (number: string, brand: string, funding: TestCard["funding"]): CardOutcome => ({
  ok: true,
  card: { brand, funding, last4: number.slice(-4) },
});

/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and their outcomes; each paying card reports
 * its brand and funding (credit, debit or prepaid) on its PaymentMethod, as Stripe's do.
 */
const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": pays("4242424242424242", "visa", "credit"),
  "4000056655665556": pays("4000056655665556", "visa", "debit"),
  "5555555555554444": pays("5555555555554444", "mastercard", "credit"),
  "2223003122003222": pays("2223003122003222", "mastercard", "credit"),
  "5200828282828210": pays("5200828282828210", "mastercard", "debit"),
  "5105105105105100": pays("5105105105105100", "mastercard", "prepaid"),
  "378282246310005": pays("378282246310005", "amex", "credit"),
  "4000000000000002": { ok: false, status: 402, message: "Your card was declined." },
  "4000000000009995": { ok: false, status: 402, message: "Your card has insufficient funds." },
  "4000000000009987": { ok: false, status: 402, message: "Your card was declined." },
  "4000000000000069": { ok: false, status: 402, message: "Your card has expired.", field: "expiry" },
  "4000000000000127": { ok: false, status: 402, message: "Your card's security code is incorrect.", field: "cvc" },
  "4000000000000119": {
    ok: false,
    status: 402,
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

export function chargeTestCard(form: CardForm, now: Date): CardOutcome {
  const digits = form.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits))
    return { ok: false, status: 400, message: "Your card number is incomplete.", field: "cardNumber" };
  if (!luhnValid(digits))
    return { ok: false, status: 400, message: "Your card number is invalid.", field: "cardNumber" };
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(form.expiry);
  if (!expiry)
    return { ok: false, status: 400, message: "Your card's expiration date is incomplete.", field: "expiry" };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12)
    return { ok: false, status: 400, message: "Your card's expiration date is invalid.", field: "expiry" };
  if (year < now.getUTCFullYear())
    return { ok: false, status: 400, message: "Your card's expiration year is in the past.", field: "expiry" };
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1) {
    return { ok: false, status: 400, message: "Your card's expiration date is in the past.", field: "expiry" };
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim()))
    return { ok: false, status: 400, message: "Your card's security code is incomplete.", field: "cvc" };
  if (form.name.trim() === "")
    return { ok: false, status: 400, message: "Enter the name on your card.", field: "name" };
  return (
    TEST_CARDS[digits] ?? {
      ok: false,
      status: 402,
      message:
        "Your card was declined. This is a test-mode payment page: use a Stripe test card such as 4242 4242 4242 4242.",
      field: "cardNumber",
    }
  );
}
