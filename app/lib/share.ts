/** Spec section 9: social channels open a 600x400 popup. */
const SHARE_POPUP = { width: 600, height: 400 } as const;

export const LINK_COPIED = "Link copied!";
export const COPY_FAILED = { title: "Failed to copy", description: "Please copy the link manually" } as const;

/** The public link to a competition: /competitions/{id} on the public host, which redirects to the page. */
export function competitionShareUrl(baseUrl: string, id: number): string {
  return `${baseUrl.replace(/\/$/, "")}/competitions/${id}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function xShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ url, text })}`;
}

/** The window features for a share popup, centred on the current window. */
export function sharePopupFeatures(screen: { x: number; y: number; width: number; height: number }): string {
  const left = Math.max(0, Math.round(screen.x + (screen.width - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screen.y + (screen.height - SHARE_POPUP.height) / 2));
  const { width, height } = SHARE_POPUP;
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`;
}

/** Opens a share page in a 600x400 popup. */
export function openSharePopup(url: string): void {
  window.open(
    url,
    "paddock-share",
    sharePopupFeatures({ x: window.screenX, y: window.screenY, width: window.outerWidth, height: window.outerHeight }),
  );
}

/** Copies text with the Clipboard API; false when the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
