import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/auth/text-field";
import { FormNoticeBox, type useFormReply } from "~/components/form-feedback";
import { cardClass, Section } from "~/components/page-section";
import { SubmitButton } from "~/components/ui/button";
import { EMAIL_MAX } from "~/schemas/form";

type FormReplyState = ReturnType<typeof useFormReply>;

/**
 * The shell of a public page whose main content is one form (contact, complaints): the heading and intro, then the
 * form in a card beside the side notes, its outcome above the fields and a submit button that says when it is
 * sending. `formKey` changes once a message is sent, which clears the fields.
 */
export function PublicFormPage({
  heading,
  intro,
  form,
  formKey,
  submitLabel,
  aside,
  children,
  after,
}: {
  heading: string;
  intro: ReactNode;
  form: { titleId: string; title: string; requiredNote: string; reply: FormReplyState };
  formKey: string | number;
  submitLabel: string;
  aside: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { reply, summary, formRef, noticeRef, onSubmit } = form.reply;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
      <p className="mt-4 max-w-prose leading-7 text-muted-foreground">{intro}</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Section titleId={form.titleId} title={form.title} size="xl" className={cardClass}>
          <p className="mt-1 text-sm text-muted-foreground">{form.requiredNote}</p>
          <div className="mt-4 empty:hidden">
            <FormNoticeBox
              notice={reply?.notice}
              errors={summary}
              ref={noticeRef}
              data-form-alert={summary.length ? "error" : reply?.notice?.type}
            />
          </div>
          <Form key={formKey} ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            {children}
            <SubmitButton busy={sending} label={submitLabel} busyLabel="Sending..." className="w-full sm:w-auto" />
          </Form>
        </Section>
        {aside}
      </div>
      {after}
    </div>
  );
}

/**
 * The sender's name and e-mail, side by side: the first fields of every public form. `defaults` (a signed-in
 * visitor's name and address) fill them until something has been sent.
 */
export function NameAndEmail({
  field,
  nameMax,
  defaults,
}: {
  field: FormReplyState["field"];
  nameMax: number;
  defaults?: { name: string; email: string } | null;
}) {
  // Each field starts with what was sent, else the signed-in visitor's own.
  const prefilled = (key: "name" | "email") => {
    const sent = field(key);
    return { ...sent, defaultValue: sent.defaultValue ?? defaults?.[key] };
  };
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="Name" {...prefilled("name")} required autoComplete="name" maxLength={nameMax} />
      <TextField
        label="Email"
        {...prefilled("email")}
        required
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
      />
    </div>
  );
}
