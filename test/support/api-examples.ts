import ts from "typescript";
import { expect } from "vitest";
import { RulesError } from "../../src/rules/kernel/errors";

/*
 * Runs the examples of a rules API page, so the page cannot rot: every
 * fenced block of its tag (```ts rules for FANGS in docs/rules/api.md,
 * ```ts sharene in docs/rules/sharene-api.md) runs with the core's exports
 * in scope (the block's import lines are dropped). Results written in the
 * block are checked:
 *
 *   expr; // → value     expr deep-equals value
 *   expr; // ≈ value     expr matches value (the fields shown)
 *   expr; // throws "c"  expr throws a RulesError with code "c"
 *
 * An annotation may also stand on its own line(s) right after a one-line
 * expression; lines that go on with "//   " continue the value. A second
 * comment in brackets after two spaces is only a remark.
 */

export interface ExampleBlock {
  readonly heading: string;
  readonly line: number;
  readonly source: string;
}

/** The page's blocks fenced with "```ts <tag>", each with the heading it stands under. */
export function exampleBlocks(page: string, tag: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  const lines = page.split("\n");
  let heading = "";
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.startsWith("## ")) heading = line.slice(3).trim();
    if (line.trim() !== `\`\`\`ts ${tag}`) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== "```") end += 1;
    blocks.push({ heading, line: start + 1, source: lines.slice(start, end).join("\n") });
    i = end;
  }
  return blocks;
}

const ANNOTATION = /^(\s*)(.*?);?\s*\/\/ (→|≈|throws) (.+)$/;
const OWN_LINE = /^(\s*)\/\/ (→|≈) (.+)$/;
const CONTINUED = /^\s*\/\/ {3}(.+)$/;

/** The value ends at a remark in brackets after two spaces: "// → 8   (why)" checks 8. */
function withoutRemark(value: string): string {
  return value.replace(/\s{2,}\([^)]*\)\s*$/, "");
}

/** Turns the annotated lines of a block into checks; everything else runs as written. */
function instrument(block: ExampleBlock, page: string): string {
  const out: string[] = [];
  const lines = block.source.split("\n");
  const check = (indent: string, expr: string, mark: string, value: string, at: number): string => {
    const where = block.line + at;
    if (mark === "throws") return `${indent}__throws(() => { ${expr}; }, ${value}, ${where});`;
    return `${indent}__${mark === "→" ? "equal" : "match"}(() => (${expr}), (${value}), ${where});`;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\s*import\s/.test(line)) continue;
    const own = OWN_LINE.exec(line);
    if (own) {
      let value = own[3]!;
      while (i + 1 < lines.length && CONTINUED.test(lines[i + 1]!))
        value += ` ${CONTINUED.exec(lines[++i]!)![1]}`;
      value = withoutRemark(value);
      let previous = out.length - 1;
      while (previous >= 0 && out[previous]!.trim() === "") previous -= 1;
      const statement = out[previous];
      if (statement === undefined || !/;\s*$/.test(statement)) {
        throw new Error(`${page} line ${block.line + i}: "// ${own[2]}" follows no one-line expression`);
      }
      const indent = /^\s*/.exec(statement)![0];
      out[previous] = check(indent, statement.trim().replace(/;\s*$/, ""), own[2]!, value, i);
      continue;
    }
    const annotated = ANNOTATION.exec(line);
    if (annotated && annotated[2]!.trim() !== "") {
      const value = withoutRemark(annotated[4]!);
      out.push(check(annotated[1]!, annotated[2]!, annotated[3]!, value, i));
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}

/** Runs one block with `scope` (name → value) in scope; `page` names the page in failures. */
export function runExample(
  block: ExampleBlock,
  scope: Readonly<Record<string, unknown>>,
  page: string,
): void {
  const typescript = instrument(block, page);
  // An annotation the instrumenting missed would be a claim nobody checks.
  const unchecked = typescript.split("\n").filter((line) => /\/\/ (→|≈|throws) /.test(line));
  expect(unchecked, `${page} line ${block.line}: annotations left unchecked`).toEqual([]);
  const { outputText, diagnostics } = ts.transpileModule(typescript, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    reportDiagnostics: true,
  });
  expect(diagnostics ?? [], `${page} line ${block.line}: TypeScript syntax`).toEqual([]);
  const names = Object.keys(scope);
  const equal = (actual: () => unknown, expected: unknown, line: number) =>
    expect(actual(), `${page} line ${line}`).toEqual(expected);
  const match = (actual: () => unknown, expected: object, line: number) =>
    expect(actual(), `${page} line ${line}`).toMatchObject(expected);
  const throws = (fn: () => unknown, code: string, line: number) => {
    let thrown: unknown = null;
    try {
      fn();
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `${page} line ${line}: expected RulesError "${code}"`).toBeInstanceOf(RulesError);
    expect((thrown as RulesError).code, `${page} line ${line}`).toBe(code);
  };
  // The block runs inside braces so it may declare names the core also exports.
  const body = `{\n${outputText}\n}`;
  const fn = new Function(...names, "__equal", "__match", "__throws", body);
  fn(...names.map((n) => scope[n]), equal, match, throws);
}
