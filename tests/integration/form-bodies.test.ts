import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, userRoles, user as userTable } from "~/db/schema";
import * as signin from "~/routes/accounts/signin";
import { readForm } from "~/server/platform/form-action.server";
import { FORM_BODY_REFUSALS } from "~/server/platform/form-body.server";
import { actionRoutes } from "../support/route-list";
import { rowCounts as countRows } from "../support/row-counts";
import type { TestServices } from "../support/services";
import { run, visitor } from "./auth-helpers";
import { createCheckoutHarness, type Harness } from "./checkout-harness";

// Every action in app/routes.ts, fed the bodies a form never sends: each is refused with a 4xx before anything is
// written, and none answers 5xx. A new action is checked the day it is added.

let h: Harness;
let services: TestServices;
let competitionId: number;

beforeAll(async () => {
  // Two-factor for admins is tested in auth-two-factor.test.ts; here the admin guard only has to let the post in.
  h = await createCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
  services = h.services;
  competitionId = (await h.createCompetition()).id;
});
afterAll(async () => {
  await h?.close();
});

const rowCounts = () => countRows(services);

/** A signed-in administrator (two-factor not required here), so every guard lets the post through. */
async function signedInAdmin() {
  const email = "form-bodies-admin@example.test";
  const password = "a-form-bodies-password";
  const made = await services.auth.api.signUpEmail({ body: { email, password, name: "Form Bodies" } });
  await services.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, made.user.id));
  await services.db.insert(userRoles).values({ userId: made.user.id, role: "admin" });
  const v = visitor(services);
  expect((await v.post(signin, "/signin", { intent: "signin", email, password })).status).toBe(302);
  return v;
}

type Body = {
  label: string;
  status: number;
  message: string | RegExp;
  type?: string;
  body: BodyInit;
  /** null: no Origin header at all. */
  origin?: string | null;
  headers?: Record<string, string>;
};
const SIGN_OUT_EVERYWHERE = new URLSearchParams({ intent: "signin", scope: "everywhere", email: "x@example.test" });
const BODIES: Body[] = [
  {
    label: "a JSON body",
    status: 415,
    message: FORM_BODY_REFUSALS.unsupported,
    type: "application/json",
    body: JSON.stringify({ intent: "signin", email: "json@example.test", name: "Jay", message: "Hello" }),
  },
  {
    label: "a text/plain body",
    status: 415,
    message: FORM_BODY_REFUSALS.unsupported,
    type: "text/plain",
    body: "intent=signin&email=plain@example.test",
  },
  {
    label: "no content type",
    status: 415,
    message: FORM_BODY_REFUSALS.unsupported,
    body: new TextEncoder().encode("intent=signin&email=none@example.test"),
  },
  {
    label: "a broken multipart body",
    status: 400,
    message: FORM_BODY_REFUSALS.unreadable,
    type: "multipart/form-data; boundary=paddock",
    body: '--paddock\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf-sent',
  },
  {
    label: "a NUL byte in a text field",
    status: 400,
    message: FORM_BODY_REFUSALS.nul,
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams({ intent: "signin", name: "Nul\u0000Rider", email: "nul@example.test" }).toString(),
  },
  {
    label: "a field name conform would read as a path",
    status: 400,
    message: FORM_BODY_REFUSALS.fieldName,
    type: "application/x-www-form-urlencoded",
    body: "email[4294967294]=x&__intent__=nonsense",
  },
  {
    label: "a field name conform refuses to read",
    status: 400,
    message: FORM_BODY_REFUSALS.fieldName,
    type: "application/x-www-form-urlencoded",
    body: "constructor.day=1&email=x@example.test",
  },
  {
    label: "a list item's field named constructor",
    status: 400,
    message: FORM_BODY_REFUSALS.fieldName,
    type: "application/x-www-form-urlencoded",
    body: "multiBuyTiers[0].constructor=1&email=x@example.test",
  },
  {
    label: "a list item's field nested deeper",
    status: 400,
    message: FORM_BODY_REFUSALS.fieldName,
    type: "application/x-www-form-urlencoded",
    body: "multiBuyTiers[0].percent.x=1&email=x@example.test",
  },
  {
    label: "a post from another site",
    status: 403,
    message: /^Forms may only be sent from this site\. This one was sent from http:\/\/evil\.test, and this site /,
    type: "application/x-www-form-urlencoded",
    body: SIGN_OUT_EVERYWHERE.toString(),
    origin: "http://evil.test",
  },
  {
    label: "a post with no Origin that Fetch Metadata calls cross-site",
    status: 403,
    message:
      /^Forms may only be sent from this site\. This one was sent without an Origin .+\(Sec-Fetch-Site: cross-site\)/,
    type: "application/x-www-form-urlencoded",
    body: SIGN_OUT_EVERYWHERE.toString(),
    origin: null,
    headers: { "sec-fetch-site": "cross-site" },
  },
  {
    label: "a post with neither Origin nor Fetch Metadata",
    status: 403,
    message:
      /^Forms may only be sent from this site\. This one was sent without an Origin .+\(Sec-Fetch-Site: not sent\)/,
    type: "application/x-www-form-urlencoded",
    body: SIGN_OUT_EVERYWHERE.toString(),
    origin: null,
  },
];

