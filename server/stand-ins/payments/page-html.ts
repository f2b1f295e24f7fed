// The hosted payment page's HTML: Paddock's look, marked TEST MODE on every page.
import logoHref from "~/assets/favicon.svg?url";
import type { StandinSessionRow } from "~/db/schema";
import { formatPence } from "~/domain/money";
import { THEME_STORAGE_KEY } from "~/lib/theme";
import type { CardField, CardForm } from "./test-cards";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

// Paddock's look (app/app.css's tokens and type), light or dark as the visitor's system asks, or as the site's own
// theme choice says when this page can read it (same origin: the site's boot script, run with the CSP nonce).
const LIGHT = {
  bg: "#faf8f5",
  card: "#ffffff",
  fg: "#1c1917",
  muted: "#57534e",
  line: "#d6cfc5",
  input: "#78716c",
  primary: "#7c2d12",
  "primary-fg": "#ffffff",
  ring: "#b45309",
  error: "#b91c1c",
  banner: "#fef3c7",
  "banner-fg": "#78350f",
};
const DARK: typeof LIGHT = {
  bg: "#0f0d0b",
  card: "#1c1915",
  fg: "#f5f1ea",
  muted: "#c4bcb0",
  line: "#3f3830",
  input: "#a8a29e",
  primary: "#f59e0b",
  "primary-fg": "#1c1410",
  ring: "#fbbf24",
  error: "#f87171",
  banner: "#fde68a",
  "banner-fg": "#1c1410",
};
const tokens = (values: typeof LIGHT) =>
  Object.entries(values)
    .map(([name, value]) => `--${name}:${value}`)
    .join(";");

const STYLE = `
:root{color-scheme:light;${tokens(LIGHT)}}
@media (prefers-color-scheme:dark){:root:not(.light){color-scheme:dark;${tokens(DARK)}}}
:root.dark{color-scheme:dark;${tokens(DARK)}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
  background:var(--bg);color:var(--fg)}
.banner{background:var(--banner);color:var(--banner-fg);text-align:center;padding:.5rem 1rem;font-weight:700;
  font-size:.9rem;letter-spacing:.01em}
header{max-width:30rem;margin:1.5rem auto 0;padding:0 1rem;display:flex;align-items:center;gap:.5rem;
  font-size:1.25rem;font-weight:700;letter-spacing:-.01em}
.badge{margin-left:auto;border:1px solid var(--banner-fg);background:var(--banner);color:var(--banner-fg);
  border-radius:999px;padding:.1rem .6rem;font-size:.75rem;font-weight:700}
main{max-width:30rem;margin:1rem auto 2rem;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.5rem;
  box-shadow:0 1px 2px rgb(0 0 0 / .06)}
h1{font-size:1.25rem;margin:0 0 .25rem;letter-spacing:-.01em}.merchant{color:var(--muted);margin:0 0 1rem}
.amount{font-size:2rem;font-weight:700;margin:0 0 1rem;letter-spacing:-.02em}
ul{list-style:none;padding:0;margin:0 0 1.5rem;border-top:1px solid var(--line)}
li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid var(--line);
  font-size:.95rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem;font-size:.95rem}
input{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid var(--input);border-radius:.375rem;
  background:var(--card);color:var(--fg)}
input::placeholder{color:var(--muted)}
input[aria-invalid=true]{border-color:var(--error);border-width:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:700;padding:.75rem;border:0;border-radius:.375rem;
  background:var(--primary);color:var(--primary-fg);cursor:pointer}
button:hover{filter:brightness(1.1)}
.error{color:var(--error);font-weight:600;margin:1rem 0 0}
.hint{color:var(--muted);font-size:.85rem;margin:1rem 0 0}
a{color:var(--fg);text-underline-offset:2px}.cancel{display:inline-block;margin-top:1rem}
`;

function layout(title: string, body: string, nonce: string | undefined) {
  const script = `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>${STORED_THEME_SCRIPT}</script>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${logoHref}" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
${script}
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">TEST MODE: this is Paddock's built-in Stripe stand-in. No real card is charged.</div>
<header><img src="${logoHref}" alt="" width="32" height="32"><span>Paddock</span>
<span class="badge">TEST MODE</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The site's stored choice (light, dark or system) as a class; with none stored, the system's preference. */
const STORED_THEME_SCRIPT =
  `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark")return;` +
  `document.documentElement.classList.add(t);}catch(e){}})();`;

export function notFoundPage(merchantName: string, nonce: string | undefined) {
  return layout(
    `Payment not found · ${merchantName}`,
    `<div class="card"><h1>Payment not found</h1><p>This payment link is not valid.</p></div>`,
    nonce,
  );
}

export function payPage(
  row: StandinSessionRow,
  merchantName: string,
  state: { form?: CardForm; error?: { message: string; field?: CardField } },
  nonce: string | undefined,
) {
  const amount = formatPence(row.amountTotal);
  const items = row.lineItems
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ""}</span>` +
        `<span>${formatPence(line.amount_total)}</span></li>`,
    )
    .join("");
  const cancel =
    `<a class="cancel" href="${escapeHtml(row.cancelUrl)}">` + `Cancel and return to ${escapeHtml(merchantName)}</a>`;
  if (row.status !== "open") {
    const heading = row.status === "expired" ? "This checkout session has expired" : "This payment is complete";
    return layout(
      `${heading} · ${merchantName}`,
      `<div class="card"><h1>${heading}</h1><p class="merchant">${escapeHtml(merchantName)}</p>` +
        `<p>No payment can be made on this page.</p>${cancel}</div>`,
      nonce,
    );
  }
  const form = state.form ?? { cardNumber: "", expiry: "", cvc: "", name: "" };
  const error = state.error;
  const EXPIRY_ATTRS = 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"';
  const field = (name: CardField, label: string, attrs: string) => {
    const invalid = error?.field === name;
    const described = invalid ? ' aria-invalid="true" aria-describedby="pay-error"' : "";
    return (
      `<label for="${name}">${label}</label>` +
      `<input id="${name}" name="${name}" value="${escapeHtml(form[name])}" required ${attrs}${described}>`
    );
  };
  return layout(
    `Pay ${amount} · ${merchantName}`,
    `<div class="card">
<h1>Pay ${escapeHtml(merchantName)}</h1>
<p class="merchant">Secure checkout (test mode)</p>
<p class="amount">${amount}</p>
<ul aria-label="Order summary">${items}</ul>
<form method="post" action="/stripe-standin/pay/${escapeHtml(row.id)}" novalidate>
${field("cardNumber", "Card number", 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>${field("expiry", "Expiry (MM / YY)", EXPIRY_ATTRS)}</div>
<div>${field("cvc", "CVC", 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}</div></div>
${field("name", "Name on card", 'autocomplete="cc-name"')}
${error ? `<p class="error" id="pay-error" role="alert">${escapeHtml(error.message)}</p>` : ""}
<button type="submit">Pay ${amount}</button>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 pays (credit card); 4000 0566 5566 5556 pays (debit card);
4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds. Any future expiry, any CVC.</p>
${cancel}
</div>`,
    nonce,
  );
}
