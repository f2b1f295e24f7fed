import { lazy, Suspense, useEffect, useState } from "react";
import type { Toast } from "~/server/platform/toast.server";
import { onToastQueued, showToast } from "./toast-queue";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/** The toast region: shows the server's toast for this page, and loads Sonner only once there is a toast to show. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastQueued(() => setWanted(true)), []);
  useEffect(() => (toast ? showToast(toast.type, toast.title, toast.description) : undefined), [toast]);
  // While Sonner loads, a marker says a toast is on its way (end-to-end tests that expect none look for it).
  return wanted ? (
    <Suspense fallback={<span hidden data-toast-pending="" />}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

/** The server's toast written into the page for a browser without JavaScript, where the toast itself never shows. */
export function ToastWithoutScript({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  const error = toast.type === "error";
  return (
    <noscript>
      <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
        <div
          role={error ? "alert" : "status"}
          data-toast-without-script=""
          className={`rounded-md border border-l-4 bg-card p-4 text-card-foreground ${
            error ? "border-l-destructive" : "border-l-success"
          }`}
        >
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
        </div>
      </div>
    </noscript>
  );
}
