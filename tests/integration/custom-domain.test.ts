import { createSocket } from "node:dgram";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DOMAIN_ADMIN_MESSAGES } from "~/content/domain";
import { auditLog, customDomains, emailOutbox } from "~/db/schema";
import * as adminDomain from "~/routes/domains/admin-domain";
import { checkCustomDomain, recheckDueDomains } from "~/server/domains/custom-domain.server";
import { subscribeToNewsletter } from "~/server/engagement/newsletter.server";
import { callAuth } from "~/server/platform/auth.server";
import { loadEnv } from "~/server/platform/env.server";
import { readForm } from "~/server/platform/form-action.server";
import { FORM_BODY_REFUSALS } from "~/server/platform/form-body.server";
import { publicOrigin } from "~/server/platform/public-origin.server";
import { customHostRedirect } from "../../server/custom-host";
import { startTestDns, type TestDns } from "../support/dns-server";
import { listen, rawRequest } from "../support/http-server";
import { createTestServices, type TestServices } from "../support/services";
import { signedInAs } from "./auth-helpers";

const DOMAIN = "www.paddock-prizes.co.uk";
const CHALLENGE = `_paddock-challenge.${DOMAIN}`;
const TARGET = "paddock.example.net";

let dns: TestDns;
let services: TestServices;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  dns = await startTestDns();
  services = await createTestServices({
    ADMIN_REQUIRE_2FA: "false",
    DNS_SERVERS: dns.address,
    DOMAIN_TARGET_HOST: TARGET,
  });
  admin = await signedInAs(services, "admin");
});
afterAll(async () => {
  await services?.dispose();
  await dns?.close();
});

const page = async () => (await admin.v.get(adminDomain, "/admin/domain")).data.domain;
const post = (form: Record<string, string>) => admin.v.post(adminDomain, "/admin/domain", form);

/** Adds DOMAIN afresh and returns its page view (with the token in its TXT record). */
async function addDomain() {
  const current = await page();
  if (current) await post({ intent: "remove-domain", domainId: String(current.id) });
  const added = await post({ intent: "add-domain", domain: "  WWW.Paddock-Prizes.co.uk " });
  expect(added.status).toBe(302);
  return page();
}

const tokenOf = (view: { records: { type: string; value: string }[] }) =>
  view.records.find((r) => r.type === "TXT")?.value ?? "";

beforeEach(() => {
  dns.set(CHALLENGE, undefined);
  dns.set(DOMAIN, undefined);
});

