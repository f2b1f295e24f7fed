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
