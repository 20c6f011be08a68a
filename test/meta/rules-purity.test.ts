import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "../..");
const rulesDir = join(root, "src/rules");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** Drops comments and string contents so prose about "the document" is not taken for code. */
function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/`(?:\\.|[^`\\])*`/g, "``")
    .replace(/"(?:\\.|[^"\\])*"/g, '""')
    .replace(/'(?:\\.|[^'\\])*'/g, "''");
}

const FORBIDDEN = [
  {
    what: "a Foundry or browser global",
    pattern: /\b(game|CONFIG|foundry|Hooks|ui|canvas|document|window|globalThis)\s*[.[]/,
  },
  { what: "Foundry's Roll class", pattern: /\bRoll\s*[.(]|new\s+Roll\b/ },
  { what: "ChatMessage", pattern: /\bChatMessage\b/ },
];

describe("the rules core stays pure", () => {
  const files = sourceFiles(rulesDir);

  it("has source files to check, every ruleset's core among them", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const core of ["kernel", "fangs", "sharene", "lunos", "rhf", "h2h"])
      expect(files.some((f) => f.startsWith(join(rulesDir, core)))).toBe(true);
  });

  it.each(files.map((f) => relative(root, f)))("%s names no Foundry global, Roll or DOM", (file) => {
    const code = codeOnly(readFileSync(join(root, file), "utf8"));
    for (const { what, pattern } of FORBIDDEN) {
      const hit = pattern.exec(code);
      expect(hit, `${file} mentions ${what}: ${hit?.[0]}`).toBeNull();
    }
  });

  it.each(files.map((f) => relative(root, f)))("%s imports nothing from outside src/rules", (file) => {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/from\s+["']([^"']+)["']/g)) {
      const spec = match[1]!;
      if (spec.startsWith(".")) {
        const target = resolve(join(root, file, ".."), spec);
        expect(target.startsWith(rulesDir), `${file} imports ${spec}`).toBe(true);
      } else {
        // The core runs in the browser bundle, the simulator and workers alike: no packages, not even node:.
        expect.fail(`${file} imports the package ${spec}`);
      }
    }
  });

  it("the purity check itself catches a Foundry global", () => {
    const sample = codeOnly('const x = game.settings.get("fangs", "x"); // game.foo');
    expect(FORBIDDEN[0]!.pattern.test(sample)).toBe(true);
    expect(FORBIDDEN[0]!.pattern.test(codeOnly("// the document is fine in a comment"))).toBe(false);
  });
});

describe("the shipped code imports nothing from the tests", () => {
  const srcDir = join(root, "src");
  const files = sourceFiles(srcDir);
  // What a build from the sources alone has: the code and the files the system ships.
  const shipped = ["src", "lang", "templates", "packs", "styles"].map((d) => join(root, d));

  it.each(files.map((f) => relative(root, f)))("%s imports only from the shipped folders", (file) => {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/(?:from\s+|import\()\s*["']([^"']+)["']/g)) {
      const spec = match[1]!;
      if (!spec.startsWith(".")) continue;
      const target = resolve(join(root, file, ".."), spec);
      // A build from a copy of the sources (npm run dev, a release) has no test/ beside src/.
      expect(
        shipped.some((dir) => target.startsWith(dir)),
        `${file} imports ${spec}`,
      ).toBe(true);
    }
  });
});
