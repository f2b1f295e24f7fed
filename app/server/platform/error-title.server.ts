import type { EntryContext } from "react-router";
import { answerHasFieldErrors, errorTitle } from "~/schemas/form-result";

type RouteModules = EntryContext["routeModules"];

/** Each route's meta with "Error: " before its title (a copy: the build's own modules are shared by every request). */
function withErrorTitles(routeModules: RouteModules): RouteModules {
  const wrapped: RouteModules = {};
  for (const [id, module] of Object.entries(routeModules)) {
    const meta = module?.meta;
    wrapped[id] =
      module && meta
        ? {
            ...module,
            meta: (args) =>
              (typeof meta === "function" ? meta(args) : meta)?.map((d) =>
                d && "title" in d ? { ...d, title: errorTitle(String(d.title)) } : d,
              ),
          }
        : module;
  }
  return wrapped;
}

/**
 * GOV.UK's "Error: " before the page title of a form an action refused (field errors in its answer), as the server
 * renders it: so a page posted without JavaScript says so first. Meta functions do not receive action data, so the
 * routes' meta is wrapped for this render only. In the browser the error summary marks the title itself
 * (app/components/error-summary.tsx), so every page's first-load JavaScript carries none of this.
 */
export function withRefusalTitle(context: EntryContext): EntryContext {
  const answers = Object.values(context.staticHandlerContext.actionData ?? {});
  if (!answers.some(answerHasFieldErrors)) return context;
  return { ...context, routeModules: withErrorTitles(context.routeModules) };
}
