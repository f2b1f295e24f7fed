import { CircleAlert, CircleCheck } from "lucide-react";
import { type Ref, useEffect, useRef, useState } from "react";
import { ErrorSummary } from "~/components/error-summary";
import {
  type FormCheck,
  type FormNotice,
  type FormReply,
  fieldError,
  invalidReply,
  parseSubmission,
  sentValue,
} from "~/schemas/form";
import { type SummaryItem, summaryItems } from "~/schemas/form-result";

const NOTICE_LOOKS = {
  // The contact and newsletter pages: a coloured left edge.
  edge: {
    box:
      "flex gap-3 rounded-md border border-l-4 bg-card p-4 text-card-foreground outline-none " +
      "focus-visible:ring-2 focus-visible:ring-ring",
    error: "border-l-destructive",
    success: "border-l-success",
    icon: "mt-0.5 size-5 shrink-0",
    description: "mt-1 text-sm leading-6",
  },
  // The sign-in, account and admin forms (FormAlert): a coloured border all round.
  border: {
    box: "flex gap-3 rounded-md border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring",
    error: "border-destructive",
    success: "border-success",
    icon: "mt-0.5 h-5 w-5 shrink-0",
    description: "mt-1 text-sm",
  },
} as const;

/**
 * A form's outcome on the page: role="alert" for problems, role="status" for success. Rendered by the server
 * too, so it works without JavaScript. Focusable so the page can move focus to it after a submission. When
 * fields were refused (`errors`), it is the error summary: "There is a problem" and a link to each field.
 */
export function FormNoticeBox({
  notice,
  errors,
  ref,
  look = "edge",
  ...attributes
}: {
  notice: FormNotice | null | undefined;
  errors?: SummaryItem[];
  ref?: Ref<HTMLDivElement>;
  look?: keyof typeof NOTICE_LOOKS;
  "data-form-alert"?: string;
}) {
  if (errors?.length) return <ErrorSummary items={errors} notice={notice} ref={ref} {...attributes} />;
  if (!notice) return null;
  const style = NOTICE_LOOKS[look];
  const error = notice.type === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={error ? "alert" : "status"}
      {...attributes}
      className={`${style.box} ${error ? style.error : style.success}`}
    >
      <Icon aria-hidden="true" className={`${style.icon} ${error ? "text-destructive" : "text-success"}`} />
      <div>
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p className={style.description}>{notice.description}</p> : null}
      </div>
    </div>
  );
}

/**
 * The one way a form page shows its outcome: the server's FormReply (which works without JavaScript) or, given the
 * form's FormCheck, the browser's own verdict before submitting (conform's parseWithZod with the same zod schema as
 * the action, see app/schemas/form.ts); a form the schema refuses is then not sent. The sign-in, account and admin
 * forms pass no check: their schemas sit beside the common-password list, which pages do not ship. Each new reply
 * moves focus to its error summary when fields were refused, or else to the first invalid field or the notice, so
 * keyboard and screen-reader users land on it.
 */
export function useFormReply(serverReply: FormReply | undefined, check?: FormCheck) {
  const [clientReply, setClientReply] = useState<FormReply | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new server reply replaces the browser's
  useEffect(() => setClientReply(null), [serverReply]);
  const reply: FormReply | null = clientReply ?? serverReply ?? null;
  const summary = summaryItems(reply?.result);
  useEffect(() => {
    if (!reply) return;
    const summaryBox = noticeRef.current?.hasAttribute("data-error-summary") ? noticeRef.current : null;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (summaryBox ?? firstInvalid ?? noticeRef.current)?.focus();
  }, [reply]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!check) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const submission = parseSubmission(new FormData(event.currentTarget, submitter), check.schema);
    if (submission.status === "success") return setClientReply(null);
    event.preventDefault();
    setClientReply(invalidReply(submission, check.notice));
  }

  return {
    reply,
    /** The fields in error, for the form's error summary. */
    summary,
    formRef,
    noticeRef,
    onSubmit,
    error: (name: string) => fieldError(reply?.result, name),
    value: (name: string) => sentValue(reply?.result, name),
    /** A field's name, what was sent in it and its message, for a TextField. */
    field: (name: string) => ({
      name,
      defaultValue: sentValue(reply?.result, name),
      error: fieldError(reply?.result, name),
    }),
  };
}

/** Props wiring a control to its Field's label, hint and error. */
export function controlProps({ id, describedBy, invalid }: { id: string; describedBy?: string; invalid: boolean }) {
  return { id, "aria-describedby": describedBy, "aria-invalid": invalid || undefined };
}
