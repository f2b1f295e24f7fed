import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { useNonce } from "~/components/nonce";
import { SupportReference } from "~/components/support-reference";
import { DATABASE_UNAVAILABLE } from "~/content/unavailable";
import { themeBootScript } from "~/lib/theme";
import { requestContext } from "~/server/platform/context";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
// A file of its own with a content-hashed name under /assets/ (cached for a year): vite.config.ts never inlines it.
import faviconHref from "./assets/favicon.svg?url";

/** The request id, shown as the support reference on error pages. No headers: each page keeps its own caching. */
export function loader({ context }: Route.LoaderArgs) {
  return { requestId: context.get(requestContext)?.id ?? null };
}

// Runs in every navigation's data request, so the reference names the request whose loader failed.
export const shouldRevalidate = () => true;

// `precedence` makes React emit the stylesheet among the first tags in <head>, ahead of the dozens of modulepreload
// hints <Scripts> adds there: otherwise the one render-blocking request waits behind them for a connection.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: faviconHref, type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script: the theme never flashes */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets tests (and scripts) know React has taken over the server-rendered page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again.";
  const unexpected = !isRouteErrorResponse(error) || error.status >= 500;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`;
    details = error.status === 404 ? "The page you are looking for does not exist." : details;
    if (error.status === 503) {
      title = DATABASE_UNAVAILABLE.title;
      details = DATABASE_UNAVAILABLE.message;
    }
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{details}</p>
      {unexpected ? <SupportReference className="mt-4" /> : null}
      <p className="mt-8">
        <a href="/" className="inline-flex rounded-md bg-primary px-5 py-2.5 font-semibold text-primary-foreground">
          Return to home
        </a>
      </p>
    </main>
  );
}
