// Draw benchmark: a manifest of BENCH_DRAW_ENTRIES (1,000,000) eligible entries, built, hashed, parsed back and
// drawn from a real quicknet round, as the close (build + hash) and the verifiers (parse + hash + draw) do.
//
//   npm run bench:draw
//
// Target: the draw itself (hash + sequence) under 2 s; the figures go in docs/benchmarks.md.
import { sha256Hex, utf8 } from "../app/domain/draw/bytes";
import { QUICKNET } from "../app/domain/draw/chain";
import { buildManifest, type ManifestEntry, parseManifest } from "../app/domain/draw/manifest";
import { drawSeed, drawSequence } from "../app/domain/draw/sequence";
import vectors from "../app/domain/draw/vectors.json";

const N = Number(process.env.BENCH_DRAW_ENTRIES ?? 1_000_000);
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function timed<T>(label: string, run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`);
  return [result, ms];
}

const entries: ManifestEntry[] = Array.from({ length: N }, (_, i) => ({
  ticketNumber: i + 1,
  entryRef: Array.from({ length: 12 }, (_, j) => ALPHABET[(i * 31 + j * 7 + (i >> j)) % 32]).join(""),
  source: i % 50 === 0 ? "postal" : "paid",
}));
const beacon = vectors.quicknetRounds[3] as { round: number; randomness: string };
const manifestInput = {
  competitionId: 1,
  network: "drand-quicknet" as const,
  chainHash: QUICKNET.hash,
  round: beacon.round,
  entries,
};

console.log(`Draw over ${N.toLocaleString("en-GB")} entries (Node ${process.version})`);
const [text] = timed("build manifest text", () => buildManifest(manifestInput));
console.log(`${"manifest size".padEnd(34)} ${(utf8(text).length / 1e6).toFixed(1).padStart(6)} MB`);
const [hash, hashMs] = timed("SHA-256 of the manifest (M)", () => sha256Hex(utf8(text)));
const [sequence, drawMs] = timed("seed + winner + 10 alternates", () =>
  drawSequence(drawSeed(hash, beacon.randomness), N),
);
timed("parse manifest back (verifier)", () => parseManifest(text));
console.log(`${"draw total (hash + sequence)".padEnd(34)} ${(hashMs + drawMs).toFixed(0).padStart(6)} ms`);
console.log(`winner position ${sequence[0]}, alternates ${sequence.slice(1).join(", ")}`);
if (hashMs + drawMs >= 2000) {
  console.error("Over the 2 s target.");
  process.exitCode = 1;
}
