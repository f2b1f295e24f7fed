import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useState } from "react";
import { TESTIMONIAL_INTERVAL_MS } from "~/components/motion-timings";
import { testimonials } from "~/content/showcase";
import { ReviewContent } from "./review";
import { useAutoplay } from "./use-autoplay";

const controlClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-border " +
  "bg-card text-card-foreground hover:bg-muted";

/**
 * The WAI-ARIA carousel pattern: rotation stops while the pointer or focus is inside, a pause/play button,
 * previous/next buttons (and arrow keys), and slide changes announced only when not rotating on its own.
 */
export function TestimonialsCarousel() {
  const total = testimonials.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { playing, toggle } = useAutoplay(
    TESTIMONIAL_INTERVAL_MS,
    () => setIndex((i) => (i + 1) % total),
    hovered || focused,
  );
  const go = (delta: number) => setIndex((i) => (i + delta + total) % total);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="testimonials-title"
      className="mx-auto max-w-4xl px-4 py-16 sm:px-6"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") go(-1);
        else if (e.key === "ArrowRight") go(1);
        else return;
        e.preventDefault();
      }}
    >
      <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
        What riders say
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Sample content: these reviews are illustrative examples.</p>
      <div className="mt-6 flex items-center gap-2">
        <button
          type="button"
          className={controlClass}
          onClick={toggle}
          aria-label={playing ? "Pause testimonials" : "Play testimonials"}
        >
          {playing ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
        </button>
        <button
          type="button"
          className={controlClass}
          onClick={() => go(-1)}
          aria-label="Previous testimonial"
          aria-controls="testimonial-slides"
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </button>
        <button
          type="button"
          className={controlClass}
          onClick={() => go(1)}
          aria-label="Next testimonial"
          aria-controls="testimonial-slides"
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div id="testimonial-slides" aria-live={playing && !hovered && !focused ? "off" : "polite"} className="mt-6">
        {testimonials.map((t, i) => (
          // A slide is a group (a role <figure> may not take), holding the quotation as a figure with its caption.
          <div
            key={t.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${total}`}
            hidden={i !== index}
            className="rounded-lg border border-border bg-card p-8 text-card-foreground"
          >
            <figure>
              <ReviewContent review={t} large />
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}
