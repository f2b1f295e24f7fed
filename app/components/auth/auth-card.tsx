/**
 * The centred card every sign-in and sign-up page sits in, with the page's one h1; `footer` is a small line
 * under the form (a way back).
 */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  wide,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto px-4 py-10 sm:px-6 sm:py-16 ${wide ? "max-w-2xl" : "max-w-md"}`}>
      <div className="rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-muted-foreground">{intro}</div> : null}
        <div className="mt-6">
          {children}
          {footer ? <p className="mt-6 text-sm">{footer}</p> : null}
        </div>
      </div>
    </div>
  );
}
