import { Link } from "react-router";
import { type Inline, plainText, type RichText } from "~/content/document";

/** Underlined in-text link style shared by the content pages. */
export const textLinkClass = "font-medium text-primary underline";

/** Rich text from app/content: plain runs, bold runs and links, in order. */
export function RichTextRuns({ text }: { text: RichText }) {
  if (typeof text === "string") return text;
  return keyed(text, (run) => plainText([run])).map(([key, run]) => <Run key={key} run={run} />);
}

function Run({ run }: { run: Inline }) {
  if (typeof run === "string") return run;
  if ("strong" in run) return <strong>{run.strong}</strong>;
  // In-page fragments and other sites are plain anchors; the site's own pages go through the router.
  if (run.to.startsWith("#") || /^https?:/.test(run.to)) {
    return (
      <a href={run.to} className={textLinkClass}>
        {run.link}
      </a>
    );
  }
  return (
    <Link to={run.to} className={textLinkClass}>
      {run.link}
    </Link>
  );
}

/** React keys for static content: the text itself, numbered when it repeats. */
export function keyed<T>(list: readonly T[], text: (item: T) => string): [string, T][] {
  const seen = new Map<string, number>();
  return list.map((item) => {
    const key = text(item);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return [count ? `${key}#${count}` : key, item];
  });
}
