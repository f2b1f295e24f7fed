import { Form } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ConsentHistoryTable, ConsentSummary } from "~/components/consent-history";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { pageMeta } from "~/lib/seo";
import { parseConsentLookup } from "~/schemas/admin-consent";
import { lookUpConsent } from "~/server/admin/consent.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/consent";

export const permission = { loader: "marketing:send" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const lookup = parseConsentLookup(new URL(request.url).searchParams);
  const result = lookup && !lookup.error ? await lookUpConsent(services, lookup.email) : null;
  return { lookup, result };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Marketing consent", "A person's marketing consent history.", [{ name: "robots", content: "noindex" }]);

export default function ConsentPage({ loaderData }: Route.ComponentProps) {
  const { lookup, result } = loaderData;
  return (
    <AdminPage
      title="Marketing consent"
      intro="Every grant and withdrawal of marketing consent for an e-mail address, from the ledger."
    >
      <Form method="get" role="search" aria-label="Look up consent" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="consent-email" className="block text-sm font-medium">
            E-mail address
          </label>
          <input
            id="consent-email"
            name="email"
            type="email"
            required
            defaultValue={lookup?.email ?? ""}
            aria-invalid={lookup?.error ? true : undefined}
            aria-describedby={lookup?.error ? "consent-email-error" : undefined}
            className={`${inputClass} mt-1.5`}
          />
          {lookup?.error ? (
            <p id="consent-email-error" className="mt-1 text-sm text-destructive">
              {lookup.error}
            </p>
          ) : null}
        </div>
        <Button type="submit">Look up</Button>
      </Form>
      {result ? (
        <AdminSection id="consent-result-title" title={`Consent for ${result.email}`}>
          <p className="mb-2 text-sm text-muted-foreground">
            {result.account ? `Account: ${result.account.name} (${result.account.email})` : "No account uses it."}
          </p>
          <ConsentSummary entries={result.entries} who="This person" />
          {result.entries.length > 0 ? (
            <ConsentHistoryTable
              entries={result.entries}
              caption={`Consent history of ${result.email}, newest first`}
            />
          ) : null}
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
