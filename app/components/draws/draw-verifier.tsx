import { useState } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { LOCAL_BEACON_INFO_PATH, servedChainKey } from "~/domain/draw/chain";
import { LOG_KEY_PATH, MANIFEST_LOG_PATH, parseLogKey } from "~/domain/draw/manifest-log";
import type { Check, PublishedDraw } from "~/domain/draw/verify";

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

const text = (r: Response) => (r.ok ? r.text() : "");

/** A local test beacon's key as this site serves it (not as the record says), or undefined for a quicknet draw. */
async function servedBeacon(record: PublishedDraw) {
  if (record.chain.network !== "local-test-beacon") return undefined;
  const response = await fetch(LOCAL_BEACON_INFO_PATH, { cache: "no-store" });
  return (response.ok ? servedChainKey(await response.json()) : null) ?? undefined;
}

/**
 * Recomputes the draw in the visitor's browser from the published record and manifest (the same verifier the
 * server and the command-line tool use): the manifest hash, the timeline, the manifest log (its signature checked
 * with the key this site publishes at LOG_KEY_PATH), the beacon's BLS
 * signature, the seed, the sequence and any skips, and a competition's revealed instant wins against the commitment
 * published at go-live. A local test beacon is accepted here (the page says it is for
 * testing), but only with the key this site serves for it.
 */
export function DrawVerifier({ jsonUrl, manifestUrl }: { jsonUrl: string; manifestUrl: string }) {
  const [result, setResult] = useState<Result>({ state: "idle" });
  const [entryRef, setEntryRef] = useState("");
  const [expectHash, setExpectHash] = useState("");

  async function verify() {
    setResult({ state: "busy" });
    try {
      const [record, manifest, { verifyDraw }] = await Promise.all([
        fetch(jsonUrl, { cache: "no-store" }).then((r) => r.json() as Promise<PublishedDraw>),
        fetch(manifestUrl).then(text),
        import("~/domain/draw/verify"),
      ]);
      const revealedAt = record.instantWins?.url;
      const [logText, logKey, localBeacon, instantWinsText] = await Promise.all([
        fetch(MANIFEST_LOG_PATH, { cache: "no-store" }).then(text),
        fetch(LOG_KEY_PATH).then(text).then(parseLogKey),
        servedBeacon(record),
        revealedAt ? fetch(revealedAt).then(text) : null,
      ]);
      const checks = verifyDraw(record, manifest, {
        localBeacon,
        logText,
        logKey,
        instantWinsText,
        entryRef: entryRef.trim() || undefined,
        expectHash: expectHash.trim() || undefined,
      });
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
      <div className="max-w-xl space-y-1.5">
        <label htmlFor="expect-hash" className="block text-sm font-medium">
          Manifest hash from your "entries closed" e-mail (optional)
        </label>
        <input
          id="expect-hash"
          name="expectHash"
          value={expectHash}
          onChange={(e) => setExpectHash(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="expect-hash-hint"
          className={`${inputClass} font-mono`}
        />
        <p id="expect-hash-hint" className="text-sm text-muted-foreground">
          We e-mailed it to every entrant at the close, before the draw. If it matches, this draw is the one fixed then.
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
