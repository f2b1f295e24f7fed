import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { useFormReply } from "~/components/form-feedback";
import { FieldScope } from "~/components/ui/field";
import { HiddenFields } from "~/components/ui/post-button";
import { FormAlert } from "./form-alert";

type FormReplyState = ReturnType<typeof useFormReply>;

/** While a form is being sent: any form, or only the one posting this intent. */
export function useBusy(intent?: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && (intent === undefined || navigation.formData?.get("intent") === intent);
}

/**
 * A form posting to its page (or `action`), with its hidden values and, above its fields, the notice of the
 * page's reply to it or its error summary; `form` is what useFormReply gave for that reply. `idScope` keeps the
 * ids of its fields apart from another form's on the same page (see fieldId).
 */
export function ReplyForm({
  form,
  hidden = {},
  action,
  className = "space-y-5",
  idScope,
  children,
}: {
  form: Pick<FormReplyState, "formRef" | "noticeRef" | "reply" | "summary">;
  hidden?: Record<string, string>;
  action?: string;
  className?: string;
  idScope?: string;
  children: ReactNode;
}) {
  return (
    <Form ref={form.formRef} method="post" action={action} noValidate className={className}>
      <FieldScope value={idScope}>
        <HiddenFields values={hidden} />
        <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
        {children}
      </FieldScope>
    </Form>
  );
}
