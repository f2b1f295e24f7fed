import type { ReactNode } from "react";

// The frame and parts of the site's content pages (about, how it works, FAQ, winners, contact, payment results).

/** The bordered card that items on the content pages sit in. */
export const cardClass = "rounded-lg border border-border bg-card p-6 text-card-foreground";

const headingClass = {
  "3xl": "text-3xl font-bold tracking-tight",
  "2xl": "text-2xl font-semibold tracking-tight",
  xl: "text-xl font-semibold",
  lg: "text-lg font-semibold",
} as const;

/** A content page: one article labelled by its h1, with the lead paragraph under the title. */
export function ContentPage({
  titleId,
  title,
  lead,
  largeLead = true,
  width = "max-w-4xl",
  children,
}: {
  titleId: string;
  title: ReactNode;
  lead: ReactNode;
  largeLead?: boolean;
  width?: "max-w-4xl" | "max-w-6xl";
  children: ReactNode;
}) {
  return (
    <article aria-labelledby={titleId} className={`mx-auto ${width} px-4 py-10 sm:px-6`}>
      <h1 id={titleId} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className={`mt-4 max-w-prose ${largeLead ? "text-lg leading-8" : "leading-7"} text-muted-foreground`}>
        {lead}
      </p>
      {children}
    </article>
  );
}

type SectionProps = {
  /** Makes the section a link target (it then leaves room for the sticky header when scrolled to). */
  id?: string;
  titleId: string;
  title: ReactNode;
  /** Drawn before the title, e.g. <Users aria-hidden="true" className="size-6 text-accent" />. */
  icon?: ReactNode;
  size?: keyof typeof headingClass;
  className?: string;
  children: ReactNode;
};

/** A part of a page labelled by its h2, by default spaced well apart from what comes before it. */
export function Section({ id, titleId, title, icon, size = "2xl", className = "mt-12", children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className={id ? `${className} scroll-mt-24` : className}>
      <h2 id={titleId} className={icon ? `flex items-center gap-2 ${headingClass[size]}` : headingClass[size]}>
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A muted box with its own heading: a note after a page's main content. */
export function Callout({
  bordered = false,
  className = "mt-12",
  size = "xl",
  ...props
}: Omit<SectionProps, "id"> & { bordered?: boolean }) {
  const box = `rounded-lg ${bordered ? "border border-border " : ""}bg-muted p-6`;
  return <Section size={size} className={className ? `${className} ${box}` : box} {...props} />;
}

/** A small muted note in a column beside a page's main content. */
export function SideNote(props: Omit<SectionProps, "id" | "size" | "className">) {
  return <Callout size="lg" className="" {...props} />;
}

/** A page's h1 with an icon before the words. */
export function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
      {icon}
      {children}
    </h1>
  );
}
