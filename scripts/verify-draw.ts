// Checks a Paddock draw from its published data alone, with no Paddock server code: the pure draw rules in
// app/domain/draw (SHA-256 and BLS12-381 from the audited noble libraries) and nothing else.
//
//   npm run verify-draw -- https://paddock.example/draws/12        (the page, or its draw.json)
//   npm run verify-draw -- ./draw.json                              (a saved record; manifest.url beside it)
//   npm run verify-draw -- <url or file> --entry 7K2M9QRT4VXZ       (also look for your entry reference)
//   npm run verify-draw -- <url or file> --allow-local-beacon       (accept a demo's local test beacon)
//
// Exit 0 when every check passes; 1 when one fails (it is printed) or the draw has not run yet; 2 on bad usage.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { drawMatches, type PublishedDraw, verifyDraw } from "../app/domain/draw/verify";

type Source = { record: PublishedDraw; manifest: string };

const isUrl = (s: string) => /^https?:\/\//.test(s);

async function fromUrl(target: string): Promise<Source> {
  const jsonUrl = target.endsWith(".json") ? target : `${target.replace(/\/$/, "")}/draw.json`;
  const response = await fetch(jsonUrl);
  if (!response.ok) throw new Error(`${jsonUrl} answered ${response.status}`);
  const record = (await response.json()) as PublishedDraw;
  if (!record.manifest) return { record, manifest: "" };
  const manifestResponse = await fetch(new URL(record.manifest.url, jsonUrl));
  if (!manifestResponse.ok) throw new Error(`the manifest answered ${manifestResponse.status}`);
  return { record, manifest: await manifestResponse.text() };
}

async function fromFile(file: string): Promise<Source> {
  const record = JSON.parse(await readFile(file, "utf8")) as PublishedDraw;
  if (!record.manifest) return { record, manifest: "" };
  // A saved record names its manifest by the site's path; beside the record, only its file name counts.
  const manifestFile = path.join(path.dirname(file), path.basename(record.manifest.url));
  return { record, manifest: await readFile(manifestFile, "utf8") };
}

const MARK = { pass: "PASS", fail: "FAIL", pending: "NOT YET" } as const;

export async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith("--"));
  const entryAt = argv.indexOf("--entry");
  const entryRef = entryAt >= 0 ? argv[entryAt + 1] : undefined;
  const target = args.find((a) => a !== entryRef);
  if (!target) {
    console.error("usage: npm run verify-draw -- <draw page URL | draw.json URL | draw.json file> [--entry REF]");
    return 2;
  }
  let source: Source;
  try {
    source = await (isUrl(target) ? fromUrl(target) : fromFile(target));
  } catch (error) {
    console.error(`Could not read the draw: ${(error as Error).message}`);
    return 2;
  }
  if (!source.record.manifest) {
    console.log("No entry list has been published for this draw yet.");
    return 1;
  }
  const checks = verifyDraw(source.record, source.manifest, {
    allowLocalBeacon: argv.includes("--allow-local-beacon"),
    entryRef,
  });
  for (const c of checks) console.log(`${MARK[c.status].padEnd(7)} ${c.label}: ${c.detail}`);
  const ok = drawMatches(checks);
  console.log(ok ? "\nThe draw matches." : "\nThe draw does NOT match (or has not run yet).");
  return ok ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
