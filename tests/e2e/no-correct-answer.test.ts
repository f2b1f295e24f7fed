import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPETITION_SUMMARY_KEYS, PUBLIC_COMPETITION_KEYS } from "~/schemas/competition-query";
import { app } from "./support/app";
import { insertCompetition, publicRows, removeCompetition } from "./support/competitions";

/**
 * The correct answer is one of the options, so "the answer's text never appears" cannot be the test on
 * a competition's own page. Instead: no field anywhere is named like it, every competition object a
 * loader sends has exactly public keys, and a competition with a one-off answer is used to check that
 * its answer appears nowhere but in its own list of options (and a draft's secrets nowhere at all).
 */
const tag = randomBytes(4).toString("hex");
const ANSWER = `Sentinel answer ${tag}`;
const DRAFT_TITLE = `Sentinel draft ${tag}`;
const DRAFT_ANSWER = `Draft secret ${tag}`;
const FIELD_NAME = /correct_?answer/i;
const PUBLIC_KEYS = new Set<string>(PUBLIC_COMPETITION_KEYS);

let sentinelId: number;
// Loaded after the server starts: importing React before NODE_ENV=production is set would load a second,
// development copy beside the one the server renders with.
let decodeViaTurboStream: typeof import("react-router").UNSAFE_decodeViaTurboStream;
let draftId: number;

const STATIC_PATHS = [
  "/",
  "/about",
  "/how-it-works",
  "/winners",
  "/terms",
  "/privacy",
  "/refunds",
  "/faq",
  "/contact",
  "/newsletter",
  "/competitions",
  "/competitions?filter=featured",
  "/competitions?filter=ending-soon&sort=price-desc",
  "/competitions?page=2",
  "/competitions?page=2&more=1",
  "/signin",
  "/join",
  "/auth",
  "/forgot-password",
  "/basket",
  "/account",
  "/winners",
  "/sitemap.xml",
  "/robots.txt",
  "/no-such-page",
];

async function publicPaths() {
  const ids = (await publicRows()).map((r) => r.id);
  return [
    ...STATIC_PATHS,
    ...ids.map((id) => `/competition/${id}`),
    `/competitions/${sentinelId}`,
    `/competition/${draftId}`,
    `/checkout/${sentinelId}?quantity=2&answer=x`,
  ];
}

/** Where React Router's client asks for a page's loader data. */
function dataPath(path: string) {
  const url = new URL(path, "http://x");
  return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
}

type Finding = string;

/** Walks decoded loader data (awaiting anything deferred) and reports what must not be there. */
async function inspect(
  value: unknown,
  where: string,
  findings: Finding[],
  parentKey = "",
  seen = new Set<unknown>(),
): Promise<void> {
  if (value && typeof (value as PromiseLike<unknown>).then === "function") {
    return inspect(await (value as PromiseLike<unknown>), where, findings, parentKey, seen);
  }
  if (typeof value === "string") {
    if (value.includes(ANSWER) && parentKey !== "skillOptions")
      findings.push(`${where}: sentinel answer under "${parentKey}"`);
    if (value.includes(DRAFT_ANSWER) || value.includes(DRAFT_TITLE))
      findings.push(`${where}: draft secret under "${parentKey}"`);
    return;
  }
  if (!value || typeof value !== "object" || value instanceof Date || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) await inspect(item, where, findings, parentKey, seen);
    return;
  }
  const keys = Object.keys(value);
  for (const key of keys) if (FIELD_NAME.test(key)) findings.push(`${where}: field "${key}"`);
  if (keys.includes("skillOptions") || (keys.includes("entryPricePence") && keys.includes("ticketsSold"))) {
    const extra = keys.filter((k) => !PUBLIC_KEYS.has(k));
    if (extra.length > 0) findings.push(`${where}: competition with non-public keys ${extra.join(", ")}`);
  }
  for (const key of keys) await inspect((value as Record<string, unknown>)[key], where, findings, key, seen);
}

beforeAll(async () => {
  await app();
  ({ UNSAFE_decodeViaTurboStream: decodeViaTurboStream } = await import("react-router"));
  const sentinel = await insertCompetition({
    title: `Sentinel numnah ${tag}`,
    skillOptions: ["Walk", ANSWER, "Trot", "Canter"],
    correctAnswer: ANSWER,
  });
  sentinelId = sentinel.id;
  const draft = await insertCompetition({
    title: DRAFT_TITLE,
    status: "draft",
    skillOptions: ["A", "B", "C", DRAFT_ANSWER],
    correctAnswer: DRAFT_ANSWER,
  });
  draftId = draft.id;
});

