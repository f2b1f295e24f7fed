import { showToast } from "~/components/toast-queue";
import { buttonClass } from "~/components/ui/button";

/** The spec's words for the export's outcome. */
const EXPORT_MESSAGES = { ok: "Export successful", failed: "Export failed" } as const;

/**
 * A link to the CSV that works without JavaScript; with it, the file is fetched so the page can say whether the
 * export succeeded (a stream that breaks half-way is a failure, not a short file).
 */
export function ExportParticipants({ competitionId, title }: { competitionId: number; title: string }) {
  const href = `/admin/competitions/${competitionId}/participants.csv`;
  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "export.csv";
      link.click();
      URL.revokeObjectURL(url);
      showToast("success", EXPORT_MESSAGES.ok);
    } catch {
      showToast("error", EXPORT_MESSAGES.failed);
    }
  }
  return (
    <a
      href={href}
      download
      onClick={download}
      className={buttonClass("ghost", "sm")}
      aria-label={`Export participants of ${title}`}
    >
      Export participants
    </a>
  );
}
