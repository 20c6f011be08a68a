import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The relative module specifiers a built ES module loads: static ones
 * (`import … from "./x.js"`, `export … from "./x.js"`, `import "./x.js"`)
 * and dynamic ones (`import("./x.js")`, with any quote). Bare names and
 * absolute URLs are not files of the system folder and are left out.
 */
export function relativeImports(code) {
  const staticSpecifiers = new Set();
  const dynamicSpecifiers = new Set();
  const relative = (s) => s.startsWith("./") || s.startsWith("../");
  for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])([^"'`]+)\1/g)) {
    if (relative(m[2])) staticSpecifiers.add(m[2]);
  }
  for (const m of code.matchAll(/\bimport\s*\(\s*(["'`])([^"'`$]+)\1\s*\)/g)) {
    if (relative(m[2])) dynamicSpecifiers.add(m[2]);
  }
  return { static: [...staticSpecifiers], dynamic: [...dynamicSpecifiers] };
}

/**
 * Every module reachable from `entry` (a path relative to dir), following
 * static and dynamic relative imports, as paths relative to dir with "/".
 * `startup` is the entry and what it loads statically (what the browser
 * fetches before the entry runs); `lazy` is what only a dynamic import
 * reaches; `missing` lists imported files dir lacks.
 */
export function moduleGraph(dir, entry) {
  const imports = new Map();
  const missing = [];
  /** Files reached from `from`, following static imports only or dynamic ones too. */
  const reach = (from, withDynamic) => {
    const seen = new Set();
    const queue = [from];
    while (queue.length > 0) {
      const file = queue.shift();
      if (seen.has(file)) continue;
      const absolute = path.join(dir, file);
      if (!existsSync(absolute)) {
        if (!missing.includes(file)) missing.push(file);
        continue;
      }
      seen.add(file);
      if (!imports.has(file)) imports.set(file, relativeImports(readFileSync(absolute, "utf8")));
      const found = imports.get(file);
      const next = withDynamic ? [...found.static, ...found.dynamic] : found.static;
      for (const s of next) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), s)));
    }
    return [...seen];
  };
  const startup = reach(entry, false);
  const lazy = reach(entry, true).filter((file) => !startup.includes(file));
  return { startup, lazy, missing };
}
