import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleBlocks, runExample } from "../../../test/support/api-examples";
import * as kernel from "../kernel";
import * as rhf from "./index";

/*
 * docs/rules/rhf-api.md must not rot: every ```ts rhf block in it runs here
 * (test/support/api-examples.ts) with the core and the kernel in scope,
 * its written results checked.
 */

const PAGE = "rhf-api.md";
const page = readFileSync(resolve(__dirname, "../../../docs/rules/rhf-api.md"), "utf8");
const scope: Record<string, unknown> = { ...kernel, ...rhf };

describe("docs/rules/rhf-api.md", () => {
  const blocks = exampleBlocks(page, "rhf");

  it("has runnable examples, and no plain ts block", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(page.match(/^```ts\s*$/gm) ?? []).toEqual([]);
  });

  it.each(blocks.map((b) => [`${b.heading} (line ${b.line})`, b] as const))(
    "runs the example under %s as written",
    (_title, block) => {
      runExample(block, scope, PAGE);
    },
  );

  it("names every function and value the core exports", () => {
    const missing = Object.keys(rhf).filter((name) => !new RegExp(`\\b${name}\\b`).test(page));
    expect(missing, `not in docs/rules/rhf-api.md: ${missing.join(", ")}`).toEqual([]);
  });

  it("checks what it claims: a wrong value in an example fails", () => {
    const wrong = { heading: "self-test", line: 0, source: "hardTarget(15); // → 7" };
    expect(() => runExample(wrong, scope, PAGE)).toThrow();
    expect(() => runExample({ ...wrong, source: "hardTarget(15); // → 8" }, scope, PAGE)).not.toThrow();
  });
});
