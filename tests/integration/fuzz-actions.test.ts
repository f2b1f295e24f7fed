import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { FORM_BODY_REFUSALS } from "~/server/platform/form-body.server";
import { concreteRoute, fillPath, paramNames } from "../support/param-fixtures";
import { actionRoutes, loaderRoutes } from "../support/route-list";
import { rowCounts } from "../support/row-counts";
import { createTestServices, type TestServices } from "../support/services";
import { type Outcome, run, signedInAs } from "./auth-helpers";

// Every action in app/routes.ts, for an anonymous visitor, a signed-in player and an administrator, fed generated
// input no form of ours sends: never a 5xx, and nothing written. Every loader, fed malformed query strings and ids:
// never a 5xx. Fixed seeds, so a failure is the same on every run; a new route is fuzzed the day it is added.

let services: TestServices;
const cookies: Record<Role, string> = { anonymous: "", player: "", admin: "" };
type Role = "anonymous" | "player" | "admin";
const ROLES: Role[] = ["anonymous", "player", "admin"];

beforeAll(async () => {
  // Two-factor for admins is tested in auth-two-factor.test.ts; here the admin guard only has to let the post in.
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
  cookies.player = (await signedInAs(services, "none")).v.jar.header();
  cookies.admin = (await signedInAs(services, "admin")).v.jar.header();
});
afterAll(async () => {
  await services?.dispose();
});

const SEED = 20_261_123;
const ACTION_RUNS = 60;
const LOADER_RUNS = 20;

// ---- Generated input --------------------------------------------------------------------------------------------

/** Names our forms use, where a malformed value reaches a schema, and names no form has. */
const FIELD_NAMES = [
  "email",
  "name",
  "firstName",
  "lastName",
  "message",
  "subject",
  "password",
  "newPassword",
  "currentPassword",
  "quantity",
  "answer",
  "competitionId",
  "roleId",
  "role",
  "complaintId",
  "pictureId",
  "direction",
  "reason",
  "limit",
  "days",
  "months",
  "dateOfBirth",
  "country",
  "token",
  "scope",
  "code",
  "redirectTo",
  "js",
  "sessionId",
  "skillOptions[0]",
  "skillOptions[3]",
  "ticketPrice",
  "maxTickets",
  "closesAt",
  "title",
  "paidEntryGB",
  "complaintReplyWorkingDays",
  "disputeBodyUrl",
  "List-Unsubscribe",
  "consent",
  "marketing",
  "copiedFrom",
];
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z][\w-]{0,20}$/) },
  // Names conform reads as paths, or that no form could have: refused by the body parser.
  { weight: 1, arbitrary: fc.constantFrom("", "a.b", "x[99999]", "__proto__", "constructor.prototype", "ü", "1x") },
);

/** A long run of one character, past every field's limit. */
const longText = fc
  .tuple(fc.constantFrom("a", "é", "😀", " ", "0", "\u202e"), fc.integer({ min: 300, max: 20_000 }))
  .map(([c, n]) => c.repeat(n));
const numberText = fc.oneof(
  fc.constantFrom("2147483648", "9999999999999", "-1", "0", "-2147483649", "1e308", "NaN", "Infinity", "0x10", "1.5"),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map(String),
);
const unicodeText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom("", " ", "\t\n", "\uFEFF", "\u{1F3C7}\u200D", "<script>", "' OR 1=1 --", "%00", "null"),
);
// No "@": no value is ever an e-mail address, so no generated form is one a visitor could validly send.
const fieldValue = fc.oneof(longText, numberText, unicodeText).map((v) => v.replaceAll("@", ""));
const withNul = fc.tuple(fieldValue, fc.nat(30)).map(([v, at]) => `${v.slice(0, at)}\u0000${v.slice(at)}`);

/** Pairs of name and value; a name may come with several values, an array where a form sends one. */
const fields = fc
  .array(fc.tuple(fieldName, fc.array(fieldValue, { minLength: 1, maxLength: 3 })), { maxLength: 8 })
  .map((entries) => entries.flatMap(([name, values]) => values.map((v): [string, string] => [name, v])));

/** Missing, or one no action knows. */
const intent = fc.option(
  fc.string({ maxLength: 12 }).map((s) => `fuzz-${s}`),
  { nil: undefined },
);

/** For a route with an id: the fixture's, or one no record has or could have; "" for a route without. */
function idsFor(pattern: string, real: { params: Record<string, string> }) {
  if (paramNames(pattern).length === 0) return fc.constant("");
  return fc.oneof(
    fc.constant(Object.values(real.params)[0] ?? ""),
    fc.constantFrom("2147483648", "9999999999999", "-1", "0", "1.5", "abc", "\u0000", "1\u0000", "%00", "😀"),
  );
}

