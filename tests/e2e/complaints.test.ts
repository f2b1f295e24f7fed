import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { complaints } from "~/db/schema";
import { app, waitForMail } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { expectNoUnexpectedErrors, openSlowPage, outsideSummary, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn, staffPage } from "./support/users";

beforeAll(async () => {
  await app();
});

describe("a complaint answered from the console", () => {
  it(
    "a signed-in rider complains with the form filled in for them; staff reply; the rider reads it in their account",
    async () => {
      const rider = await createUser({ firstName: "Nell", lastName: "Gwyn" });
      const { page, context, errors } = await openSlowPage({ colorScheme: "light" });
      await useTheme(context, "light");
      await signIn(context, rider);

      // The form starts with the account's name and address.
      await page.goto("/complaints");
      await hydrated(page);
      const form = page.locator("main form");
      expect(await form.getByLabel("Name").inputValue()).toBe("Nell Gwyn");
      expect(await form.getByLabel("Email").inputValue()).toBe(rider.email);
      await form.getByLabel("What went wrong, and what would put it right?").fill("My tickets are missing.");
      await form.getByRole("button", { name: "Send complaint" }).click();
      await expect.poll(() => page.locator("main").innerText(), SLOW).toContain("Complaint received: PDK-C-");
      const { services } = await app();
      const [row] = await services.db.select().from(complaints).where(eq(complaints.email, rider.email));
      if (!row) throw new Error("no complaint stored");
      expect(row.userId).toBe(rider.id);
      const reference = `PDK-C-${String(row.id).padStart(6, "0")}`;

      // Staff open it from the list and reply: an empty reply is refused with its message, then the final reply goes.
      const staff = await staffPage(["moderator"], "dark");
      await staff.page.goto(`/admin/complaints?q=${reference}`);
      await staff.page.getByRole("link", { name: reference }).click();
      await staff.page.waitForURL(`**/admin/complaints/${row.id}`);
      await hydrated(staff.page);
      await expectAccessible(staff.page);
      await staff.page.getByRole("button", { name: "Send reply" }).click();
      await expect.poll(() => outsideSummary(staff.page, "Write your reply").count(), SLOW).toBe(1);
      await staff.page.getByLabel("Your reply to Nell Gwyn").fill("We found them.\n\nThey are in your account now.");
      await staff.page.getByLabel(/This is our final reply/).check();
      await staff.page.getByRole("button", { name: "Send reply" }).click();
      await expect.poll(() => toast(staff.page, "Final reply sent").count(), SLOW).toBeGreaterThan(0);
      await expect.poll(() => staff.page.getByTestId("complaint-reply").count(), SLOW).toBe(1);
      expect(await staff.page.getByRole("button", { name: "Send reply" }).count()).toBe(0);
      await expectAccessible(staff.page);
      expectNoUnexpectedErrors(staff.errors);
      await staff.context.close();

      const mail = await waitForMail((m) => m.to.includes(rider.email) && m.subject.includes("Our final reply"));
      expect(mail.body).toContain("We found them.");

      // The rider reads the thread in their account.
      await page.goto("/account/complaints");
      await hydrated(page);
      const thread = page.getByRole("region", { name: reference });
      expect(await thread.getByTestId("complaint-status").innerText()).toContain("Resolved");
      expect(await thread.getByTestId("complaint-reply").innerText()).toContain("They are in your account now.");
      await expectAccessible(page);
      await useTheme(context, "dark");
      await page.reload();
      await hydrated(page);
      await expectAccessible(page);
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );
});