/** RFC 8058 one-click unsubscribe comes from a mail provider's server with no Origin: that route may take it. */
const NO_ORIGIN_ROUTES = new Set(["/newsletter/unsubscribe"]);
const applies = (path: string, body: Body) => body.origin !== null || !NO_ORIGIN_ROUTES.has(path);

function post(path: string, body: Body, cookie?: string) {
  const headers = new Headers(body.headers);
  if (body.origin !== null) headers.set("origin", body.origin ?? services.env.BASE_URL);
  if (body.type) headers.set("content-type", body.type);
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${services.env.BASE_URL}${path}`, { method: "POST", headers, body: body.body });
}

describe("every action refuses a body no form of ours sends", () => {
  it("finds the actions in app/routes.ts", () => {
    expect(actionRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/signin", "/signout", "/contact", "/basket", "/checkout/:id", "/admin/roles"]),
    );
    expect(actionRoutes.length).toBeGreaterThanOrEqual(19);
  });

  it("with a 4xx and its reason, writing nothing, for a signed-in administrator", async () => {
    const admin = await signedInAdmin();
    const before = await rowCounts();
    for (const route of actionRoutes) {
      const path = route.path.replace(/:id\b/g, String(competitionId));
      for (const body of BODIES.filter((b) => applies(path, b))) {
        const out = await run(services, route.mod.action, post(path, body, admin.jar.header()), {
          id: String(competitionId),
        });
        expect({ path, body: body.label, status: out.status, data: out.data }).toEqual({
          path,
          body: body.label,
          status: body.status,
          data: typeof body.message === "string" ? body.message : expect.stringMatching(body.message),
        });
        expect(out.headers?.["content-type"]).toMatch(/^text\/plain/);
      }
    }
    expect(await rowCounts()).toEqual(before);
    // The cross-site /signout above signed nobody out.
    const sessions = await services.db.select({ id: session.id }).from(session);
    expect(sessions.length).toBeGreaterThan(0);
    const stillIn = await services.auth.api.getSession({ headers: new Headers({ cookie: admin.jar.header() }) });
    expect(stillIn?.user.email).toBe("form-bodies-admin@example.test");
  });

  it("with a 4xx, or the sign-in redirect of a guarded area, for an anonymous visitor", async () => {
    const before = await rowCounts();
    for (const route of actionRoutes) {
      const path = route.path.replace(/:id\b/g, String(competitionId));
      for (const body of BODIES.filter((b) => applies(path, b))) {
        const out = await run(services, route.mod.action, post(path, body), { id: String(competitionId) });
        const guarded = out.status === 302 && out.location === `/auth?redirectTo=${encodeURIComponent(path)}`;
        if (!guarded)
          expect({ path, body: body.label, status: out.status }).toEqual({
            path,
            body: body.label,
            status: body.status,
          });
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe("where a form may come from", () => {
  const form = (origin: string, env: Partial<TestServices["env"]> = {}) =>
    readForm(
      { ...services, env: { ...services.env, ...env } },
      new Request(`${services.env.BASE_URL}/contact`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "name=x",
      }),
    );
  const base = new URL("http://localhost:3000");

  it("outside production, BASE_URL's loopback aliases are the same site", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect((await form(origin, { BASE_URL: base.href, NODE_ENV: "development" })).get("name")).toBe("x");
    }
    for (const origin of ["http://127.0.0.1:3001", "https://127.0.0.1:3000", "http://localhost.evil.test:3000"]) {
      const refused = await form(origin, { BASE_URL: base.href, NODE_ENV: "development" }).catch((e: Response) => e);
      expect((refused as Response).status).toBe(403);
    }
  });

  it("in production, a loopback alias is refused, saying which origin came and which the site expects", async () => {
    const refused = await form("http://127.0.0.1:3000", { BASE_URL: base.href, NODE_ENV: "production" }).catch(
      (e: Response) => e,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toBe(
      "Forms may only be sent from this site. This one was sent from http://127.0.0.1:3000, and this site accepts " +
        "forms from http://localhost:3000 (BASE_URL, and a verified custom domain). Open the site at " +
        "http://localhost:3000 and send it again.",
    );
  });
});
