import { NavLink } from "react-router";

type TabLink = {
  to: string;
  label: string /** Active only on this exact path (default), or below it too. */;
  end?: boolean;
};

const ACTIVE = "border-primary text-foreground";
const IDLE = "border-transparent text-muted-foreground hover:text-foreground";

/** A section's tabs as links, the current one underlined; they wrap rather than scroll on a narrow screen. */
export function TabNav({ label, links, className = "" }: { label: string; links: TabLink[]; className?: string }) {
  return (
    <nav aria-label={label} className={`border-b border-border ${className}`}>
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end ?? true}
              className={({ isActive }) =>
                `inline-block border-b-2 px-3 py-2 text-sm font-medium ${isActive ? ACTIVE : IDLE}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
