// Brings the repository's copy of the rules texts (docs/rules/texts/) up to
// date from a rules folder beside the clone, so tests never read outside the
// repository. Usage: npm run sync-rules [-- path/to/rules]  (default ../shared/rules)
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const from = resolve(root, process.argv[2] ?? "../shared/rules");
const to = join(root, "docs/rules/texts");
if (!existsSync(from)) {
  console.error(`No rules folder at ${from}: pass its path, e.g. npm run sync-rules -- ../rules`);
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