describe("the Domain tab", () => {
  it("shows the records to create for a new domain: a random TXT proof and a CNAME to the site", async () => {
    const view = await addDomain();
    expect(view).toMatchObject({ domain: DOMAIN, status: "pending", lastReason: null });
    expect(view.records).toEqual([
      { type: "TXT", name: CHALLENGE, value: expect.stringMatching(/^paddock-verify-[\w-]{32}$/) },
      { type: "CNAME", name: DOMAIN, value: TARGET },
    ]);
    const again = await addDomain();
    expect(tokenOf(again)).not.toBe(tokenOf(view));
  });

  it("refuses a bad name with its reason, a second domain, and the site's own host, changing nothing", async () => {
    await addDomain();
    const bad = await post({ intent: "add-domain", domain: "https://example.com/x" });
    expect(bad.status).toBe(400);
    expect(bad.data.notice.description).toBe("Enter the domain name only, without http:// or https://.");
    const second = await post({ intent: "add-domain", domain: "shop.example.com" });
    expect(second.status).toBe(409);
    expect(second.data.notice.description).toBe("Remove the current domain before adding another.");
    expect((await services.db.select().from(customDomains)).map((d) => d.domain)).toEqual([DOMAIN]);
    const current = await page();
    await post({ intent: "remove-domain", domainId: String(current.id) });
    const own = await post({ intent: "add-domain", domain: TARGET });
    expect(own.status).toBe(409);
    expect(await page()).toBeNull();
  });

  it("verifies a domain whose TXT and CNAME are right on the DNS server, and logs the check", async () => {
    const view = await addDomain();
    dns.set(CHALLENGE, { TXT: [tokenOf(view)] });
    dns.set(DOMAIN, { CNAME: `${TARGET}.` });
    const checked = await post({ intent: "check-domain", domainId: String(view.id) });
    expect(checked.status).toBe(302);
    const after = await page();
    expect(after).toMatchObject({ status: "verified", lastReason: "Every record was found with the right value." });
    expect(after.verifiedAt).not.toBeNull();
    const log = await services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `domain:${view.id}`), eq(auditLog.action, "domain.checked")));
    expect(log.map((l) => [l.actorUserId, l.after])).toEqual([[admin.id, { domain: DOMAIN, status: "verified" }]]);
  });

  it("fails a wrong TXT value, saying what was found", async () => {
    const view = await addDomain();
    dns.set(CHALLENGE, { TXT: ["someone-else"] });
    dns.set(DOMAIN, { CNAME: TARGET });
    await post({ intent: "check-domain", domainId: String(view.id) });
    expect(await page()).toMatchObject({
      status: "failed",
      lastReason: `Wrong value: TXT record ${CHALLENGE} has "someone-else"; expected "${tokenOf(view)}".`,
    });
  });

  it("fails a missing record, naming it", async () => {
    const view = await addDomain();
    dns.set(CHALLENGE, { TXT: [tokenOf(view)] });
    await post({ intent: "check-domain", domainId: String(view.id) });
    expect(await page()).toMatchObject({
      status: "failed",
      lastReason: `Record missing: no CNAME record ${DOMAIN} was found.`,
    });
  });

  it("fails as not resolving here when the DNS server does not answer", async () => {
    const view = await addDomain();
    const closed = await closedUdpPort();
    const down = { ...services, env: { ...services.env, DNS_SERVERS: [`127.0.0.1:${closed}`] } };
    const checked = await checkCustomDomain(down, admin.id, view.id);
    expect(checked.ok && checked.outcome?.status).toBe("failed");
    expect((await page()).lastReason).toMatch(
      /^Not resolving here: TXT record .+ could not be looked up \(E[A-Z]+\)\.$/,
    );
  });
});

describe("the periodic re-check", () => {
  it("re-checks a domain not yet verified when due, backing off, until it verifies", async () => {
    const view = await addDomain();
    const start = new Date();
    const at = (ms: number) => ({ ...services, now: () => new Date(start.getTime() + ms) });
    expect(await recheckDueDomains(at(0))).toEqual({ checked: 1, verified: 0 });
    // One failed check: the next is a minute later, not before.
    expect(await recheckDueDomains(at(30_000))).toEqual({ checked: 0, verified: 0 });
    expect(await recheckDueDomains(at(61_000))).toEqual({ checked: 1, verified: 0 });
    // Two failed checks: two minutes.
    expect(await recheckDueDomains(at(61_000 + 90_000))).toEqual({ checked: 0, verified: 0 });
    dns.set(CHALLENGE, { TXT: [tokenOf(view)] });
    dns.set(DOMAIN, { CNAME: TARGET });
    expect(await recheckDueDomains(at(61_000 + 121_000))).toEqual({ checked: 1, verified: 1 });
    // Verified, it is checked again hourly.
    expect(await recheckDueDomains(at(61_000 + 121_000 + 30 * 60_000))).toEqual({ checked: 0, verified: 0 });
    expect(await recheckDueDomains(at(61_000 + 121_000 + 61 * 60_000))).toEqual({ checked: 1, verified: 1 });
    // The system's checks are logged only when the status changed: pending → failed, failed → verified.
    const log = await services.db
      .select({ actor: auditLog.actorUserId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `domain:${view.id}`), eq(auditLog.action, "domain.checked")));
    expect(log.map((l) => [l.actor, (l.after as { status: string }).status])).toEqual([
      [null, "failed"],
      [null, "verified"],
    ]);
  });
});

