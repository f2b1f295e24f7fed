import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import type { ReactNode } from "react";

const tones = {
  error: { icon: AlertCircle, className: "border-destructive text-foreground", iconClass: "text-destructive" },
  success: { icon: CheckCircle2, className: "border-success text-foreground", iconClass: "text-success" },
  info: { icon: Info, className: "border-border text-foreground", iconClass: "text-primary" },
} as const;

/** A titled message in the page itself, so it is read out and stays visible without JavaScript. */
export function Notice({
  tone = "info",
  title,
  children,
  live = tone === "error",
}: {
  tone?: keyof typeof tones;
  title: string;
  children?: ReactNode;
  live?: boolean;
}) {
  const { icon: Icon, className, iconClass } = tones[tone];
  return (
    <div role={live ? "alert" : undefined} className={`flex gap-3 rounded-lg border-2 bg-card p-4 ${className}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${iconClass}`} />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1 text-sm text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
