// Lines of source at most 120 characters (the formatter wraps code; this catches long strings and comments).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX = 120;
const files = execFileSync(
  "git",
  ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx", "*.js", "*.mjs", "*.cjs", "*.css"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((file) => file && !file.startsWith("drizzle/"));

const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // deleted in the working tree
  }
  text.split("\n").forEach((line, i) => {
    if (line.length > MAX) long.push(`${file}:${i + 1}: ${line.length} characters`);
  });
}
if (long.length > 0) {
  console.error(`${long.length} line(s) over ${MAX} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`line length: ${files.length} files, every line at most ${MAX} characters`);
