// `npm run test:mutation:use-cases -- <area> [stryker options]`: mutation testing of one area of the use-cases
// (checkout | fulfilment | protection | reservations | card-authorisation | promo-codes | draw | instant-wins | all)
// against the integration files that exercise it, so a run takes minutes, not the whole suite per mutant. Each area
// names its modules (`--mutate`) and its test files (MUTATION_TESTS, read by vitest.mutation.config.ts). `all` runs
// the areas one after another.
// After each run it prints the machine load at the start, the time taken and the score per module from the JSON
// report, the figures docs/quality.md records. Runs on PostgreSQL when TEST_DATABASE_URL is set, else on the
// embedded database.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";

const T = "tests/integration";

/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
const AREAS = {
  checkout: {
    mutate: ["app/server/checkout/checkout.server.ts"],
    tests: [
      "checkout-edges",
      "checkout",
      "checkout-guards",
      "checkout-race",
      "credit-card-cap",
      "basket",
      "payment-outcomes",
      "no-answer-oracle",
      "recovery",
      "form-bodies",
      "site-credit",
      "payment-queue",
      "promo-codes",
      "chosen-numbers",
    ],
  },
  fulfilment: {
    mutate: ["app/server/checkout/fulfilment.server.ts"],
    tests: [
      "fulfilment",
      "fulfilment-messages",
      "payment-outcomes",
      "reconciler",
      "checkout-race",
      "credit-card-cap",
      "admin-orders",
      "admin-competitions",
      "checkout",
      "fulfil-batch",
    ],
  },
  protection: {
    mutate: ["app/server/protection/player-protection.server.ts"],
    tests: [
      "protection",
      "protection-rules",
      "account",
      "consent-ledger",
      "checkout-guards",
      "credit-card-cap",
      "support-signposting",
      "checkout",
    ],
  },
  reservations: {
    mutate: ["app/server/checkout/reservations.server.ts", "app/server/checkout/ticket-numbers.server.ts"],
    tests: [
      "lucky-dip-register",
      "checkout-edges",
      "hold-answers",
      "checkout",
      "checkout-guards",
      "checkout-race",
      "chosen-numbers",
      "payment-outcomes",
      "reconciler",
      "fulfilment",
      "hold-batch",
      // The postal entry's lucky dip (ticket-numbers.server.ts) and the taken numbers' reads.
      "postal-entries",
      "taken-numbers",
      // The hold's extension when a queued buyer's payment page is made (extendOrderNumbers).
      "payment-queue",
      // The hold alone, in the site credit's transaction (holdOrder).
      "site-credit",
    ],
  },
  "card-authorisation": {
    mutate: ["app/server/checkout/card-authorisation.server.ts"],
    tests: ["credit-card-cap", "instant-wins", "payment-outcomes", "reconciler", "fulfil-batch"],
  },
  "promo-codes": {
    mutate: ["app/server/checkout/promo-codes.server.ts", "app/server/admin/promo-codes.server.ts"],
    tests: ["promo-codes", "promo-codes-race", "order-functions"],
  },
  draw: {
    mutate: ["app/server/draws/select.server.ts", "app/server/draws/manifest.server.ts"],
    tests: [
      "draws",
      "draw-guards",
      "draw-results",
      "participants-export",
      "verify-draw-cli",
      "winners-and-prizes",
      "admin-competitions",
    ],
  },
  "instant-wins": {
    mutate: ["app/server/instant-wins/instant-wins.server.ts", "app/server/instant-wins/wallet.server.ts"],
    tests: ["instant-wins", "instant-win-journeys"],
  },
};

/** The test file paths of an area, checked to exist (a renamed file must fail the run, not shrink it). */
function testFiles(area) {
  const files = AREAS[area].tests.map((name) => `${T}/${name}.test.ts`);
  const missing = [...files, ...AREAS[area].mutate].filter((file) => !existsSync(file));
  if (missing.length > 0)
    throw new Error(`${area}: missing ${missing.join(", ")} (update scripts/mutation-use-cases.mjs)`);
  return files;
}

/** Score per module from a Stryker JSON report (mutation-testing-report-schema): detected / valid mutants. */
function scores(report) {
  const rows = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = (status) => mutants.filter((mutant) => mutant.status === status).length;
    const row = {
      file,
      killed: count("Killed"),
      timeout: count("Timeout"),
      survived: count("Survived"),
      noCoverage: count("NoCoverage"),
    };
    const valid = row.killed + row.timeout + row.survived + row.noCoverage;
    row.score = valid === 0 ? 100 : ((row.killed + row.timeout) / valid) * 100;
    // The issue counts timeouts from load as misses: the score without any timeout is the lower bound.
    row.scoreWithoutTimeouts = valid === 0 ? 100 : (row.killed / valid) * 100;
    rows.push(row);
  }
  return rows;
}

function run(area, extra) {
  const tests = testFiles(area);
  const started = Date.now();
  const load = loadavg().map((n) => n.toFixed(2));
  const json = `reports/mutation/use-cases-${area}.json`;
  console.log(`\n== ${area}: ${AREAS[area].mutate.join(", ")}\n   tests: ${tests.join(", ")}\n   load: ${load}`);
  const result = spawnSync(
    "npx",
    ["stryker", "run", "stryker.use-cases.config.mjs", "--mutate", AREAS[area].mutate.join(","), ...extra],
    { stdio: "inherit", env: { ...process.env, MUTATION_TESTS: tests.join(","), MUTATION_AREA: area } },
  );
  const minutes = (Date.now() - started) / 60_000;
  console.log(
    `\n== ${area}: ${minutes.toFixed(1)} min, load at start ${load}, now ${loadavg().map((n) => n.toFixed(2))}`,
  );
  if (existsSync(json)) {
    console.log("| module | score | without timeouts | killed | timed out | survived | no coverage |");
    for (const row of scores(JSON.parse(readFileSync(json, "utf8")))) {
      const cells = [row.score.toFixed(2), row.scoreWithoutTimeouts.toFixed(2), row.killed, row.timeout];
      console.log(`| ${row.file} | ${cells.join(" | ")} | ${row.survived} | ${row.noCoverage} |`);
    }
  }
  return result.status ?? 1;
}

const [area, ...extra] = process.argv.slice(2);
if (area !== "all" && !(area in AREAS)) {
  console.error(
    `usage: npm run test:mutation:use-cases -- <${[...Object.keys(AREAS), "all"].join(" | ")}> [stryker options]`,
  );
  process.exit(2);
}
let status = 0;
// `all` runs every area even when one fails, and exits with the first failure's status.
for (const name of area === "all" ? Object.keys(AREAS) : [area]) {
  const code = run(name, extra);
  status ||= code;
}
process.exit(status);
