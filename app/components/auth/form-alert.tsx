import type { Ref } from "react";
import { FormNoticeBox } from "~/components/form-feedback";
import type { FormNotice, SummaryItem } from "~/schemas/form-result";

/**
 * The outcome of a sign-in, account or admin form: FormNoticeBox with a border all round, marked for tests; the
 * error summary when `errors` (useFormReply's `summary`) names fields.
 */
export function FormAlert({
  notice,
  errors,
  ref,
}: {
  notice?: FormNotice | null;
  errors?: SummaryItem[];
  ref?: Ref<HTMLDivElement>;
}) {
  const type = errors?.length ? "error" : notice?.type;
  return <FormNoticeBox notice={notice} errors={errors} ref={ref} look="border" data-form-alert={type} />;
}
