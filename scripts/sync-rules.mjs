// Brings the repository's copy of the rules texts (docs/rules/texts/) up to
// date from the rules folder the texts are maintained in, so tests never read
// outside the repository. Usage: npm run sync-rules -- <path to the rules folder>
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const given = process.argv[2];
if (!given) {
  console.error("Name the rules folder: npm run sync-rules -- <path to the rules folder>");
  process.exit(1);
}
const from = resolve(process.cwd(), given);
const to = join(root, "docs/rules/texts");
if (!existsSync(from)) {
  console.error(`No rules folder at ${from}.`);
  process.exit(1);
}
let changed = 0;
for (const name of readdirSync(from).filter((n) => n.endsWith(".md"))) {
  const source = join(from, name);
  const copy = join(to, name);
  if (existsSync(copy) && readFileSync(copy, "utf8") === readFileSync(source, "utf8")) continue;
  copyFileSync(source, copy);
  changed++;
  console.log(`updated ${name}`);
}
console.log(changed === 0 ? "The rules texts are up to date." : `${changed} file(s) updated.`);
