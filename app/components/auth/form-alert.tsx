import type { Ref } from "react";
import { FormNoticeBox } from "~/components/form-feedback";
import type { FormNotice } from "~/schemas/form";

/** The outcome of a sign-in, account or admin form: FormNoticeBox with a border all round, marked for tests. */
export function FormAlert({ notice, ref }: { notice?: FormNotice | null; ref?: Ref<HTMLDivElement> }) {
  return <FormNoticeBox notice={notice} ref={ref} look="border" data-form-alert={notice?.type} />;
}
