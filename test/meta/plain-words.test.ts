import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * A newcomer reads the sources and the docs with nothing else at hand: no
 * nickname for a part of the rules core (the letters once given to its
 * halves), no path into a folder beside the repository. Name the module or
 * the file instead.
 */

const root = resolve(__dirname, "../..");
const FOLDERS = ["src", "docs", "test", "scripts", "bench"];
const TEXT = /\.(ts|mts|mjs|js|md|hbs|json|css)$/;
/** Third-party files kept as they were published. */
const VENDORED = join(root, "test/preview/vendor");

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (path === VENDORED) return [];
    if (statSync(path).isDirectory()) return textFiles(path);
    return TEXT.test(name) ? [path] : [];
  });
}

const FORBIDDEN = [
  { what: "a letter nickname for a half of the rules core", pattern: /\b[Rr]ules[- ][AB]\b/ },
  { what: "a path to a folder beside the repository", pattern: /\.\.\/shared\b/ },
];

describe("words a newcomer can decode", () => {
  const files = [...FOLDERS.flatMap((folder) => textFiles(join(root, folder))), join(root, "README.md")];

  it("has files to read", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((f) => relative(root, f)))("%s uses no internal nickname or outside path", (file) => {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    const hits = lines.flatMap((line, i) =>
      FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${file}:${i + 1}: ${what}`),
    );
    expect(hits).toEqual([]);
  });
});
