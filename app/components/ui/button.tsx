import { Slot } from "./slot";

const variants = {
  primary: "bg-primary text-primary-foreground hover:opacity-90",
  secondary: "bg-secondary text-secondary-foreground hover:opacity-90",
  outline: "border border-border bg-transparent text-foreground hover:bg-muted",
  ghost: "bg-transparent text-foreground hover:bg-muted",
  destructive: "bg-destructive text-destructive-foreground hover:opacity-90",
} as const;
const baseClass =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring " +
  "disabled:cursor-not-allowed disabled:opacity-50";
const sizes = { sm: "h-9 px-3 text-sm", md: "h-11 px-5", lg: "h-12 px-6 text-lg", icon: "h-11 w-11" } as const;

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export function buttonClass(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", extra = "") {
  return `${baseClass} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

export function Button({ variant, size, asChild, className = "", ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={buttonClass(variant, size, className)} {...props} />;
}

/** The submit button, saying what is happening while its form is sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  ...props
}: { busy: boolean; label: string; busyLabel: string } & Pick<
  ButtonProps,
  "variant" | "size" | "className" | "name" | "value"
>) {
  return (
    <Button type="submit" {...props} disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
