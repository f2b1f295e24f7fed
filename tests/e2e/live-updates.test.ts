import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { app } from "./support/app";
import { expectNoConsoleErrors, hydrated, openPage } from "./support/browser";
import {
  addTicketsSoldElsewhere,
  insertCompetition,
  removeCompetitions,
  trackLiveStreams,
  waitForLiveStream,
} from "./support/competitions";

const created: number[] = [];

beforeAll(async () => {
  await app();
});

afterAll(async () => {
  await removeCompetitions(created);
});

async function liveCompetition(title: string) {
  const row = await insertCompetition({ title, ticketsSold: 10, totalTickets: 500 });
  created.push(row.id);
  return row;
}

/** Marks the page so a test can tell a live update from a reload (a reload would lose the mark). */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
}
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
const soldOnPage = (page: Page) => page.getByTestId("tickets-sold").first().innerText();

describe("live ticket counts", () => {
  it("a sale made elsewhere shows on an open competition page within a couple of seconds, without reload", async () => {
    const comp = await liveCompetition("Live Detail Headcollar");
    const { page, context, errors } = await openPage();
    await trackLiveStreams(context);
    await page.goto(`/competition/${comp.id}`);
    await hydrated(page);
    await waitForLiveStream(page);
    expect(await soldOnPage(page)).toBe("10");
    // The polite live region says nothing of the count the page loaded with, then tells of the sale.
    const said = page.getByTestId("live-sales-announcement");
    expect(await said.getAttribute("role")).toBe("status");
    expect(await said.textContent()).toBe("");
    await markPage(page);

    await addTicketsSoldElsewhere(comp.id, 3);
    await expect.poll(() => soldOnPage(page), { timeout: 2000, interval: 100 }).toBe("13");
    await expect.poll(() => said.textContent(), { timeout: 2000, interval: 100 }).toBe("13 of 500 tickets sold");
    expect(await stillSamePage(page)).toBe(true);
    expectNoConsoleErrors(errors);
  });

  it("a sale shows on the competition's card in the list", async () => {
    const comp = await liveCompetition("Live Card Lunge Line");
    const { page, context, errors } = await openPage();
    await trackLiveStreams(context);
    await page.goto(`/competitions?q=${encodeURIComponent(comp.title)}`);
    await hydrated(page);
    await waitForLiveStream(page);
    const card = page.locator(`[data-competition-id="${comp.id}"]`);
    expect(await card.getByTestId("tickets-sold").innerText()).toBe("10");
    await markPage(page);

    await addTicketsSoldElsewhere(comp.id, 7);
    await expect.poll(() => card.getByTestId("tickets-sold").innerText(), { timeout: 2000, interval: 100 }).toBe("17");
    expect(await stillSamePage(page)).toBe(true);
    // Only a competition's own page announces its count; a list of them would talk over itself.
    expect(await page.getByTestId("live-sales-announcement").count()).toBe(0);
    expectNoConsoleErrors(errors);
  });

  it("reconnects after the stream fails and still receives the next sale", async () => {
    const comp = await liveCompetition("Live Reconnect Hoof Pick");
    const { page, context } = await openPage();
    await trackLiveStreams(context);
    let attempts = 0;
    await page.route(
      (url) => url.pathname === "/api/competitions/events",
      async (route) => {
        attempts += 1;
        if (attempts === 1) await route.abort("connectionreset");
        else await route.continue();
      },
    );
    await page.goto(`/competition/${comp.id}`);
    await hydrated(page);
    await waitForLiveStream(page);
    expect(attempts).toBe(2);
    await addTicketsSoldElsewhere(comp.id, 2);
    await expect.poll(() => soldOnPage(page), { timeout: 2000, interval: 100 }).toBe("12");
  });
});

describe("two app processes sharing one PostgreSQL", () => {
  let second: ChildProcess | undefined;
  let secondUrl = "";
  let output = "";

  beforeAll(async () => {
    const { databaseUrl } = await app();
    if (!databaseUrl) return;
    const port = await freePort();
    secondUrl = `http://localhost:${port}`;
    second = spawn(process.execPath, ["server.js"], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        BASE_URL: secondUrl,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "paddock-e2e-second-")),
        PADDOCK_BUILD_DIR: process.env.PADDOCK_BUILD_DIR ?? "build",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    second.stdout?.on("data", (chunk) => (output += chunk));
    second.stderr?.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`${secondUrl}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) break;
      if (second.exitCode !== null || Date.now() > deadline)
        throw new Error(`second app process did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  afterAll(async () => {
    if (!second || second.exitCode !== null) return;
    const exited = new Promise((resolve) => second!.once("exit", resolve));
    second.kill("SIGTERM");
    await exited;
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a browser on each process sees a sale made through the other (needs TEST_DATABASE_URL: " +
      "PGlite cannot be shared by two processes)",
    async () => {
      const { baseUrl } = await app();
      const comp = await liveCompetition("Live Two Process Grooming Box");
      const onA = await openPage();
      const onB = await openPage();
      for (const [opened, url] of [
        [onA, baseUrl],
        [onB, secondUrl],
      ] as const) {
        await trackLiveStreams(opened.context);
        await opened.page.goto(`${url}/competition/${comp.id}`);
        await hydrated(opened.page);
        await waitForLiveStream(opened.page);
        expect(await soldOnPage(opened.page)).toBe("10");
      }
      // Served by process B, then the sale goes through the database from a separate connection.
      expect(new URL(onB.page.url()).port).not.toBe(new URL(baseUrl).port);
      await addTicketsSoldElsewhere(comp.id, 4);
      await expect.poll(() => soldOnPage(onA.page), { timeout: 2000, interval: 100 }).toBe("14");
      await expect.poll(() => soldOnPage(onB.page), { timeout: 2000, interval: 100 }).toBe("14");
      expectNoConsoleErrors(onA.errors);
      expectNoConsoleErrors(onB.errors);
    },
  );
});
