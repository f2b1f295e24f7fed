import {
  ChevronRight,
  ClipboardList,
  ExternalLink,
  FileClock,
  Gauge,
  Globe,
  LifeBuoy,
  Mail,
  Menu,
  MessageSquareWarning,
  Settings,
  ShieldCheck,
  ShoppingCart,
  TicketPercent,
  Trophy,
  UserCheck,
} from "lucide-react";
import { Link, NavLink } from "react-router";
import logoHref from "~/assets/favicon.svg?url";
import { buttonClass } from "~/components/ui/button";
import type { Crumb } from "~/domain/admin-breadcrumbs";
import { SignOutButton } from "../account/account-shell";
import { ThemeSwitch } from "../theme-switch";
import { useDisclosure } from "../use-disclosure";

type Area = { label: string; to: string; end: boolean };

const ICONS: Record<string, typeof Gauge> = {
  "/admin": Gauge,
  "/admin/competitions": Trophy,
  "/admin/orders": ShoppingCart,
  "/admin/winners": ClipboardList,
  "/admin/complaints": MessageSquareWarning,
  "/admin/roles": ShieldCheck,
  "/admin/settings": Settings,
  "/admin/domain": Globe,
  "/admin/audit": FileClock,
  "/admin/marketing": Mail,
  "/admin/consent": UserCheck,
  "/admin/recovery": LifeBuoy,
  // Not Tag: the home page's offer dialog draws that one, and sharing it would put a chunk of the console's on the
  // home page (tests/e2e/first-load.test.ts).
  "/admin/promo-codes": TicketPercent,
};

const NO_MARKER = "[&::-webkit-details-marker]:hidden";

const areaClass = ({ isActive }: { isActive: boolean }) =>
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium " +
  (isActive ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground");

/** The console's areas: a disclosure on a phone (closed on each navigation and by Escape), the sidebar on a desktop. */
function AreaMenu({ areas }: { areas: Area[] }) {
  const { ref, open, onToggle } = useDisclosure();
  return (
    <details
      ref={ref}
      open={open}
      onToggle={onToggle}
      className="admin-menu rounded-lg border border-border lg:border-0"
    >
      <summary
        className={`${buttonClass("ghost", "md")} w-full cursor-pointer list-none justify-start lg:hidden ${NO_MARKER}`}
      >
        <Menu aria-hidden="true" className="h-5 w-5" /> Menu
      </summary>
      <nav aria-label="Admin" className="p-2 lg:p-0">
        <ul className="grid gap-1">
          {areas.map((area) => {
            const Icon = ICONS[area.to] ?? ChevronRight;
            return (
              <li key={area.to}>
                <NavLink to={area.to} end={area.end} className={areaClass}>
                  <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {area.label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-border p-3 sm:hidden">
        <ThemeSwitch />
      </div>
    </details>
  );
}

/** Where the page sits in the console; the last step is the page itself. */
function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.to} className="flex min-w-0 items-center gap-1">
              {i > 0 ? <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
              {last ? (
                <span aria-current="page" className="font-medium break-words text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="break-words underline-offset-4 hover:text-foreground hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The operator console's frame: its own bar (no public banner, basket or site navigation), the areas this person may
 * open, the breadcrumbs, then the page.
 */
export function AdminShell({
  areas,
  crumbs,
  staffName,
  children,
}: {
  areas: Area[];
  crumbs: Crumb[];
  staffName: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only-focusable fixed left-2 top-2 z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-card text-card-foreground">
        <div className="mx-auto flex h-14 max-w-[90rem] items-center gap-3 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 font-bold tracking-tight">
            <img src={logoHref} alt="" width={28} height={28} fetchPriority="low" className="h-7 w-7" />
            <span>
              Paddock <span className="font-medium text-muted-foreground">console</span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden max-w-48 truncate text-sm text-muted-foreground md:inline">{staffName}</span>
            <div className="hidden sm:block">
              <ThemeSwitch />
            </div>
            <Link to="/" className={buttonClass("ghost", "sm")}>
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              {/* An icon alone on a phone, where the bar has room for little else; its name stays for everyone. */}
              <span className="sr-only sm:not-sr-only">View site</span>
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <div
        className={
          "mx-auto grid max-w-[90rem] gap-4 px-4 py-4 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-8"
        }
      >
        <div className="lg:self-start">
          <AreaMenu areas={areas} />
        </div>
        <div className="min-w-0">
          <Breadcrumbs crumbs={crumbs} />
          <main id="main" tabIndex={-1} className="mt-4 outline-none">
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
