import { INSTANT_WIN_KINDS, type InstantWinKind } from "../../db/constants";
import { sha256Hex, utf8 } from "./bytes";
import { instantWinsTextPath } from "./instant-wins-path";

// Instant wins, committed at go-live and revealed at the close (docs/instant-wins-v1.md). Pure: the staff list's
// rules, the canonical text and its SHA-256, and the check anyone can run once the list and salt are published. Used
// by the server, the draw page's Verify and the command-line verifier alike.

export { INSTANT_WIN_KINDS, type InstantWinKind, instantWinsTextPath };

export const INSTANT_WIN_KIND_LABELS: Record<InstantWinKind, string> = {
  "site-credit": "Site credit",
  cash: "Cash",
  physical: "Prize",
};

/** At most this many instant wins on one competition. */
export const MAX_INSTANT_WINS = 500;
/** A prize's description, one line, at most this many characters. */
export const MAX_INSTANT_WIN_PRIZE_LENGTH = 120;

export const INSTANT_WINS_FORMAT = "paddock-instant-wins v1";

export type InstantWin = {
  ticketNumber: number;
  kind: InstantWinKind;
  /** Site credit and cash: the amount (> 0). A physical prize: its stated value, or 0 when none is stated. */
  amountPence: number;
  /** What the winner gets, one line of text. */
  prize: string;
};

export const isInstantWinKind = (kind: string): kind is InstantWinKind =>
  (INSTANT_WIN_KINDS as readonly string[]).includes(kind);

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators never appear in a prize.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The description as stored and hashed: NFC, spaces collapsed, trimmed. */
export const normalisePrize = (prize: string) => prize.normalize("NFC").replace(/ +/g, " ").trim();

/** What is wrong with one instant win, or null. */
export function instantWinProblem(win: InstantWin, totalTickets: number): string | null {
  if (!Number.isSafeInteger(win.ticketNumber) || win.ticketNumber < 1 || win.ticketNumber > totalTickets)
    return `Ticket number ${win.ticketNumber} is outside 1 to ${totalTickets}.`;
  if (!isInstantWinKind(win.kind))
    return `Ticket ${win.ticketNumber}: the prize kind must be site credit, cash or a prize.`;
  if (!Number.isSafeInteger(win.amountPence) || win.amountPence < 0)
    return `Ticket ${win.ticketNumber}: the amount must be a whole number of pence, 0 or more.`;
  if (win.kind !== "physical" && win.amountPence === 0)
    return `Ticket ${win.ticketNumber}: site credit and cash prizes need an amount above £0.`;
  const prize = normalisePrize(win.prize);
  if (prize.length === 0) return `Ticket ${win.ticketNumber}: describe the prize.`;
  if (prize.length > MAX_INSTANT_WIN_PRIZE_LENGTH)
    return `Ticket ${win.ticketNumber}: the prize description is over ${MAX_INSTANT_WIN_PRIZE_LENGTH} characters.`;
  if (CONTROL.test(prize)) return `Ticket ${win.ticketNumber}: the prize description must be one line of text.`;
  return null;
}

/** Every problem with a whole list (at most MAX_INSTANT_WINS, each number once), in list order; empty when valid. */
export function instantWinsProblems(wins: readonly InstantWin[], totalTickets: number): string[] {
  const problems: string[] = [];
  if (wins.length > MAX_INSTANT_WINS)
    problems.push(`At most ${MAX_INSTANT_WINS} instant wins per competition (this list has ${wins.length}).`);
  if (wins.length > totalTickets)
    problems.push(`There are more instant wins (${wins.length}) than tickets (${totalTickets}).`);
  const seen = new Set<number>();
  for (const win of wins) {
    const problem = instantWinProblem(win, totalTickets);
    if (problem) problems.push(problem);
    if (seen.has(win.ticketNumber)) problems.push(`Ticket number ${win.ticketNumber} is listed more than once.`);
    seen.add(win.ticketNumber);
  }
  return problems;
}

