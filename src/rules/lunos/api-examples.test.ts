import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleBlocks, runExample } from "../../../test/support/api-examples";
import * as kernel from "../kernel";
import * as lunos from "./index";

/*
 * docs/rules/lunos-api.md must not rot: every ```ts lunos block in it runs
 * here (test/support/api-examples.ts) with the Lunos core and the kernel
 * in scope, its written results checked.
 */

const PAGE = "lunos-api.md";
const page = readFileSync(resolve(__dirname, "../../../docs/rules/lunos-api.md"), "utf8");
const scope: Record<string, unknown> = { ...kernel, ...lunos };

describe("docs/rules/lunos-api.md", () => {
  const blocks = exampleBlocks(page, "lunos");

  it("has runnable examples, and no plain ts block", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    expect(page.match(/^```ts\s*$/gm) ?? []).toEqual([]);
  });

  it.each(blocks.map((b) => [`${b.heading} (line ${b.line})`, b] as const))(
    "runs the example under %s as written",
    (_title, block) => {
      runExample(block, scope, PAGE);
    },
  );

  it("names every function and value the Lunos core exports", () => {
    const missing = Object.keys(lunos).filter((name) => !new RegExp(`\\b${name}\\b`).test(page));
    expect(missing, `not in docs/rules/lunos-api.md: ${missing.join(", ")}`).toEqual([]);
  });

  it("checks what it claims: a wrong value in an example fails", () => {
    const wrong = { heading: "self-test", line: 0, source: "healthLevels(3, LUNOS_DEFAULTS); // → 9" };
    expect(() => runExample(wrong, scope, PAGE)).toThrow();
    expect(() =>
      runExample({ ...wrong, source: "healthLevels(3, LUNOS_DEFAULTS); // → 8" }, scope, PAGE),
    ).not.toThrow();
  });
});
