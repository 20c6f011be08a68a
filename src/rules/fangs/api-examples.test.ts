import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as kernel from "../kernel";
import { RulesError } from "../kernel/errors";
import * as fangs from "./index";

/*
 * docs/rules/api.md must not rot: every ```ts rules block in it runs here,
 * with every export of the FANGS core and the kernel in scope (the block's
 * import lines are dropped). Results written in the block are checked:
 *
 *   expr; // → value     expr deep-equals value
 *   expr; // ≈ value     expr matches value (the fields shown)
 *   expr; // throws "c"  expr throws a RulesError with code "c"
 *
 * An annotation may also stand on its own line(s) right after a one-line
 * expression; lines that go on with "//   " continue the value.
 */

const apiFile = resolve(__dirname, "../../../docs/rules/api.md");
const api = readFileSync(apiFile, "utf8");
/** The rules core's part of api.md; the Foundry layer's sections follow it and are not plain TypeScript. */
const rulesPart = api.split(/^## .*\(Foundry layer\)\s*$/m)[0]!;

interface Block {
  readonly heading: string;
  readonly line: number;
  readonly source: string;
}

function rulesBlocks(): Block[] {
  const blocks: Block[] = [];
  const lines = api.split("\n");
  let heading = "";
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.startsWith("## ")) heading = line.slice(3).trim();
    if (line.trim() !== "```ts rules") continue;
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
function instrument(block: Block): string {
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
        throw new Error(`api.md line ${block.line + i}: "// ${own[2]}" follows no one-line expression`);
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

function run(block: Block): void {
  const typescript = instrument(block);
  // An annotation the instrumenting missed would be a claim nobody checks.
  const unchecked = typescript.split("\n").filter((line) => /\/\/ (→|≈|throws) /.test(line));
  expect(unchecked, `api.md line ${block.line}: annotations left unchecked`).toEqual([]);
  const { outputText, diagnostics } = ts.transpileModule(typescript, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    reportDiagnostics: true,
  });
  expect(diagnostics ?? [], `api.md line ${block.line}: TypeScript syntax`).toEqual([]);
  const scope: Record<string, unknown> = { ...kernel, ...fangs };
  const names = Object.keys(scope);
  const equal = (actual: () => unknown, expected: unknown, line: number) =>
    expect(actual(), `api.md line ${line}`).toEqual(expected);
  const match = (actual: () => unknown, expected: object, line: number) =>
    expect(actual(), `api.md line ${line}`).toMatchObject(expected);
  const throws = (fn: () => unknown, code: string, line: number) => {
    let thrown: unknown = null;
    try {
      fn();
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `api.md line ${line}: expected RulesError "${code}"`).toBeInstanceOf(RulesError);
    expect((thrown as RulesError).code, `api.md line ${line}`).toBe(code);
  };
  // The block runs inside braces so it may declare names the core also exports.
  const body = `{\n${outputText}\n}`;
  const fn = new Function(...names, "__equal", "__match", "__throws", body);
  fn(...names.map((n) => scope[n]), equal, match, throws);
}

describe("docs/rules/api.md", () => {
  const blocks = rulesBlocks();

  it("has runnable examples for the rules core, and no plain ts block among them", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(20);
    expect(rulesPart.match(/^```ts\s*$/gm) ?? []).toEqual([]);
  });

  it.each(blocks.map((b) => [`${b.heading} (line ${b.line})`, b] as const))(
    "runs the example under %s as written",
    (_title, block) => {
      run(block);
    },
  );

  it("names every function and value the rules core exports", () => {
    const exported = [...Object.keys(fangs), ...Object.keys(kernel)];
    const missing = exported.filter((name) => !new RegExp(`\\b${name}\\b`).test(rulesPart));
    expect(missing, `not in docs/rules/api.md: ${missing.join(", ")}`).toEqual([]);
  });

  it("checks what it claims: a wrong value in an example fails", () => {
    const wrong = { heading: "self-test", line: 0, source: "halfUp(11); // → 5" };
    expect(() => run(wrong)).toThrow();
    expect(() => run({ ...wrong, source: "halfUp(11); // → 6" })).not.toThrow();
    expect(() =>
      run({ ...wrong, source: 'requireInteger(1.5, "x"); // throws "invalid-value"' }),
    ).not.toThrow();
    expect(() => run({ ...wrong, source: 'halfUp(1); // throws "invalid-value"' })).toThrow();
  });
});
