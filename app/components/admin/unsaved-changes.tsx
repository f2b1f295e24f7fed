import { useEffect, useRef, useState } from "react";
import { useBlocker, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Keeps unsaved changes from being lost: warns before another page replaces this one (React Router's blocker for links
 * inside the site, the browser's own question for closing the tab or leaving the site). Sending the form is not
 * leaving: `onSubmit` marks it, until the navigation it starts is over.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const sending = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !sending.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (sending.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return { blocker, markSending: () => (sending.current = true) };
}

/** What a form would send, as text: its fields' names and values, in order (files and `skip`ped names left out). */
function formText(form: HTMLFormElement, skip: readonly string[]) {
  const fields: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !skip.includes(name)) fields.push([name, value]);
  }
  return new URLSearchParams(fields).toString();
}

/**
 * Whether the form (by id) now differs from what it showed when it was put on the page: what it would send, compared
 * with what it would have sent then. Read-only fields, defaults and formatting cannot make a form that nobody touched
 * look changed. A form re-mounted after saving starts afresh.
 */
export function useChangedSinceLoad(formId: string, enabled: boolean, skip: readonly string[] = []) {
  const [changed, setChanged] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names skipped are fixed for a form's life.
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!enabled || !(form instanceof HTMLFormElement)) return;
    const loaded = formText(form, skip);
    const check = () => setChanged(formText(form, skip) !== loaded);
    // A reset changes the fields after its event: read them once it has.
    const afterReset = () => setTimeout(check, 0);
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    form.addEventListener("reset", afterReset);
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      form.removeEventListener("reset", afterReset);
    };
  }, [formId, enabled]);
  return changed;
}

/**
 * The sticky bar a form with unsaved changes shows at the bottom of the screen: it says so, saves or discards them,
 * and asks before leaving when the guard stopped a navigation.
 */
export function SaveBar({
  dirty,
  busy,
  blocker,
  saveLabel,
  saveButton,
  discard,
}: {
  dirty: boolean;
  busy: boolean;
  blocker: ReturnType<typeof useBlocker>;
  saveLabel: string;
  /** The save button's own name and value (the form's intent), if it has one. */
  saveButton?: { name?: string; value?: string };
  discard: React.ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const blocked = blocker.state === "blocked";
  return (
    <>
      {/* Always there, so screen readers hear the change when the first edit is made. */}
      <p role="status" className="sr-only">
        {dirty ? "You have unsaved changes" : ""}
      </p>
      {dirty || blocked ? (
        <section
          aria-label="Unsaved changes"
          data-testid="save-bar"
          className={
            "sticky bottom-0 z-20 -mx-2 rounded-t-lg border border-border bg-card p-3 text-card-foreground shadow-lg"
          }
        >
          {blocked ? (
            <div role="alertdialog" aria-labelledby="leave-title" aria-describedby="leave-text" className="space-y-3">
              <p id="leave-title" className="font-semibold">
                Leave without saving?
              </p>
              <p id="leave-text" className="text-sm">
                Your changes to this form will be lost.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" autoFocus onClick={() => blocker.reset?.()}>
                  Stay on this page
                </Button>
                <Button type="button" variant="destructive" onClick={() => blocker.proceed?.()}>
                  Leave and lose changes
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <p className="font-medium">You have unsaved changes</p>
              <div className="ml-auto flex gap-2">
                <Button type="submit" {...discard} variant="outline" size="sm" disabled={busy}>
                  Discard
                </Button>
                <Button type="submit" size="sm" disabled={busy} {...saveButton}>
                  {busy ? "Saving…" : saveLabel}
                </Button>
              </div>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
