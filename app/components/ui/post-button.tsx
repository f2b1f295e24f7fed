import { Form } from "react-router";
import { Button, type ButtonProps } from "./button";

/** The values a form posts without showing them: its intent, the id of the row it acts on, and so on. */
export function HiddenFields({ values }: { values: Record<string, string | number> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** A one-button form: posts `values` to the page (or `action`) and shows nothing else. */
export function PostButton({
  values,
  action,
  ...button
}: { values: Record<string, string | number>; action?: string } & Omit<ButtonProps, "type">) {
  return (
    <Form method="post" action={action}>
      <HiddenFields values={values} />
      <Button type="submit" {...button} />
    </Form>
  );
}
