import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customDomains } from "~/db/schema";
import { refreshPublicOrigin } from "~/server/platform/public-origin.server";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

const DOMAIN = "www.e2e-paddock.co.uk";
const CHALLENGE = `_paddock-challenge.${DOMAIN}`;

beforeAll(async () => {
  await app();
});

// The other journeys follow e-mailed links on the site's own address: leave no custom domain behind.
afterAll(async () => {
  const { services, dns } = await app();
  await services.db.delete(customDomains);
  await refreshPublicOrigin(services);
  dns.set(CHALLENGE, undefined);
  dns.set(DOMAIN, undefined);
});

describe("an admin connects a custom domain", () => {
  it(
    "adds it, sees the records and the 48-hour note, fails with the reason, then checks it verified",
    async () => {
      const { dns } = await app();
      const { page, context, errors } = await openSlowPage();
      await signIn(context, await createUser({ roles: ["admin"] }));
      await page.goto("/admin");
      await hydrated(page);
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Domain" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/domain");
      await expect.poll(() => page.locator("h1").innerText(), SLOW).toBe("Domain");
      await hydrated(page);

      await page.getByLabel("Domain name").fill(`https://${DOMAIN}`);
      await page.getByRole("button", { name: "Add domain" }).click();
      await expect
        .poll(() => page.locator("[data-form-alert]").innerText(), SLOW)
        .toContain("Enter the domain name only, without http:// or https://.");

      await page.getByLabel("Domain name").fill(DOMAIN);
      await page.getByRole("button", { name: "Add domain" }).click();
      const records = page.getByRole("table", { name: "DNS records to create" });
      await expect.poll(() => records.getByRole("row").count(), SLOW).toBe(3);
      const txt = records.locator('[data-record-type="TXT"]');
      expect(await txt.innerText()).toContain(CHALLENGE);
      const token = (await txt.locator("td").nth(2).innerText()).trim();
      expect(token).toMatch(/^paddock-verify-/);
      expect(await records.locator('[data-record-type="CNAME"]').innerText()).toContain("localhost");
      expect(await page.getByText("DNS propagation takes up to 48 hours.").isVisible()).toBe(true);
      expect(await page.locator("[data-domain-status]").innerText()).toBe("Pending");

      dns.set(CHALLENGE, { TXT: ["not-the-token"] });
      dns.set(DOMAIN, { CNAME: "localhost" });
      await page.getByRole("button", { name: "Check now" }).click();
      await expect.poll(() => page.locator("[data-domain-status]").innerText(), SLOW).toBe("Failed");
      expect(await page.locator("[data-domain-reason]").innerText()).toBe(
        `Wrong value: TXT record ${CHALLENGE} has "not-the-token"; expected "${token}".`,
      );

      dns.set(CHALLENGE, { TXT: [token] });
      await page.getByRole("button", { name: "Check now" }).click();
      // The toast first: it is gone after five seconds, which a busy machine can spend on the slower look-up.
      await expect.poll(() => toast(page, "Verified").count(), SLOW).toBe(1);
      await expect.poll(() => page.locator("[data-domain-status]").innerText(), SLOW).toBe("Verified");

      for (const theme of ["dark", "light"] as const) {
        await useTheme(context, theme);
        await page.reload();
        await hydrated(page);
        expect(await page.locator("html").getAttribute("class")).toContain(theme);
        expect(await page.locator("h1").count()).toBe(1);
        expect(await page.title()).toMatch(/Domain/);
        await expectAccessible(page);
      }

      await page.getByRole("button", { name: `Remove ${DOMAIN}` }).click();
      await expect.poll(() => page.getByLabel("Domain name").count(), SLOW).toBe(1);
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});
