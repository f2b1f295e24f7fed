// All money is integer pence; pounds exist only at the edges (display and form input).

const poundsGrouping = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0, useGrouping: true });

/** "£5.00", "£0.49", "£1,234.50", "-£2.50". Throws RangeError for non-integer pence. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) {
    throw new RangeError(`Amount must be a whole number of pence, got ${pence}`);
  }
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = Math.trunc(abs / 100);
  const rest = abs % 100;
  return `${sign}£${poundsGrouping.format(pounds)}.${String(rest).padStart(2, "0")}`;
}

// Whole pounds optionally grouped in threes ("1,234"), then up to two decimals; no sign, no exponent.
const POUNDS_PATTERN = /^(?<whole>\d+|\d{1,3}(?:,\d{3})+)?(?:\.(?<fraction>\d{1,2}))?$/;

/**
 * Parses a pounds string ("4.99", "£1,234.5", "10") into pence using string arithmetic,
 * so "0.29" is 29 and never 28.999…. Returns null for anything else: negatives,
 * more than two decimals, empty input, stray characters, or amounts beyond safe integers.
 */
export function poundsToPence(input: string): number | null {
  const text = input.trim().replace(/^£\s*/, "");
  const match = POUNDS_PATTERN.exec(text);
  const whole = match?.groups?.whole;
  const fraction = match?.groups?.fraction;
  if (!match || (whole === undefined && fraction === undefined)) return null;

  const wholePence = Number((whole ?? "0").replaceAll(",", "")) * 100;
  const fractionPence = Number((fraction ?? "").padEnd(2, "0"));
  const pence = wholePence + fractionPence;
  return Number.isSafeInteger(wholePence) && Number.isSafeInteger(pence) ? pence : null;
}
