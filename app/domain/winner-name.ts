// How a winner is published (CAP code 8.28: surname and county, unless the winner objects). Pure rules, no I/O.

type WinnerPerson = {
  firstName: string | null;
  lastName: string | null;
  county: string | null;
  /** The winner objected to their name being published. */
  withheld: boolean;
};

const clean = (text: string | null) => text?.trim().replace(/\s+/g, " ") || null;

/** "H. Vane, Herefordshire"; "Winner, Herefordshire" when the winner objected; never more than that. */
export function publishedWinnerName(person: WinnerPerson): string {
  const county = clean(person.county);
  const surname = clean(person.lastName);
  const initial = clean(person.firstName)?.charAt(0).toUpperCase();
  const name = person.withheld || !surname ? "Winner" : initial ? `${initial}. ${surname}` : surname;
  return county ? `${name}, ${county}` : name;
}

/** A name as written on a postal card, split into first name and surname (first and last word). */
export function splitFullName(fullName: string): { firstName: string | null; lastName: string | null } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: null, lastName: words[0] ?? null };
  return { firstName: words[0] ?? null, lastName: words.at(-1) ?? null };
}