describe("re-checking a verified domain", () => {
  /** DOMAIN added, its records created and checked by the admin: verified, and the public origin. */
  async function verifiedDomain() {
    const view = await addDomain();
    dns.set(CHALLENGE, { TXT: [tokenOf(view)] });
    dns.set(DOMAIN, { CNAME: TARGET });
    await post({ intent: "check-domain", domainId: String(view.id) });
    expect(await page()).toMatchObject({ status: "verified" });
    expect(await publicOrigin(services)).toBe(`https://${DOMAIN}`);
    return view;
  }
  const HOUR = 3_600_000;

  it("stays verified, and the public origin, while the DNS server does not answer", async () => {
    const view = await verifiedDomain();
    const closed = await closedUdpPort();
    const start = Date.now();
    const down = (ms: number) => ({
      ...services,
      env: { ...services.env, DNS_SERVERS: [`127.0.0.1:${closed}`] },
      now: () => new Date(start + ms),
    });
    const staff = await checkCustomDomain(down(0), admin.id, view.id);
    expect(staff).toMatchObject({ ok: true, message: DOMAIN_ADMIN_MESSAGES.stillVerified });
    for (let i = 1; i <= 5; i++) {
      expect(await recheckDueDomains(down(i * HOUR))).toEqual({ checked: 1, verified: 0 });
    }
    expect(await page()).toMatchObject({
      status: "verified",
      lastReason: expect.stringMatching(/^Not resolving here/),
    });
    expect(await publicOrigin(services)).toBe(`https://${DOMAIN}`);
  });

  it("is unverified, and links go back to BASE_URL, only after repeated checks find its records gone", async () => {
    const view = await verifiedDomain();
    dns.set(CHALLENGE, undefined);
    const start = Date.now();
    const at = (ms: number) => ({ ...services, now: () => new Date(start + ms) });
    const staff = await checkCustomDomain(at(0), admin.id, view.id);
    expect(staff).toMatchObject({ ok: true, message: DOMAIN_ADMIN_MESSAGES.stillVerified });
    expect(await page()).toMatchObject({ status: "verified", lastReason: expect.stringMatching(/^Record missing/) });
    // Checked again ten minutes after a definite failure, not an hour.
    expect(await recheckDueDomains(at(9 * 60_000))).toEqual({ checked: 0, verified: 0 });
    expect(await recheckDueDomains(at(11 * 60_000))).toEqual({ checked: 1, verified: 0 });
    expect(await publicOrigin(services)).toBe(`https://${DOMAIN}`);
    expect(await recheckDueDomains(at(22 * 60_000))).toEqual({ checked: 1, verified: 0 });
    expect(await page()).toMatchObject({ status: "failed" });
    expect(await publicOrigin(services)).toBe(new URL(services.env.BASE_URL).origin);
  });
});

