import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type ExampleBlock, exampleBlocks, runExample } from "../../../test/support/api-examples";
import * as kernel from "../kernel";
import * as fangs from "./index";

/*
 * docs/rules/api.md must not rot: every ```ts rules block in it runs here
 * (test/support/api-examples.ts), with every export of the FANGS core and
 * the kernel in scope (the block's import lines are dropped). Results
 * written in the block are checked:
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

const PAGE = "api.md";
const scope: Record<string, unknown> = { ...kernel, ...fangs };
const run = (block: ExampleBlock) => runExample(block, scope, PAGE);
const rulesBlocks = () => exampleBlocks(api, "rules");

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
