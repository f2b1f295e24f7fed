import { Children, cloneElement, isValidElement } from "react";

/** Merges its props (className joined) onto its single child, like Radix Slot. */
export function Slot({
  children,
  className,
  ...props
}: React.HTMLAttributes<HTMLElement> & { children?: React.ReactNode }) {
  const child = Children.only(children);
  if (!isValidElement<{ className?: string }>(child)) return null;
  return cloneElement(child, { ...props, className: [className, child.props.className].filter(Boolean).join(" ") });
}
