import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState, type Ref } from "react";
import { toast } from "sonner";
import type { FormNotice } from "~/schemas/form";

/**
 * A form's outcome on the page: role="alert" for problems, role="status" for success. Rendered by the server
 * too, so it works without JavaScript. Focusable so the page can move focus to it after a submission.
 */
export function FormNoticeBox({ notice, ref }: { notice: FormNotice | null | undefined; ref?: Ref<HTMLDivElement> }) {
  if (!notice) return null;
  const error = notice.type === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={error ? "alert" : "status"}
      className={`flex gap-3 rounded-md border border-l-4 bg-card p-4 text-card-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring ${error ? "border-l-destructive" : "border-l-success"}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${error ? "text-destructive" : "text-success"}`} />
      <div>
        <p className="font-semibold">{notice.title}</p>
        <p className="mt-1 text-sm leading-6">{notice.description}</p>
      </div>
    </div>
  );
}

/** Repeats a form's outcome as a toast once JavaScript runs; a new result object shows a new toast. */
export function useNoticeToast(result: { notice: FormNotice } | null | undefined) {
  useEffect(() => {
    if (!result) return;
    const { type, title, description } = result.notice;
    const show = type === "success" ? toast.success : toast.error;
    // Deferred like the layout's Toaster, so React's strict double-invoke does not show it twice.
    const id = window.setTimeout(() => show(title, { description }), 0);
    return () => window.clearTimeout(id);
  }, [result]);
}

/**
 * The outcome a form page shows: the server's answer (which works without JavaScript) or, once JavaScript
 * runs, the same schema's verdict before submitting. Toasts each outcome and moves focus to the first
 * invalid field, or else to the notice, so keyboard and screen-reader users land on what changed.
 */
export function useFormResult<R extends { notice: FormNotice }>(
  actionData: R | undefined,
  parse: (form: FormData) => { success: true } | ({ success: false } & R),
) {
  const [clientResult, setClientResult] = useState<R | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => setClientResult(null), [actionData]);
  const result = clientResult ?? actionData ?? null;
  useNoticeToast(result);
  useEffect(() => {
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? noticeRef.current)?.focus();
  }, [result]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const parsed = parse(new FormData(event.currentTarget));
    setClientResult(parsed.success ? null : parsed);
    if (!parsed.success) event.preventDefault();
  }

  return { result, formRef, noticeRef, onSubmit };
}

/** Props wiring a control to its Field's label, hint and error. */
export function controlProps({ id, describedBy, invalid }: { id: string; describedBy?: string; invalid: boolean }) {
  return { id, "aria-describedby": describedBy, "aria-invalid": invalid || undefined };
}