afterAll(async () => {
  await removeCompetition(sentinelId);
  await removeCompetition(draftId);
});

describe("the correct answer never reaches the browser", () => {
  it("is in no public page's HTML, and a draft's content is in none", async () => {
    const { baseUrl } = await app();
    const findings: Finding[] = [];
    for (const path of await publicPaths()) {
      const res = await fetch(`${baseUrl}${path}`);
      const html = await res.text();
      if (FIELD_NAME.test(html)) findings.push(`${path}: ${html.match(FIELD_NAME)?.[0]}`);
      if (html.includes(DRAFT_TITLE) || html.includes(DRAFT_ANSWER)) findings.push(`${path}: draft content`);
      const ownPage =
        path === `/competition/${sentinelId}` ||
        path === `/competitions/${sentinelId}` ||
        path.startsWith(`/checkout/${sentinelId}`);
      if (!ownPage && html.includes(ANSWER)) findings.push(`${path}: sentinel answer`);
    }
    expect(findings).toEqual([]);
  });

  it("is in no loader data request, and every competition sent has only public fields", async () => {
    const { baseUrl } = await app();
    const findings: Finding[] = [];
    let checkedDetail = false;
    const requests = [
      ...(await publicPaths()).map(dataPath),
      `/competitions.data?page=2&more=1&_routes=routes%2Fcompetitions`,
      `/competition/${sentinelId}.data?_routes=routes%2Fcompetition`,
    ];
    for (const path of requests) {
      if (path.startsWith("/sitemap.xml") || path.startsWith("/robots.txt")) continue;
      const res = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      const raw = await res.clone().text();
      if (FIELD_NAME.test(raw)) findings.push(`${path}: raw ${raw.match(FIELD_NAME)?.[0]}`);
      if (!res.body || !res.headers.get("content-type")?.includes("text/x-script")) continue;
      const decoded = await decodeViaTurboStream(res.body, globalThis);
      await decoded.done;
      await inspect(decoded.value, path, findings);
      const detail = (decoded.value as Record<string, { data?: { competition?: object } }>)[
        "routes/catalogue/competition"
      ]?.data?.competition;
      if (detail) {
        expect(Object.keys(detail).sort(), path).toEqual([...PUBLIC_COMPETITION_KEYS].sort());
        checkedDetail = true;
      }
      const list = (decoded.value as Record<string, { data?: { competitions?: object[] } }>)[
        "routes/catalogue/competitions"
      ]?.data?.competitions;
      for (const card of list ?? [])
        expect(Object.keys(card).sort(), path).toEqual([...COMPETITION_SUMMARY_KEYS].sort());
    }
    expect(checkedDetail).toBe(true);
    expect(findings).toEqual([]);
  });

  it("is not in the realtime stream, which sends only the public numbers and nothing about drafts", async () => {
    const { baseUrl } = await app();
    const ids = [...(await publicRows()).map((r) => r.id), draftId];
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/competitions/events?ids=${ids.join(",")}`, { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const expected = ids.length - 1;
    const deadline = Date.now() + 5000;
    while ((text.match(/^event: competition$/gm) ?? []).length < expected && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    controller.abort();
    const events = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(events).toHaveLength(expected);
    for (const event of events)
      expect(Object.keys(event).sort()).toEqual(["id", "status", "ticketsSold", "totalTickets"]);
    expect(events.map((e) => e.id)).not.toContain(draftId);
    expect(text).not.toMatch(FIELD_NAME);
    expect(text).not.toContain(ANSWER);
  });

  it("is not in any script the public pages load", async () => {
    const { baseUrl } = await app();
    const scripts = new Set<string>();
    for (const path of await publicPaths()) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      for (const match of html.matchAll(/\/assets\/[\w.-]+\.js/g)) scripts.add(match[0]);
    }
    expect(scripts.size).toBeGreaterThan(0);
    const findings: string[] = [];
    for (const script of scripts) {
      const source = await (await fetch(`${baseUrl}${script}`)).text();
      // The seed's answers live in app/db/seed-data.ts next to content the pages use; none may be bundled.
      if (FIELD_NAME.test(source)) findings.push(`${script}: ${source.match(FIELD_NAME)?.[0]}`);
    }
    expect(findings).toEqual([]);
  });
});
