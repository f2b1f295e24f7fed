import { Menu, ShieldCheck, ShoppingBasket, UserRound, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import logoHref from "~/assets/favicon.svg?url";
import { buttonClass } from "~/components/ui/button";
import { NotificationBell } from "./notification-bell";
import { NAV_LINKS } from "./site-nav";
import { ThemeSwitch } from "./theme-switch";
import { useDisclosure } from "./use-disclosure";

type HeaderUser = { name: string; email: string; isStaff?: boolean; unread?: number } | null;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium hover:bg-muted ${
    isActive ? "text-foreground underline decoration-2" : "text-muted-foreground"
  }`;

export function SiteHeader({ user }: { user: HeaderUser }) {
  const { ref: menu, open, onToggle } = useDisclosure();

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold tracking-tight" aria-label="Paddock home">
          {/* Low priority, or React preloads it in <head> ahead of the stylesheet and the page's largest image. */}
          <img src={logoHref} alt="" width={32} height={32} fetchPriority="low" className="h-8 w-8" />
          <span>Paddock</span>
        </Link>
        <nav aria-label="Main" className="ml-2 hidden xl:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden sm:block">
            <ThemeSwitch />
          </div>
          {user ? <NotificationBell initial={user.unread ?? 0} /> : null}
          <div className="hidden items-center gap-2 whitespace-nowrap xl:flex">
            {user ? (
              <>
                {user.isStaff ? (
                  <Link to="/admin" className={buttonClass("ghost", "sm")}>
                    <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Admin
                  </Link>
                ) : null}
                <Link to="/account" className={buttonClass("outline", "sm")}>
                  <UserRound aria-hidden="true" className="h-4 w-4" /> My Account
                </Link>
                <Link to="/basket" className={buttonClass("primary", "sm")}>
                  <ShoppingBasket aria-hidden="true" className="h-4 w-4" /> My Basket
                </Link>
              </>
            ) : (
              <>
                <Link to="/auth" className={buttonClass("outline", "sm")}>
                  Sign In
                </Link>
                <Link to="/auth?tab=signup" className={buttonClass("primary", "sm")}>
                  Join Now
                </Link>
              </>
            )}
          </div>
          {/* A <details> disclosure, so the menu opens before (or without) JavaScript; script only closes it on
              navigation and Escape. Its panel hangs below the sticky header, over the page. */}
          <details ref={menu} open={open} onToggle={onToggle} className="xl:hidden">
            <summary
              className={`${buttonClass("ghost", "icon")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
              aria-label={open ? "Close menu" : "Open menu"}
            >
              <Menu aria-hidden="true" className="h-5 w-5 [details[open]_&]:hidden" />
              <X aria-hidden="true" className="hidden h-5 w-5 [details[open]_&]:block" />
            </summary>
            <div
              id="mobile-menu"
              className={
                "absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto " +
                "border-y border-border bg-background"
              }
            >
              <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4">
                <ul className="grid gap-1">
                  {NAV_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        end={link.to === "/"}
                        className={({ isActive }) => `${navLinkClass({ isActive })} block text-base`}
                      >
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
                <div className="mt-4 flex flex-wrap items-center gap-2">
                  {user ? (
                    <>
                      {user.isStaff ? (
                        <Link to="/admin" className={buttonClass("ghost", "sm")}>
                          Admin
                        </Link>
                      ) : null}
                      <Link to="/account" className={buttonClass("outline", "sm")}>
                        My Account
                      </Link>
                      <Link to="/basket" className={buttonClass("primary", "sm")}>
                        My Basket
                      </Link>
                    </>
                  ) : (
                    <>
                      <Link to="/signin" className={buttonClass("outline", "sm")}>
                        Sign In
                      </Link>
                      <Link to="/join" className={buttonClass("primary", "sm")}>
                        Join Now
                      </Link>
                    </>
                  )}
                  <div className="sm:hidden">
                    <ThemeSwitch />
                  </div>
                </div>
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
