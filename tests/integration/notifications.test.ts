import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, notifications } from "~/db/schema";
import * as notificationsPage from "~/routes/accounts/account-notifications";
import * as signin from "~/routes/accounts/signin";
import { runNotificationsOnce, unreadCount } from "~/server/accounts/notifications.server";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { addNotification } from "~/server/platform/notifications.server";
import { notificationEvents } from "../../server/notification-events";
import { visitor } from "./auth-helpers";
import { createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

const HOUR = 3_600_000;
const notesOf = (userId: string) =>
  h.services.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

const note = (userId: string, eventKey: string, at?: Date) =>
  addNotification(h.services.db, {
    userId,
    kind: "order-confirmed",
    eventKey,
    title: `Note ${eventKey}`,
    body: "Body",
    link: "/account",
    at,
  });

describe("notifications are made by the events themselves", () => {
  it("a confirmed order tells its buyer once, however often it is announced; a refund tells them too", async () => {
    const comp = await h.createCompetition({ title: "Numnah notified" });
    const { buyer, orderId, sessionId } = await h.paidOrder(comp.id, 2);
    const completed = await h.sessionJson(sessionId);
    await h.deliver("checkout.session.completed", completed);
    await h.deliver("checkout.session.completed", completed);
    expect(await notesOf(buyer.id)).toMatchObject([
      {
        kind: "order-confirmed",
        title: "Order confirmed",
        body: `Your 2 tickets for Numnah notified are confirmed (order ${orderId.slice(0, 8)}).`,
        link: "/account",
        readAt: null,
      },
    ]);

    const admin = await createVerifiedUser(h.services, { roles: ["admin"] });
    const refunded = await refundPaidOrder(h.services, admin.id, orderId, "Asked by phone.");
    expect(refunded.ok).toBe(true);
    const notes = await notesOf(buyer.id);
    expect(notes.map((n) => [n.kind, n.title])).toEqual([
      ["order-confirmed", "Order confirmed"],
      ["refund-issued", "Refund issued"],
    ]);
    expect(notes[1]?.body).toContain("We refunded £");
  });

  it("entrants hear once that a competition closes within 24 hours; others and later ones are left alone", async () => {
    const now = h.services.now();
    const soon = await h.createCompetition({ title: "Closing girth", endDate: new Date(now.getTime() + 3 * HOUR) });
    const later = await h.createCompetition({ title: "Later girth", endDate: new Date(now.getTime() + 30 * HOUR) });
    const a = await h.paidOrder(soon.id, 1);
    const b = await h.paidOrder(soon.id, 3);
    const c = await h.paidOrder(later.id, 1);
    // Sold out and closed early: its closing time is past for entrants, whatever its end date says.
    const soldOut = await h.createCompetition({ title: "Sold girth", endDate: new Date(now.getTime() + 2 * HOUR) });
    const d = await h.paidOrder(soldOut.id, 1);
    await h.services.db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, soldOut.id));
    await runNotificationsOnce(h.services);
    await runNotificationsOnce(h.services);
    for (const buyer of [a.buyer, b.buyer]) {
      const closing = (await notesOf(buyer.id)).filter((n) => n.kind === "closing-soon");
      expect(closing).toHaveLength(1);
      expect(closing[0]).toMatchObject({ title: "Closing within 24 hours", link: `/competition/${soon.id}` });
      expect(closing[0]?.body).toMatch(
        /^Closing girth, which you entered, closes \w+day \d+ \w+ \d{4}, \d\d:\d\d GMT\.$/,
      );
    }
    for (const buyer of [c.buyer, d.buyer]) {
      expect((await notesOf(buyer.id)).filter((n) => n.kind === "closing-soon")).toHaveLength(0);
    }
  });

  it("notifications older than 90 days are deleted; newer ones stay", async () => {
    const buyer = await h.createBuyer();
    const now = h.services.now();
    await note(buyer.id, "old", new Date(now.getTime() - 91 * 24 * HOUR));
    await note(buyer.id, "recent", new Date(now.getTime() - 89 * 24 * HOUR));
    const { purged } = await runNotificationsOnce(h.services);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await notesOf(buyer.id)).map((n) => n.eventKey)).toEqual(["recent"]);
  });
});

