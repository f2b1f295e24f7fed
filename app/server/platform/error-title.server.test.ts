import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { withRefusalTitle } from "./error-title.server";

const meta = () => [{ title: "Contact Us | Paddock" }, { name: "description", content: "Write to us" }];
const context = (actionData: Record<string, unknown> | null) =>
  ({
    routeModules: { root: { default: () => null }, "routes/contact": { default: () => null, meta } },
    staticHandlerContext: { actionData },
  }) as unknown as EntryContext;
const titleOf = (entry: EntryContext) => {
  const descriptors = entry.routeModules["routes/contact"]?.meta;
  return typeof descriptors === "function" ? descriptors({} as never) : descriptors;
};

describe("withRefusalTitle", () => {
  it("puts Error: before the title of a page whose form the action refused, for this render only", () => {
    const refused = context({ "routes/contact": { result: { status: "error", error: { email: ["Enter it"] } } } });
    expect(titleOf(withRefusalTitle(refused))).toEqual([
      { title: "Error: Contact Us | Paddock" },
      { name: "description", content: "Write to us" },
    ]);
    // The build's modules, shared by every request, are left as they were.
    expect(titleOf(refused)?.[0]).toEqual({ title: "Contact Us | Paddock" });
  });

  it("leaves the title alone without field errors: no answer, a notice, or a form-wide message", () => {
    for (const actionData of [
      null,
      { "routes/contact": { notice: { type: "success", title: "Message Sent!" } } },
      { "routes/contact": { result: { status: "error", error: { "": ["Not saved"] } } } },
    ]) {
      const entry = context(actionData);
      expect(withRefusalTitle(entry)).toBe(entry);
    }
  });
});
