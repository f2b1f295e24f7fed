import { Link } from "react-router";
import { FOOTER_LINKS, NAV_LINKS, SOCIAL_LINKS } from "./site-nav";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-border bg-card text-card-foreground">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Paddock</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Skill-based equestrian prize competitions for riders in the UK and Ireland, aged 18 and over. A free postal
            entry route is open for every competition.
          </p>
        </div>
        <nav aria-label="Explore">
          <h2 className="text-sm font-semibold">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {NAV_LINKS.slice(1).map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal and help">
          <h2 className="text-sm font-semibold">Legal and help</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/newsletter" className="text-muted-foreground hover:text-foreground hover:underline">
                Newsletter
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Social">
          <h2 className="text-sm font-semibold">Follow us</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {SOCIAL_LINKS.map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-muted-foreground hover:text-foreground hover:underline"
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Paddock Competitions Ltd. Entrants must be 18+ and resident in the UK or Ireland.
      </p>
    </footer>
  );
}
