// Toasts wait here until Sonner has loaded: it comes with the first toast (about 10 kB gzip), not with every page.
// The site layout's Toaster mounts Sonner when something is queued, and Sonner's side takes the queue as it arrives.

export type ToastKind = "success" | "error" | "info";
export type QueuedToast = { kind: ToastKind; title: string; description?: string };

const queued: QueuedToast[] = [];
const listeners = new Set<() => void>();

/** Shows a toast (once Sonner has loaded); the returned function withdraws it if it has not been shown yet. */
export function showToast(kind: ToastKind, title: string, description?: string): () => void {
  const toast = { kind, title, description };
  queued.push(toast);
  for (const listener of listeners) listener();
  return () => {
    const index = queued.indexOf(toast);
    if (index >= 0) queued.splice(index, 1);
  };
}

/** Calls the listener whenever a toast is queued, and at once if some are waiting. Returns the unsubscribe. */
export function onToastQueued(listener: () => void): () => void {
  listeners.add(listener);
  if (queued.length > 0) listener();
  return () => {
    listeners.delete(listener);
  };
}

/** The waiting toasts, oldest first, taken off the queue. */
export function takeQueuedToasts(): QueuedToast[] {
  return queued.splice(0);
}