describe("once verified", () => {
  let viewId: number;
  beforeAll(async () => {
    const view = await addDomain();
    viewId = view.id;
    dns.set(CHALLENGE, { TXT: [tokenOf(view)] });
    dns.set(DOMAIN, { CNAME: TARGET });
    await post({ intent: "check-domain", domainId: String(view.id) });
  });

  it("is the public origin for links, e-mails and forms", async () => {
    expect(await publicOrigin(services)).toBe(`https://${DOMAIN}`);
    await subscribeToNewsletter(
      services,
      { email: "fan@example.test", firstName: undefined, lastName: undefined, consent: "on" },
      { now: new Date() },
    );
    // Double opt-in: the first e-mail asks the subscriber to confirm, on the verified domain.
    const [confirm] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, "fan@example.test"));
    expect(confirm?.text).toContain(`https://${DOMAIN}/newsletter/confirm?token=`);

    const reset = await callAuth(
      services.auth,
      services.env,
      new Request(services.env.BASE_URL),
      "/request-password-reset",
      {
        body: { email: admin.email, redirectTo: "/reset-password" },
      },
    );
    expect(reset.ok).toBe(true);
    const [mail] = await services.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, admin.email), eq(emailOutbox.kind, "password-reset")));
    expect(mail?.text).toContain(`https://${DOMAIN}/api/auth/reset-password/`);

    const formFrom = (origin: string) =>
      new Request(`https://${DOMAIN}/contact`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "name=x",
      });
    expect((await readForm(services, formFrom(`https://${DOMAIN}`))).get("name")).toBe("x");
    expect((await readForm(services, formFrom(services.env.BASE_URL))).get("name")).toBe("x");
    const refused = await readForm(services, formFrom("https://elsewhere.example")).catch((e: Response) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toMatch(
      new RegExp(
        `^${FORM_BODY_REFUSALS.crossSite.replace(".", "\\.")} This one was sent from https://elsewhere\\.example`,
      ),
    );
  });

  it("redirects other hosts to it (301) when the setting is on, sparing health checks, Stripe, localhost", async () => {
    const site = express();
    site.use(customHostRedirect(services));
    site.all("/{*splat}", (_req, res) => {
      res.send("here");
    });
    const server = await listen(site);
    const get = (host: string, path: string, method = "GET") =>
      rawRequest(server.port, { method, path, headers: { host } });
    try {
      expect((await get("paddock.example.net", "/competitions")).status).toBe(200);

      const on = await post({ intent: "set-redirect", domainId: String(viewId), redirect: "on" });
      expect(on.status).toBe(302);
      const moved = await get("paddock.example.net", "/competitions?page=2");
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(`https://${DOMAIN}/competitions?page=2`);
      expect((await get("paddock.example.net", "/contact", "POST")).status).toBe(308);
      expect((await get(DOMAIN, "/competitions")).status).toBe(200);
      for (const path of ["/healthz", "/readyz", "/api/stripe/webhook", "/stripe-standin/pay/cs_1"]) {
        expect((await get("paddock.example.net", path)).status, path).toBe(200);
      }
      for (const host of ["localhost:3000", "127.0.0.1:3000"]) {
        expect((await get(host, "/competitions")).status, host).toBe(200);
      }

      await post({ intent: "set-redirect", domainId: String(viewId), redirect: "off" });
      expect((await get("paddock.example.net", "/competitions")).status).toBe(200);
      const log = await services.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.subject, `domain:${viewId}`), eq(auditLog.action, "domain.redirect")));
      expect(log.map((l) => (l.after as { redirectOtherHosts: boolean }).redirectOtherHosts)).toEqual([true, false]);
    } finally {
      await server.close();
    }
  });

  it("stops being the public origin once removed", async () => {
    await post({ intent: "remove-domain", domainId: String(viewId) });
    expect(await publicOrigin(services)).toBe(services.env.BASE_URL);
    const [removed] = await services.db
      .select({ actor: auditLog.actorUserId, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `domain:${viewId}`), eq(auditLog.action, "domain.removed")));
    expect(removed).toEqual({ actor: admin.id, before: { domain: DOMAIN, status: "verified" } });
  });
});

describe("configuration", () => {
  it("takes DNS servers and target addresses as IP lists, refusing anything else by name", () => {
    const dataDir = services.env.DATA_DIR;
    const env = loadEnv({
      DATA_DIR: dataDir,
      DNS_SERVERS: "1.1.1.1, 127.0.0.1:5353,[2606:4700::1111]:53, 2001:db8::53",
      DOMAIN_TARGET_IPV4: "203.0.113.7",
      DOMAIN_TARGET_IPV6: "2001:db8::7",
    });
    expect(env.DNS_SERVERS).toEqual(["1.1.1.1", "127.0.0.1:5353", "[2606:4700::1111]:53", "2001:db8::53"]);
    expect([env.DOMAIN_TARGET_IPV4, env.DOMAIN_TARGET_IPV6]).toEqual([["203.0.113.7"], ["2001:db8::7"]]);
    expect(loadEnv({ DATA_DIR: dataDir }).DNS_SERVERS).toEqual([]);
    expect(() => loadEnv({ DATA_DIR: dataDir, DNS_SERVERS: "dns.example.com" })).toThrow(/DNS_SERVERS: must be IP/);
    expect(() => loadEnv({ DATA_DIR: dataDir, DNS_SERVERS: "1.1.1.1:99999" })).toThrow(/DNS_SERVERS/);
    expect(() => loadEnv({ DATA_DIR: dataDir, DOMAIN_TARGET_IPV4: "2001:db8::7" })).toThrow(/DOMAIN_TARGET_IPV4/);
    expect(() => loadEnv({ DATA_DIR: dataDir, DOMAIN_TARGET_HOST: "https://x.example" })).toThrow(/DOMAIN_TARGET_HOST/);
  });
});

/** A UDP port with nothing listening on it: bound, read and closed again. */
async function closedUdpPort(): Promise<number> {
  const socket = createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}
