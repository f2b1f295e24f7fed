import { useRouteLoaderData } from "react-router";

/**
 * "Support reference: <id>" on a page that shows an unexpected error: the id of the request that failed (the root
 * loader returns it with every navigation), which every log line of that request carries.
 */
export function SupportReference({ className = "" }: { className?: string }) {
  const root = useRouteLoaderData("root") as { requestId?: string | null } | undefined;
  if (!root?.requestId) return null;
  return (
    <p className={`text-sm text-muted-foreground ${className}`}>
      Support reference: <code data-testid="support-reference">{root.requestId}</code>
    </p>
  );
}
