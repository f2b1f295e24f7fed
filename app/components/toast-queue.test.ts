import { afterEach, describe, expect, it, vi } from "vitest";
import { onToastQueued, showToast, takeQueuedToasts } from "./toast-queue";

afterEach(() => {
  takeQueuedToasts();
});

describe("toast queue", () => {
  it("keeps toasts, oldest first, until they are taken, and tells listeners of each", () => {
    const listener = vi.fn();
    const unsubscribe = onToastQueued(listener);
    showToast("success", "Link copied", "Paste it anywhere");
    showToast("error", "Export failed");
    expect(listener).toHaveBeenCalledTimes(2);
    expect(takeQueuedToasts()).toEqual([
      { kind: "success", title: "Link copied", description: "Paste it anywhere" },
      { kind: "error", title: "Export failed", description: undefined },
    ]);
    expect(takeQueuedToasts()).toEqual([]);
    unsubscribe();
    showToast("info", "Later");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("calls a new listener at once when toasts are already waiting (the server's toast before Sonner loads)", () => {
    showToast("info", "Signed out");
    const listener = vi.fn();
    onToastQueued(listener)();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("withdraws a toast not yet shown, so React's double-invoked effect shows it once", () => {
    const withdraw = showToast("success", "Saved");
    withdraw();
    showToast("success", "Saved");
    expect(takeQueuedToasts()).toEqual([{ kind: "success", title: "Saved", description: undefined }]);
    withdraw();
    expect(takeQueuedToasts()).toEqual([]);
  });
});
