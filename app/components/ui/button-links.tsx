import { Link } from "react-router";
import { buttonClass } from "./button";

type ButtonLink = {
  to: string;
  label: string;
  variant: "primary" | "outline" | "ghost";
  reloadDocument?: boolean;
};

/** The ways on from a page, as a row of links that look like buttons; a null leaves its place out. */
export function ButtonLinks({
  links,
  className = "mt-6 flex flex-wrap gap-3",
}: {
  links: (ButtonLink | null)[];
  className?: string;
}) {
  return (
    <div className={className}>
      {links.map((link) =>
        link ? (
          <Link key={link.to} to={link.to} reloadDocument={link.reloadDocument} className={buttonClass(link.variant)}>
            {link.label}
          </Link>
        ) : null,
      )}
    </div>
  );
}