describe("the notifications page", () => {
  async function member() {
    const email = `bell-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const password = "a-fine-long-password";
    const { id } = await createVerifiedUser(h.services, { email, password });
    const v = visitor(h.services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    return { id, v };
  }

  it("lists the person's own, newest first, marks one or all read; another's id changes nothing", async () => {
    const rider = await member();
    const other = await member();
    await note(rider.id, "first", new Date(Date.now() - 2000));
    await note(rider.id, "second", new Date(Date.now() - 1000));
    await note(other.id, "theirs");
    const page = await rider.v.get(notificationsPage, "/account/notifications");
    expect(page.data.unread).toBe(2);
    expect(page.data.items.map((n: { title: string }) => n.title)).toEqual(["Note second", "Note first"]);

    const [theirs] = await notesOf(other.id);
    const refused = await rider.v.post(notificationsPage, "/account/notifications", {
      intent: "read",
      id: String(theirs!.id),
    });
    expect(refused.status).toBe(302);
    expect((await notesOf(other.id))[0]?.readAt).toBeNull();

    const first = page.data.items[1];
    await rider.v.post(notificationsPage, "/account/notifications", { intent: "read", id: String(first.id) });
    expect(await unreadCount(h.services.db, rider.id, new Date())).toBe(1);
    await rider.v.post(notificationsPage, "/account/notifications", { intent: "read-all" });
    expect(await unreadCount(h.services.db, rider.id, new Date())).toBe(0);
    expect(await unreadCount(h.services.db, other.id, new Date())).toBe(1);
  });

  it("the header's pop-over marks read from any page and is sent back there; never to another site", async () => {
    const rider = await member();
    await note(rider.id, "from-about");
    const [mine] = await notesOf(rider.id);
    const back = await rider.v.post(notificationsPage, "/account/notifications", {
      intent: "read",
      id: String(mine!.id),
      returnTo: "/about?tab=team",
    });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/about?tab=team");
    expect(await unreadCount(h.services.db, rider.id, new Date())).toBe(0);

    for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      await note(rider.id, `away-${returnTo.length}`);
      const away = await rider.v.post(notificationsPage, "/account/notifications", { intent: "read-all", returnTo });
      expect(away.status).toBe(302);
      expect(away.location).toBe("/account/notifications");
    }
    expect(await unreadCount(h.services.db, rider.id, new Date())).toBe(0);
  });

  it("a page with non-ASCII in its address is returned to percent-encoded", async () => {
    const rider = await member();
    for (const [returnTo, encoded] of [
      ["/\u3000", "/%E3%80%80"],
      ["/about?q=🐎\u2028", "/about?q=%F0%9F%90%8E%E2%80%A8"],
      ["/é", "/%C3%A9"],
    ] as const) {
      await note(rider.id, `encoded-${encoded}`);
      const back = await rider.v.post(notificationsPage, "/account/notifications", { intent: "read-all", returnTo });
      expect(back).toMatchObject({ status: 302, location: encoded });
    }
    expect(await unreadCount(h.services.db, rider.id, new Date())).toBe(0);
  });

  it("bad input is refused with a 400 and changes nothing", async () => {
    const rider = await member();
    await note(rider.id, "kept");
    const forms: Record<string, string>[] = [
      { intent: "read", id: "abc" },
      { intent: "read" },
      { intent: "delete-all" },
    ];
    for (const form of forms) {
      const answer = await rider.v.post(notificationsPage, "/account/notifications", form);
      expect(answer.status).toBe(400);
    }
    expect(await unreadCount(h.services.db, rider.id, new Date())).toBe(1);
  });

  it("a visitor who is not signed in is sent to sign in", async () => {
    const answer = await visitor(h.services).get(notificationsPage, "/account/notifications");
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("the unread count streams live", () => {
  it("signed out: 401; signed in: the count at once, then again when a notification arrives", async () => {
    const app = express();
    app.get("/events", notificationEvents(h.services));
    const server = await new Promise<ReturnType<typeof app.listen>>((r) => {
      const s = app.listen(0, "127.0.0.1", () => r(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
    const controller = new AbortController();
    try {
      expect((await fetch(url)).status).toBe(401);
      const buyer = await h.signedInBuyer();
      await note(buyer.id, "before-stream");
      const response = await fetch(url, { headers: { cookie: buyer.cookie }, signal: controller.signal });
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const counts = () => [...text.matchAll(/^event: unread\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!).unread);
      const readUntil = async (expected: number[]) => {
        while (JSON.stringify(counts()) !== JSON.stringify(expected)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended with ${JSON.stringify(counts())}`);
          text += decoder.decode(value);
        }
      };
      await readUntil([1]);
      await note(buyer.id, "during-stream");
      await readUntil([1, 2]);
      await h.services.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, buyer.id)));
      await readUntil([1, 2, 0]);
    } finally {
      controller.abort();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
