import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPPORT_SERVICES } from "~/content/support";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

const expectSignposts = (text: string | undefined) => {
  for (const service of SUPPORT_SERVICES) {
    expect(text).toContain(service.name);
    expect(text).toContain(service.url.replace("https://", ""));
    if (service.phone) expect(text).toContain(service.phone.display);
  }
};

describe("every receipt points to independent support", () => {
  it("the order confirmation and the refund receipt list each support service", async () => {
    const comp = await h.createCompetition();
    const { buyer, orderId } = await h.paidOrder(comp.id, 2);
    const [confirmation] = await h.mailTo(buyer.email, "order-confirmation");
    expectSignposts(confirmation?.text);

    const staff = await createVerifiedUser(h.services, { roles: ["admin"] });
    expect(await refundPaidOrder(h.services, staff.id, orderId, "Entered twice by mistake")).toMatchObject({
      ok: true,
    });
    const [refund] = await h.mailTo(buyer.email, "order-refunded");
    expectSignposts(refund?.text);
  });
});
