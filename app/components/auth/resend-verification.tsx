import { useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import type { FormReply } from "~/schemas/form";
import { EmailField } from "./account-fields";
import { ReplyForm, useBusy } from "./reply-form";

/** Asks for a new confirmation link. The answer is the same whether or not the address has an account. */
export function ResendVerification({ reply }: { reply?: FormReply }) {
  const busy = useBusy("resend");
  const form = useFormReply(reply);
  return (
    <details className="mt-6 rounded-md border border-border p-4" open={Boolean(reply)}>
      <summary className="cursor-pointer font-medium">Didn’t get your confirmation email?</summary>
      <ReplyForm form={form} hidden={{ intent: "resend" }} className="mt-4 space-y-4" idScope="resend">
        <EmailField label="Email for the new link" defaultValue={form.value("email")} error={form.error("email")} />
        <SubmitButton busy={busy} label="Send a new link" busyLabel="Sending…" variant="outline" />
      </ReplyForm>
    </details>
  );
}
