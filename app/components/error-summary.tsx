import { type Ref, useCallback, useContext, useEffect, useRef } from "react";
import { FieldScope } from "~/components/ui/field";
import { errorTitle, type FormNotice, fieldId, INVALID_FIELDS_NOTICE, type SummaryItem } from "~/schemas/form-result";

// GOV.UK's error summary (design-system.service.gov.uk/components/error-summary): a titled box at the top of a
// form, focused when it appears, each problem a link to its field. The links are plain fragments (#field-email),
// so they work before JavaScript runs; with it, a click focuses the field without a navigation (a hash change
// would make the router drop the action's answer, and with it this summary) and brings its label into view.

/**
 * GOV.UK's "Error: " before the page title while the summary shows. The server renders it for a refused post
 * (app/components/page-meta.tsx); a summary the browser's own check raised edits the title's text in place, where
 * React's next title (the next page's) replaces it, and takes it off again when it goes.
 */
function markTitle() {
  const title = document.querySelector("title");
  const text = title?.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE || text.nodeValue?.startsWith("Error: ")) return () => {};
  const marked = errorTitle(text.nodeValue ?? "");
  text.nodeValue = marked;
  return () => {
    if (text.nodeValue === marked) text.nodeValue = marked.slice("Error: ".length);
  };
}

/** The control a summary link names: its id, or else the first control with that name in the same form. */
function controlFor(link: HTMLAnchorElement, item: SummaryItem, id: string) {
  const byId = document.getElementById(id);
  if (byId) return byId;
  const form = link.closest("form") ?? document;
  return form.querySelector<HTMLElement>(`[name="${CSS.escape(item.name)}"]`);
}

function focusControl(event: React.MouseEvent<HTMLAnchorElement>, item: SummaryItem, id: string) {
  const control = controlFor(event.currentTarget, item, id);
  if (!control) return;
  event.preventDefault();
  const label =
    control.closest("fieldset")?.querySelector("legend") ?? document.querySelector(`label[for="${CSS.escape(id)}"]`);
  (label ?? control).scrollIntoView({ block: "start" });
  control.focus({ preventScroll: true });
}

/**
 * "There is a problem" and a link to each field in error. `notice` is the form's own outcome line (the spec's
 * words, such as "Missing Information"), kept above the list unless it only says to correct the fields.
 */
export function ErrorSummary({
  items,
  notice,
  ref,
  ...attributes
}: {
  items: SummaryItem[];
  notice?: FormNotice | null;
  ref?: Ref<HTMLDivElement>;
  "data-form-alert"?: string;
}) {
  const scope = useContext(FieldScope);
  const own = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (element: HTMLDivElement | null) => {
      own.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  useEffect(() => {
    // React moves focus for autoFocus only on form controls, so a summary that appears in the browser (the form's
    // own check, or conform's, which first focuses the field) takes it here. Only as it appears: never while typing.
    own.current?.focus();
    return markTitle();
  }, []);
  const showNotice = notice && notice !== INVALID_FIELDS_NOTICE && notice.type === "error";
  return (
    <div
      ref={setRef}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: GOV.UK's summary takes focus as it appears, before JavaScript runs too
      autoFocus
      role="alert"
      aria-labelledby="error-summary-title"
      data-error-summary=""
      {...attributes}
      className={
        "rounded-md border-4 border-destructive bg-card p-4 text-card-foreground outline-none " +
        "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      }
    >
      <h2 id="error-summary-title" className="text-lg font-bold">
        There is a problem
      </h2>
      {showNotice ? (
        <p className="mt-1 text-sm">
          <span className="font-semibold">{/[.!?]$/.test(notice.title) ? notice.title : `${notice.title}.`}</span>{" "}
          {notice.description}
        </p>
      ) : null}
      <ul className="mt-2 list-none space-y-1.5">
        {items.map((item) => {
          const id = item.id ?? fieldId(item.name, scope);
          return (
            <li key={item.name}>
              <a
                href={`#${id}`}
                onClick={(event) => focusControl(event, item, id)}
                className="font-semibold text-destructive underline underline-offset-2 hover:no-underline"
              >
                {item.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
