import { ArrowDown } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";

/**
 * On phones, a bar fixed to the bottom of the screen: "Enter now · £x" takes the visitor to the entry form and
 * moves focus to its heading. It hides while the form is in view (and is not shown from 1024px, where the form
 * sits beside the gallery). Without JavaScript it is a plain link to the form.
 */
export function StickyEnterBar({ targetId, price }: { targetId: string; price: string }) {
  const [formInView, setFormInView] = useState(false);

  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target || typeof IntersectionObserver === "undefined") return;
    // "In view" once the form reaches the upper part of the screen: its first edge peeping in is not enough.
    const observer = new IntersectionObserver(([entry]) => setFormInView(entry?.isIntersecting ?? false), {
      rootMargin: "0px 0px -35% 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  return (
    <div
      data-testid="sticky-enter"
      data-sticky-enter=""
      hidden={formInView}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 p-3 shadow-lg backdrop-blur lg:hidden"
    >
      <a
        href={`#${targetId}`}
        className={buttonClass("primary", "lg", "w-full")}
        onClick={(event) => {
          const target = document.getElementById(targetId);
          if (!target) return;
          event.preventDefault();
          const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
          target.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
        }}
      >
        Enter now · {price}
        <ArrowDown aria-hidden="true" className="h-5 w-5" />
      </a>
    </div>
  );
}
