import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { BRAND_INTERVAL_MS } from "~/components/motion-timings";
import { partnerBrands } from "~/content/showcase";
import { useAutoplay } from "./use-autoplay";

const TILE_REM = 14; // w-52 tile plus gap-4
const SLIDE_MS = 700;

/** The partner brands, advancing one tile every 3 s in a loop, with a pause control. */
export function BrandStrip() {
  const total = partnerBrands.length;
  const [step, setStep] = useState(0);
  const [animate, setAnimate] = useState(true);
  const { playing, toggle } = useAutoplay(BRAND_INTERVAL_MS, () => {
    setAnimate(true);
    setStep((s) => Math.min(s + 1, total));
  });

  // After sliding onto the duplicate of the first brand, jump back to the real one without animating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: total is read inside; biome misreads the early return
  useEffect(() => {
    if (step < total) return;
    const id = window.setTimeout(() => {
      setAnimate(false);
      setStep(0);
    }, SLIDE_MS + 50);
    return () => window.clearTimeout(id);
  }, [step, total]);

  const tile = (brand: (typeof partnerBrands)[number]) => (
    <li
      key={brand.name}
      className={
        "flex w-52 flex-none flex-col items-center justify-center rounded-lg border border-border " +
        "bg-card px-4 py-5 text-center text-card-foreground"
      }
    >
      <span className="font-serif text-lg font-bold leading-tight">{brand.name}</span>
      <span className="mt-1 text-xs text-muted-foreground">{brand.tagline}</span>
    </li>
  );

  return (
    <section aria-labelledby="brands-title" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="brands-title" className="text-xl font-semibold tracking-tight">
            Prizes from brands riders trust
          </h2>
          <p className="text-sm text-muted-foreground">Sample content: these brand names are fictional examples.</p>
        </div>
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? "Pause brand carousel" : "Play brand carousel"}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-border hover:bg-muted"
        >
          {playing ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
        </button>
      </div>
      <div className="mt-4 overflow-hidden">
        <div
          data-testid="brand-track"
          data-step={step % total}
          className={`flex w-max gap-4 ${animate ? "transition-transform ease-in-out" : ""}`}
          style={{
            transform: `translateX(-${step * TILE_REM}rem)`,
            transitionDuration: animate ? `${SLIDE_MS}ms` : undefined,
          }}
        >
          <ul aria-label="Partner brands" className="flex gap-4">
            {partnerBrands.map(tile)}
          </ul>
          {/* A second copy so the loop never shows an empty edge; hidden from assistive technology. */}
          <ul aria-hidden="true" className="flex gap-4">
            {partnerBrands.map(tile)}
          </ul>
        </div>
      </div>
    </section>
  );
}