/**
 * The staff form's text: one instant win a line, `ticket number, kind, amount, prize`, where kind is site-credit,
 * cash or physical and the amount is in pounds (`25` or `25.50`; `0` for a physical prize with no stated value).
 * Blank lines are skipped. Returns the wins, or the problems naming their lines.
 */
export function parseInstantWinsInput(text: string): { wins: InstantWin[] } | { problems: string[] } {
  const wins: InstantWin[] = [];
  const problems: string[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const [number, kind, amount, ...rest] = line.split(",");
    const [n, k, a] = [number, kind, amount].map((p) => p?.trim());
    const where = `Line ${i + 1}`;
    if (!n || !/^\d+$/.test(n)) {
      problems.push(`${where}: the ticket number must be a whole number.`);
      continue;
    }
    if (!k || !isInstantWinKind(k)) {
      problems.push(`${where}: the kind must be site-credit, cash or physical.`);
      continue;
    }
    if (!a || !/^\d+(\.\d{1,2})?$/.test(a)) {
      problems.push(`${where}: the amount must be in pounds, like 25 or 25.50.`);
      continue;
    }
    const [pounds = "0", pence = ""] = a.split(".");
    wins.push({
      ticketNumber: Number(n),
      kind: k,
      amountPence: Number(pounds) * 100 + Number(pence.padEnd(2, "0")),
      prize: normalisePrize(rest.join(",")),
    });
  }
  return problems.length > 0 ? { problems } : { wins };
}

/** The list back as the staff form's text (the inverse of parseInstantWinsInput). */
export function formatInstantWinsInput(wins: readonly InstantWin[]): string {
  const pounds = (p: number) => (p % 100 === 0 ? String(p / 100) : (p / 100).toFixed(2));
  return sortByNumber(wins)
    .map((w) => `${w.ticketNumber}, ${w.kind}, ${pounds(w.amountPence)}, ${w.prize}`)
    .join("\n");
}

const sortByNumber = (wins: readonly InstantWin[]) => [...wins].sort((a, b) => a.ticketNumber - b.ticketNumber);

/**
 * The canonical list (instant-wins-v1.md, "Canonical form"): UTF-8, LF after every line,
 *   paddock-instant-wins v1
 *   competition <id>
 *   salt <64 lower-case hex: 32 random bytes>
 *   entries <N>
 *   <ticket number>,<kind>,<amount pence>,<prize>     one line each, ticket number ascending
 */
export function canonicalInstantWins(competitionId: number, saltHex: string, wins: readonly InstantWin[]): string {
  if (!/^[0-9a-f]{64}$/.test(saltHex)) throw new Error("the salt must be 32 bytes as lower-case hex");
  const lines = [INSTANT_WINS_FORMAT, `competition ${competitionId}`, `salt ${saltHex}`, `entries ${wins.length}`];
  for (const w of sortByNumber(wins))
    lines.push(`${w.ticketNumber},${w.kind},${w.amountPence},${normalisePrize(w.prize)}`);
  return `${lines.join("\n")}\n`;
}

/** C = SHA-256 of the canonical text's bytes, lower-case hex: what is published at go-live. */
export const instantWinsCommitment = (canonicalText: string) => sha256Hex(utf8(canonicalText));

export class InstantWinsError extends Error {}

export type RevealedInstantWins = { competitionId: number; salt: string; wins: InstantWin[] };

const DECIMAL = /^(0|[1-9]\d*)$/;

