import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { FormNotice } from "~/schemas/form";
import { FormAlert } from "./form-alert";
import { TextField } from "./text-field";

/** Asks for a new confirmation link. The answer is the same whether or not the address has an account. */
export function ResendVerification({ notice, error, open }: { notice?: FormNotice; error?: string; open?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend";
  return (
    <details className="mt-6 rounded-md border border-border p-4" open={open}>
      <summary className="cursor-pointer font-medium">Didn’t get your confirmation email?</summary>
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="resend" />
        <FormAlert notice={notice} />
        <TextField label="Email for the new link" name="email" type="email" autoComplete="email" error={error} />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Sending…" : "Send a new link"}
        </Button>
      </Form>
    </details>
  );
}
