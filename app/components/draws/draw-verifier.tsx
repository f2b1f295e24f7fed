import { useState } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { Check } from "~/domain/draw/verify";

type Result = { state: "idle" } | { state: "busy" } | { state: "done"; checks: Check[] } | { state: "error" };

const STATUS_TEXT: Record<Check["status"], string> = { pass: "Pass", fail: "Fail", pending: "Not yet" };
const STATUS_CLASS: Record<Check["status"], string> = {
  pass: "text-success",
  fail: "text-destructive",
  pending: "text-muted-foreground",
};

function summaryOf(checks: Check[]) {
  const failed = checks.filter((c) => c.status === "fail");
  if (failed.length > 0) return `The draw does not match: ${failed.map((c) => c.label).join(", ")} failed.`;
  if (checks.some((c) => c.status === "pending"))
    return "Everything published so far matches. The rest can be checked once the draw has run.";
  return "The draw matches: every check passed, recomputed in your browser.";
}

/**
 * Recomputes the draw in the visitor's browser from the published record and manifest (the same verifier the
 * server and the command-line tool use): the manifest hash, the beacon's BLS signature, the seed and the sequence.
 */
export function DrawVerifier({
  jsonUrl,
  manifestUrl,
  local,
}: {
  jsonUrl: string;
  manifestUrl: string;
  local: boolean;
}) {
  const [result, setResult] = useState<Result>({ state: "idle" });
  const [entryRef, setEntryRef] = useState("");

  async function verify() {
    setResult({ state: "busy" });
    try {
      const [record, manifest, { verifyDraw }] = await Promise.all([
        fetch(jsonUrl, { cache: "no-store" }).then((r) => r.json()),
        fetch(manifestUrl).then((r) => (r.ok ? r.text() : "")),
        import("~/domain/draw/verify"),
      ]);
      const checks = verifyDraw(record, manifest, { allowLocalBeacon: local, entryRef: entryRef.trim() || undefined });
      setResult({ state: "done", checks });
    } catch {
      setResult({ state: "error" });
    }
  }

  return (
    <div className="space-y-4">
      <div className="max-w-sm space-y-1.5">
        <label htmlFor="entry-ref" className="block text-sm font-medium">
          Your entry reference (optional)
        </label>
        <input
          id="entry-ref"
          name="entryRef"
          value={entryRef}
          onChange={(e) => setEntryRef(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="entry-ref-hint"
          className={inputClass}
        />
        <p id="entry-ref-hint" className="text-sm text-muted-foreground">
          It is in the e-mail we sent with your tickets. We look for it in the entry list.
        </p>
      </div>
      <Button type="button" onClick={verify} disabled={result.state === "busy"}>
        {result.state === "busy" ? "Verifying…" : "Verify this draw"}
      </Button>
      <div role="status" aria-live="polite" className="space-y-3">
        {result.state === "error" ? (
          <p className="font-medium text-destructive">The published data could not be loaded. Please try again.</p>
        ) : null}
        {result.state === "done" ? (
          <>
            <p className="font-semibold">{summaryOf(result.checks)}</p>
            <ol className="space-y-2">
              {result.checks.map((c) => (
                <li key={c.name} className="rounded-md border border-border p-3">
                  <span className={`font-semibold ${STATUS_CLASS[c.status]}`}>{STATUS_TEXT[c.status]}</span>
                  <span className="font-medium">: {c.label}</span>
                  <span className="block text-sm text-muted-foreground wrap-anywhere">{c.detail}</span>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </div>
  );
}
