import { Copy, Link as LinkIcon, Share2 } from "lucide-react";
import { Section } from "~/components/page-section";
import { showToast } from "~/components/toast-queue";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { COPY_FAILED, copyText, facebookShareUrl, LINK_COPIED, openSharePopup, xShareUrl } from "~/lib/share";
import { useHydrated } from "~/lib/use-now";

/**
 * Copy link, Facebook, X and Instagram (which copies the link, as Instagram has no share URL). The link is
 * also shown in a field, so it can be copied by hand; without JavaScript the social links open in a new tab.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();

  async function copy(description?: string) {
    if (await copyText(url)) showToast("success", LINK_COPIED, description);
    else showToast("error", COPY_FAILED.title, COPY_FAILED.description);
  }

  const social = (href: string, label: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass("outline", "sm")}
      onClick={(event) => {
        event.preventDefault();
        openSharePopup(href);
      }}
    >
      <Share2 aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Share on </span>
      {label}
      <span className="sr-only"> (opens a new window)</span>
    </a>
  );

  return (
    <Section
      titleId="share-title"
      title="Share this competition"
      size="lg"
      className="rounded-lg border border-border bg-card p-5 text-card-foreground"
    >
      <label htmlFor="share-link" className="mt-3 block text-sm font-medium">
        Link to this competition
      </label>
      <input
        id="share-link"
        type="text"
        readOnly
        value={url}
        className={`${inputClass} mt-1.5`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass("outline", "sm")} disabled={!hydrated} onClick={() => copy()}>
          <LinkIcon aria-hidden="true" className="h-4 w-4" />
          Copy link
        </button>
        {social(facebookShareUrl(url), "Facebook")}
        {social(xShareUrl(url, title), "X (Twitter)")}
        <button
          type="button"
          className={buttonClass("outline", "sm")}
          disabled={!hydrated}
          onClick={() => copy("Paste it into your Instagram post, story or bio.")}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          Instagram
        </button>
      </div>
    </Section>
  );
}
