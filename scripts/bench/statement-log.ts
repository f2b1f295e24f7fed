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
  commits: number;
};

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
            return { statements: null, standinStatements: null, commits: endCommits - startCommits };
          const text = readRange(file, startOffset, endOffset);
          const mine = new RegExp(`@${name} LOG:  (statement|execute [^:]*):`);
          let statements = 0;
          let standinStatements = 0;
          for (const line of text.split("\n")) {
            if (!mine.test(line)) continue;
            statements++;
            if (line.includes("stripe_standin")) standinStatements++;
          }
          return { statements, standinStatements, commits: endCommits - startCommits };
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
