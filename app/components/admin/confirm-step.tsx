import { TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/schemas/confirm";

/**
 * The second step of a consequential action: what will happen, in words, and one button that sends the same form
 * again with confirm=yes. It works without JavaScript (the server answered the first submit with this step); with
 * it, focus moves here so a keyboard or screen-reader user hears the question at once. "Go back" changes nothing.
 */
export function ConfirmStep({
  title,
  children,
  values,
  confirmLabel,
  busyLabel,
  backTo,
  destructive = false,
}: {
  title: string;
  children: React.ReactNode;
  /** The fields of the form being confirmed, sent again as they were. */
  values: Record<string, string>;
  confirmLabel: string;
  busyLabel: string;
  backTo: string;
  destructive?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get(CONFIRM_FIELD) === CONFIRM_VALUE;
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="confirm-step-title"
      data-confirm-step=""
      className="rounded-lg border-2 border-amber-600 bg-card p-5 text-card-foreground dark:border-amber-400"
    >
      <h2
        id="confirm-step-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-700 dark:text-amber-300" />
        {title}
      </h2>
      <div className="mt-2 space-y-2">{children}</div>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
        <Button type="submit" size="sm" variant={destructive ? "destructive" : "primary"} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
        <Link to={backTo} className={buttonClass("outline", "sm")}>
          Go back
        </Link>
      </Form>
    </section>
  );
}
