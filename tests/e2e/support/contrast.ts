import type { Locator, Page } from "playwright-core";

// WCAG's contrast ratio between colours the browser computed ("rgb(r, g, b)" or "rgba(r, g, b, a)"), for what axe
// cannot measure: a focus outline, or table cells partly hidden in a scrolling region on a phone.

type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
  if (parts.length < 3) throw new Error(`not an rgb() colour: ${colour}`);
  const [r = 0, g = 0, b = 0, a = 1] = parts;
  return [r, g, b, a];
}

/** `top` drawn over an opaque `bottom`. */
function over(top: string, bottom: string): string {
  const [r, g, b, a] = parse(top);
  const [br, bg, bb] = parse(bottom);
  const mix = (f: number, u: number) => Math.round(f * a + u * (1 - a));
  return `rgb(${mix(r, br)}, ${mix(g, bg)}, ${mix(b, bb)})`;
}

function luminance(colour: string) {
  const [r, g, b] = parse(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgba;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Backgrounds nearest first, composed from the page (over white) up to the nearest. */
const composed = (layers: string[]) => layers.reduceRight((below, layer) => over(layer, below), "rgb(255, 255, 255)");

/** The opaque colour behind an element: its own and its ancestors' backgrounds together. */
export async function backgroundBehind(locator: Locator): Promise<string> {
  const layers = await locator.evaluate((element) => {
    const found: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") found.push(colour);
    }
    return found;
  });
  return composed(layers);
}

/**
 * Every piece of text inside the elements `selector` matches, with its contrast against what is behind it and the
 * ratio WCAG asks of it (3:1 for large text, 4.5:1 otherwise), whether or not it is scrolled into view.
 */
export async function textContrasts(page: Page, selector: string) {
  const pieces = await page.evaluate((selector) => {
    const found: { label: string; colour: string; layers: string[]; large: boolean }[] = [];
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const element = text.parentElement;
        if (!element || !text.textContent?.trim() || !element.checkVisibility()) continue;
        const style = getComputedStyle(element);
        const layers: string[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor;
          if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") layers.push(colour);
        }
        const size = Number.parseFloat(style.fontSize);
        found.push({
          label: text.textContent.trim().slice(0, 40),
          colour: style.color,
          layers,
          large: size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66),
        });
      }
    }
    return found;
  }, selector);
  return pieces.map(({ label, colour, layers, large }) => {
    const behind = composed(layers);
    return { label, ratio: contrastRatio(over(colour, behind), behind), needed: large ? 3 : 4.5 };
  });
}
