/**
 * A wide table scrolls inside its own region on a narrow screen, so the page itself never scrolls sideways. The
 * region is focusable and named, so keyboard users can scroll it too; it positions its contents, so a visually hidden
 * (absolutely positioned) label inside cannot poke out past the page's edge.
 */
export function ScrollRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
      tabIndex={0}
      className="relative max-w-full overflow-x-auto focus-visible:outline-3 focus-visible:outline-ring"
    >
      {children}
    </section>
  );
}