/**
 * Known intents, each with the number or id it cannot do without, and a value for it no record has or could have:
 * beyond the integer column, negative, not a number, or an array where one value is read. Any action may be sent
 * any of them; the others refuse the intent.
 */
const NUMBERED_INTENTS: [string, string][] = [
  ["add", "competitionId"],
  ["quantity", "competitionId"],
  ["answer", "competitionId"],
  ["remove", "competitionId"],
  ["remove-role", "roleId"],
  ["limit", "limit"],
  ["pause", "days"],
  ["exclude", "months"],
  ["move", "pictureId"],
  ["answered", "complaintId"],
  ["resolved", "complaintId"],
];
const badNumber = fc.oneof(
  fc.constantFrom("2147483648", "9999999999999", "-1", "-2147483649", "1e308", "NaN", "Infinity", "", " ", "one"),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: -1n }).map(String),
);
const badNumbers = fc.oneof(
  badNumber.map((v) => [v]),
  fc.constant(["1", "2"]),
);

/** A body to post; `refusable` when the body parser itself must refuse it. */
type Body = { family: string; refusable?: boolean; type?: string; body?: BodyInit };

function encode(pairs: [string, string][], multipart: boolean): Body {
  if (!multipart) {
    const body = new URLSearchParams(pairs).toString();
    return { family: "form", type: "application/x-www-form-urlencoded", body };
  }
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  // The Request sets the multipart type with its boundary.
  return { family: "form", body: form };
}

/** Anything but the two form encodings: refused before it is read. */
const wrongType: fc.Arbitrary<Body> = fc
  .tuple(
    fc.constantFrom(undefined, "application/json", "text/plain", "text/html", "application/octet-stream", "x/y"),
    fc.oneof(
      fields.map((p) => JSON.stringify(Object.fromEntries(p))),
      unicodeText,
    ),
  )
  .map(([type, body]) => ({
    family: `type ${type ?? "none"}`,
    refusable: true,
    type,
    body: new TextEncoder().encode(body),
  }));

/** A multipart body cut off before its closing boundary, or with no boundary at all. */
const brokenMultipart: fc.Arbitrary<Body> = fc
  .tuple(fieldName, unicodeText, fc.boolean())
  .map(([name, value, boundary]) => ({
    family: "broken multipart",
    refusable: true,
    type: boundary ? "multipart/form-data; boundary=fuzz" : "multipart/form-data",
    body: `--fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value.replaceAll("--", "")}`,
  }));

/** A well-formed form with a NUL byte in some field. */
const nulForm: fc.Arbitrary<Body> = fc
  .tuple(fields, fieldName, withNul, fc.boolean())
  .map(([pairs, name, value, multipart]) => ({
    ...encode([...pairs, [name, value]], multipart),
    family: "NUL byte",
    refusable: true,
  }));

/** A well-formed form with no intent, or an unknown one, and malformed values. */
const strayForm: fc.Arbitrary<Body> = fc.tuple(fields, intent, fc.boolean()).map(([pairs, chosen, multipart]) => {
  const rest = pairs.filter(([name]) => name !== "intent");
  const all: [string, string][] = chosen === undefined ? rest : [["intent", chosen], ...rest];
  return { ...encode(all, multipart), family: chosen === undefined ? "missing intent" : "unknown intent" };
});

/** A well-formed form with a known intent whose number or id no record has or could have. */
const badIdForm: fc.Arbitrary<Body> = fc
  .tuple(fields, fc.constantFrom(...NUMBERED_INTENTS), badNumbers, fc.boolean())
  .map(([pairs, [chosen, field], values, multipart]) => {
    const rest = pairs.filter(([name]) => name !== "intent" && name !== field);
    const all: [string, string][] = [["intent", chosen], ...values.map((v): [string, string] => [field, v]), ...rest];
    return { ...encode(all, multipart), family: `${chosen} with ${field}=${values.join(",")}` };
  });

function request(url: string, role: Role, body?: Body) {
  const headers = new Headers({ origin: services.env.BASE_URL, [CLIENT_IP_HEADER]: "203.0.113.99" });
  if (cookies[role]) headers.set("cookie", cookies[role]);
  if (!body) return new Request(`${services.env.BASE_URL}${url}`, { headers });
  if (body.type) headers.set("content-type", body.type);
  return new Request(`${services.env.BASE_URL}${url}`, { method: "POST", headers, body: body.body });
}

// ---- Actions ----------------------------------------------------------------------------------------------------

