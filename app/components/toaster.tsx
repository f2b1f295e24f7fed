import { useEffect } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "~/server/platform/toast.server";

export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "success" ? showToast.success : toast.type === "error" ? showToast.error : showToast;
    // Deferred so the toast survives React's strict double-invoke and the first paint.
    const id = window.setTimeout(() => show(toast.title, { description: toast.description }), 0);
    return () => window.clearTimeout(id);
  }, [toast]);
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
