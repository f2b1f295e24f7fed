// Counts the SQL statements and commits a benchmark's database runs, as PostgreSQL itself logs and counts them:
// `log_statement = all` on the benchmark's database (set before the app connects, so every connection inherits
// it) and the server's log file read from the offset at the start of the timed part; commits from
// pg_stat_database. The log is PostgreSQL's own (Debian's /var/log/postgresql/postgresql-<major>-main.log, or
// BENCH_PG_LOG); where it cannot be read, statements are reported as unknown rather than guessed.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import pg from "pg";
import { withClient } from "./support";

export type StatementWindow = {
  /** Statements logged for the database since the window opened, and those the payment stand-in made. */
  statements: number | null;
  standinStatements: number | null;
  /** Commits as pg_stat_database counts them, and those of them the stand-in made (from the log; null without it). */
  commits: number;
  standinCommits: number | null;
  /**
   * Paddock's commits from the log (each statement outside a transaction and each COMMIT), and those of them whose
   * transaction wrote (the others only read); null without the log. pg_stat_database's count can lag behind: a
   * backend reports its counts when it goes idle, at most once a second.
   */
  paddockCommits: number | null;
  writeCommits: number | null;
  /** Each kind of statement (literals and parameters folded) with how often it ran, most frequent first. */
  kinds: { text: string; count: number }[];
};

/** A statement's kind: whitespace collapsed, literals and numbers folded, so the same query counts as one. */
export function statementKind(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/'(?:[^']|'')*'/g, "?")
    .replace(/\b\d+(\.\d+)?\b/g, "?")
    .replace(/\$\?/g, "$n")
    .trim()
    .slice(0, 220);
}

/** One statement PostgreSQL logged: the backend that ran it, its text, and whether it was the stand-in's. */
type Logged = { pid: string; text: string; standin: boolean; commits: boolean; writes: boolean };

/**
 * Whether a statement may write (and so its commit flushes PostgreSQL's log to disk): anything but a plain SELECT
 * that calls none of Paddock's functions and locks no rows. Read-only statements still count as commits in
 * pg_stat_database when they run outside a transaction.
 */
export function mayWrite(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === "begin" || t === "commit" || t === "rollback" || t.startsWith("show ")) return false;
  if (!t.startsWith("select")) return true;
  return /\bpaddock_\w+\s*\(|\bfor update\b|\bnextval\s*\(|\bpg_advisory/.test(t);
}

/**
 * The statements of one database in a stretch of PostgreSQL's log, each with its continuation lines. A statement is
 * the payment stand-in's when it names the stand-in's tables, and so are the BEGIN and COMMIT around such statements
 * (a transaction is followed per backend), since Stripe would make none of them here.
 */
export function loggedStatements(text: string, database: string): Logged[] {
  const line = /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[(\d+)\] /;
  const mine = new RegExp(`@${database} LOG:  (?:statement|execute [^:]*): (.*)$`);
  const found: Logged[] = [];
  const open = new Map<string, Logged[]>();
  let current: { pid: string; lines: string[] } | null = null;
  const finish = () => {
    if (!current) return;
    const text = current.lines.join("\n");
    const word = text.trim().toLowerCase();
    // Outside BEGIN … COMMIT a statement is a transaction (and a commit) of its own.
    const statement: Logged = {
      pid: current.pid,
      text,
      standin: text.includes("stripe_standin"),
      commits: true,
      writes: mayWrite(text),
    };
    current = null;
    const transaction = open.get(statement.pid);
    if (word === "begin") open.set(statement.pid, [{ ...statement, commits: false }]);
    else if (transaction) {
      transaction.push({ ...statement, commits: word === "commit" });
      if (word === "commit" || word === "rollback") {
        open.delete(statement.pid);
        const standin = transaction.some((s) => s.standin);
        const writes = transaction.some((s) => s.writes);
        found.push(...transaction.map((s) => ({ ...s, standin, writes })));
      }
    } else found.push(statement);
  };
  for (const row of text.split("\n")) {
    const prefix = line.exec(row);
    if (prefix) {
      finish();
      const match = mine.exec(row);
      if (match) current = { pid: prefix[1] as string, lines: [match[1] as string] };
    } else if (current) current.lines.push(row);
  }
  finish();
  for (const transaction of open.values()) found.push(...transaction);
  return found;
}

export async function statementLog(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const major = await withClient(databaseUrl, async (c) => {
    await c.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET log_statement = 'all'`);
    return String((await c.query("show server_version_num")).rows[0].server_version_num).slice(0, 2);
  });
  const file = process.env.BENCH_PG_LOG ?? `/var/log/postgresql/postgresql-${major}-main.log`;
  const size = () => {
    try {
      return statSync(file).size;
    } catch {
      return null;
    }
  };
  const commits = () =>
    withClient(databaseUrl, async (c) =>
      Number(
        (await c.query("select xact_commit from pg_stat_database where datname = $1", [name])).rows[0].xact_commit,
      ),
    );

  return {
    /** Opens the timed window; `close()` says what ran in it. */
    async open() {
      const startOffset = size();
      const startCommits = await commits();
      return {
        async close(): Promise<StatementWindow> {
          // pg_stat_database is updated when a backend reports, at most every half second.
          await new Promise((r) => setTimeout(r, 1100));
          const endCommits = await commits();
          const endOffset = size();
          if (startOffset === null || endOffset === null || endOffset < startOffset)
            return {
              statements: null,
              standinStatements: null,
              commits: endCommits - startCommits,
              standinCommits: null,
              paddockCommits: null,
              writeCommits: null,
              kinds: [],
            };
          const found = loggedStatements(readRange(file, startOffset, endOffset), name);
          const kinds = new Map<string, number>();
          for (const statement of found) {
            const kind = (statement.standin ? "[stand-in] " : "") + statementKind(statement.text);
            kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          }
          return {
            statements: found.length,
            standinStatements: found.filter((s) => s.standin).length,
            commits: endCommits - startCommits,
            standinCommits: found.filter((s) => s.standin && s.commits).length,
            paddockCommits: found.filter((s) => !s.standin && s.commits).length,
            writeCommits: found.filter((s) => !s.standin && s.commits && s.writes).length,
            kinds: [...kinds].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count),
          };
        },
      };
    },
  };
}

function readRange(file: string, start: number, end: number): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(end - start);
    readSync(fd, buffer, 0, buffer.length, start);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}
