import { useEffect } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "~/server/toast.server";

export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "success" ? showToast.success : toast.type === "error" ? showToast.error : showToast;
    // Deferred so the toast survives React's strict double-invoke and the first paint.
    const id = window.setTimeout(() => show(toast.title, { description: toast.description }), 0);
    return () => window.clearTimeout(id);
  }, [toast]);
  return <Sonner position="top-right" duration={5000} visibleToasts={3} swipeDirections={["right"]} richColors closeButton toastOptions={{ className: "font-sans" }} />;
}
