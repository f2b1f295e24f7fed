import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { onToastQueued, type QueuedToast, takeQueuedToasts } from "./toast-queue";

const SHOW = { success: toast.success, error: toast.error, info: toast } satisfies Record<QueuedToast["kind"], unknown>;

/** Sonner, loaded with the first toast (see toast-queue.ts): shows the queued toasts and any that follow. */
export default function SonnerToaster() {
  useEffect(() => {
    let timer = 0;
    // Deferred so a toast survives React's strict double-invoke and the first paint.
    const showQueued = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        for (const { kind, title, description } of takeQueuedToasts()) SHOW[kind](title, { description });
      }, 0);
    };
    const unsubscribe = onToastQueued(showQueued);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <Sonner
      position="top-right"
      duration={5000}
      visibleToasts={3}
      swipeDirections={["right"]}
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
      style={TOAST_COLOURS}
    />
  );
}

/** Sonner's own rich colours fall just short of AA contrast (about 4.3:1); these use our tokens in both themes. */
const TOAST_COLOURS = {
  "--normal-bg": "var(--card)",
  "--normal-text": "var(--card-foreground)",
  "--normal-border": "var(--border)",
  "--info-bg": "var(--card)",
  "--info-text": "var(--card-foreground)",
  "--info-border": "var(--border)",
  "--success-bg": "var(--card)",
  "--success-text": "var(--success)",
  "--success-border": "var(--success)",
  "--error-bg": "var(--card)",
  "--error-text": "var(--destructive)",
  "--error-border": "var(--destructive)",
} as React.CSSProperties;
