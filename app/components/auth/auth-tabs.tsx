import { useRef } from "react";
import { Link, useNavigate } from "react-router";

type AuthTab = "signin" | "signup";

const TABS: Array<{ id: AuthTab; label: string }> = [
  { id: "signin", label: "Sign In" },
  { id: "signup", label: "Sign Up" },
];

const selectedTab = "bg-background text-foreground shadow-sm";
const otherTab = "text-muted-foreground hover:text-foreground";

/**
 * Sign In | Sign Up. Each tab is a link to ?tab=..., so it works before JavaScript loads; once it runs,
 * arrow keys move between tabs as the ARIA tabs pattern expects.
 */
export function AuthTabs({
  active,
  redirectTo,
  children,
}: {
  active: AuthTab;
  redirectTo: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const refs = useRef<Record<AuthTab, HTMLAnchorElement | null>>({ signin: null, signup: null });
  const href = (tab: AuthTab) => {
    const params = new URLSearchParams({ tab });
    if (redirectTo !== "/") params.set("redirectTo", redirectTo);
    return `/auth?${params}`;
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next: AuthTab = active === "signin" ? "signup" : "signin";
    navigate(href(next), { replace: true, preventScrollReset: true });
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign in or sign up"
        className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => {
          const selected = tab.id === active;
          return (
            <Link
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              id={`tab-${tab.id}`}
              role="tab"
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              to={href(tab.id)}
              replace
              preventScrollReset
              className={`rounded px-3 py-2 text-center text-sm font-semibold ${selected ? selectedTab : otherTab}`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div id={`panel-${active}`} role="tabpanel" aria-labelledby={`tab-${active}`} className="mt-6">
        {children}
      </div>
    </div>
  );
}