/**
 * Signing out takes no fields: any well-formed post by a signed-in visitor ends their session, as it should. Such a
 * visitor's posts to it are fuzzed with refused bodies only; an anonymous visitor's with every kind.
 */
const NEEDS_NO_FIELDS = new Set(["/signout"]);

function bodiesFor(path: string, role: Role): fc.Arbitrary<Body> {
  const refusedBodies = [wrongType, brokenMultipart, nulForm];
  if (NEEDS_NO_FIELDS.has(path) && role !== "anonymous") return fc.oneof(...refusedBodies);
  return fc.oneof(...refusedBodies, strayForm, { weight: 3, arbitrary: badIdForm });
}

const PARSER_REFUSALS = new Set<unknown>(Object.values(FORM_BODY_REFUSALS));

/**
 * A 5xx; or a body the parser refuses that was not refused by it, nor by a guard before it (a redirect to sign in
 * or home, a 403 for a missing permission, a 404 for an id no record has).
 */
function problem(body: Body, out: Outcome) {
  if (out.status >= 500) return `${out.status}`;
  if (!body.refusable) return null;
  const guarded = (out.status >= 300 && out.status < 400) || out.status === 403 || out.status === 404;
  const byParser = (out.status === 400 || out.status === 415) && PARSER_REFUSALS.has(out.data);
  return guarded || byParser ? null : `${out.status}: a ${body.family} body was not refused by the body parser`;
}

describe("fuzzing every action with malformed input", () => {
  it("finds the actions in app/routes.ts", () => {
    expect(actionRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/signin", "/signout", "/contact", "/basket", "/checkout/:id", "/admin/roles"]),
    );
    expect(actionRoutes.length).toBeGreaterThanOrEqual(29);
  });

  for (const route of actionRoutes) {
    it(`${route.path}: no 5xx and nothing written, for anyone`, async () => {
      const real = await concreteRoute(services, route.pattern);
      for (const role of ROLES) {
        const before = await rowCounts(services);
        const seen: string[] = [];
        await fc.assert(
          fc.asyncProperty(bodiesFor(route.path, role), idsFor(route.pattern, real), async (body, id) => {
            const { url, params } = id ? fillPath(route.pattern, id) : real;
            const out = await run(services, route.mod.action, request(url, role, body), params);
            const wrong = problem(body, out);
            if (wrong) seen.push(`${role} ${body.family}: ${wrong} ${JSON.stringify(out.data).slice(0, 200)}`);
            return wrong === null;
          }),
          { seed: SEED, numRuns: ACTION_RUNS, endOnFailure: true },
        );
        expect(seen, `${route.path} as ${role}`).toEqual([]);
        expect(await rowCounts(services), `rows written by ${route.path} as ${role}`).toEqual(before);
      }
    });
  }
});

// ---- Loaders ----------------------------------------------------------------------------------------------------

/** Percent-encoded as a browser would (a lone surrogate becomes U+FFFD). */
const escaped = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);
const QUERY_NAMES = [
  ...["q", "page", "sort", "status", "filter", "token", "quantity", "answer", "redirectTo", "id", "email", "tab"],
  ...["competition", "from", "to", "action", "actor", "subject"],
];
/** A query string, its parts sometimes left raw: `%00`, `%` alone, a cut-off UTF-8 sequence. */
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 6 })),
      fc.oneof(
        fieldValue.map((v) => escaped(v.slice(0, 2000))),
        withNul.map((v) => escaped(v.slice(0, 200))),
        fc.constantFrom("%00", "%", "%E0%A4%A", "%FF", "99999999999999999999", "-1", "1e9", "[]", "%2e%2e%2f"),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([n, v]) => `${escaped(n)}=${v}`).join("&"));
describe("fuzzing every loader with malformed queries and ids", () => {
  for (const route of loaderRoutes) {
    it(`${route.path}: no 5xx, for an anonymous visitor or an administrator`, async () => {
      const real = await concreteRoute(services, route.pattern);
      const ids = idsFor(route.pattern, real);
      for (const role of ["anonymous", "admin"] as const) {
        const seen: string[] = [];
        await fc.assert(
          fc.asyncProperty(queryString, ids, async (query, id) => {
            const { url, params } = id ? fillPath(route.pattern, id) : real;
            const out = await run(services, route.mod.loader, request(`${url}?${query}`, role), params);
            if (out.status >= 500) seen.push(`${role} ${url}?${query}: ${out.status}`);
            return out.status < 500;
          }),
          { seed: SEED, numRuns: LOADER_RUNS, endOnFailure: true },
        );
        expect(seen, `${route.path} as ${role}`).toEqual([]);
      }
    });
  }
});