/** Reads a revealed list, refusing anything that is not exactly the canonical form. */
export function parseInstantWins(text: string): RevealedInstantWins {
  if (!text.endsWith("\n")) throw new InstantWinsError("the list does not end with a line feed");
  const lines = text.slice(0, -1).split("\n");
  const [format, competition, salt, entries, ...rows] = lines;
  if (format !== INSTANT_WINS_FORMAT) throw new InstantWinsError(`the first line is not "${INSTANT_WINS_FORMAT}"`);
  const id = /^competition (0|[1-9]\d*)$/.exec(competition ?? "")?.[1];
  const saltHex = /^salt ([0-9a-f]{64})$/.exec(salt ?? "")?.[1];
  const count = /^entries (0|[1-9]\d*)$/.exec(entries ?? "")?.[1];
  if (!id || !saltHex || count === undefined) throw new InstantWinsError("the header lines are not in the format");
  if (Number(count) !== rows.length) throw new InstantWinsError(`it says ${count} entries and lists ${rows.length}`);
  const wins = rows.map((row, i): InstantWin => {
    const [number, kind, amount, ...rest] = row.split(",");
    const prize = rest.join(",");
    if (
      !DECIMAL.test(number ?? "") ||
      !isInstantWinKind(kind ?? "") ||
      !DECIMAL.test(amount ?? "") ||
      prize !== normalisePrize(prize) ||
      prize === ""
    )
      throw new InstantWinsError(`entry ${i + 1} is not in the format`);
    return { ticketNumber: Number(number), kind: kind as InstantWinKind, amountPence: Number(amount), prize };
  });
  for (let i = 1; i < wins.length; i++)
    if ((wins[i]?.ticketNumber ?? 0) <= (wins[i - 1]?.ticketNumber ?? 0))
      throw new InstantWinsError(`entry ${i + 1} is not in ascending ticket order`);
  return { competitionId: Number(id), salt: saltHex, wins };
}

/** What a draw record publishes about a competition's instant wins. */
export type PublishedInstantWins = {
  /** The commitment C published at go-live. */
  commitment: string;
  committedAt: string;
  /** Where the revealed list is served (from the close or cancellation), or null while it is still secret. */
  url: string | null;
  /** The prizes won so far, as the competition page shows them. */
  won: { ticketNumber: number; kind: string; amountPence: number; prize: string }[];
};

export type InstantWinsCheck = { status: "pass" | "fail" | "pending"; detail: string };

/**
 * The check (instant-wins-v1.md, "Checking it"): the revealed text is canonical, is for this competition, hashes to
 * the commitment published at go-live, and every prize shown as won is in it with the same kind, amount and prize.
 */
export function checkInstantWins(
  competitionId: number,
  published: PublishedInstantWins,
  revealedText: string | null,
): InstantWinsCheck {
  if (revealedText === null || published.url === null)
    return { status: "pending", detail: `committed to ${published.commitment}; the list is revealed at the close` };
  let revealed: RevealedInstantWins;
  try {
    revealed = parseInstantWins(revealedText);
  } catch (error) {
    return { status: "fail", detail: error instanceof InstantWinsError ? error.message : "could not be read" };
  }
  if (revealed.competitionId !== competitionId)
    return { status: "fail", detail: `the list is for competition ${revealed.competitionId}` };
  const hash = instantWinsCommitment(revealedText);
  if (hash !== published.commitment)
    return { status: "fail", detail: `the list hashes to ${hash}, not the commitment ${published.commitment}` };
  const byNumber = new Map(revealed.wins.map((w) => [w.ticketNumber, w]));
  for (const won of published.won) {
    const listed = byNumber.get(won.ticketNumber);
    if (!listed || listed.kind !== won.kind || listed.amountPence !== won.amountPence || listed.prize !== won.prize)
      return { status: "fail", detail: `ticket ${won.ticketNumber} is shown as won but is not that prize in the list` };
  }
  return {
    status: "pass",
    detail: `${revealed.wins.length} instant wins hash to the commitment; ${published.won.length} won, each listed`,
  };
}

/**
 * The UK code: instant-win competitions must not be the majority of those live. Would making one more competition
 * live (itself with or without instant wins) leave more than half of the live ones with instant wins?
 */
export function breaksInstantWinMajority(live: { total: number; instant: number }, addingInstant: boolean): boolean {
  const total = live.total + 1;
  const instant = live.instant + (addingInstant ? 1 : 0);
  return instant * 2 > total;
}

export const INSTANT_WIN_MAJORITY_MESSAGE =
  "Instant-win competitions must not be the majority of live competitions (UK code of practice): publish one " +
  "without instant wins first, or wait for an instant-win competition to close.";
