import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleBlocks, runExample } from "../../../test/support/api-examples";
import * as kernel from "../kernel";
import * as h2h from "./index";

/*
 * docs/rules/h2h-api.md must not rot: every ```ts h2h block in it runs
 * here (test/support/api-examples.ts) with the Hand to Hand core and the
 * kernel in scope, its written results checked.
 */

const PAGE = "h2h-api.md";
const page = readFileSync(resolve(__dirname, "../../../docs/rules/h2h-api.md"), "utf8");
const scope: Record<string, unknown> = { ...kernel, ...h2h };

describe("docs/rules/h2h-api.md", () => {
  const blocks = exampleBlocks(page, "h2h");

  it("has runnable examples, and no plain ts block", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    expect(page.match(/^```ts\s*$/gm) ?? []).toEqual([]);
  });

  it("runs the examples in order, each block with the names the ones before it made", () => {
    // The page builds on itself (al, then bo, then the melee): one block at a time, sharing nothing but the page's order.
    const all = {
      heading: "whole page",
      line: blocks[0]!.line,
      source: blocks.map((b) => b.source).join("\n"),
    };
    runExample(all, scope, PAGE);
  });

  it("names every function and value the Hand to Hand core exports", () => {
    const missing = Object.keys(h2h).filter((name) => !new RegExp(`\\b${name}\\b`).test(page));
    expect(missing, `not in docs/rules/h2h-api.md: ${missing.join(", ")}`).toEqual([]);
  });

  it("checks what it claims: a wrong value in an example fails", () => {
    const wrong = { heading: "self-test", line: 0, source: "stackMultipliers([2, 2], H2H_DEFAULTS); // → 4" };
    expect(() => runExample(wrong, scope, PAGE)).toThrow();
    expect(() =>
      runExample({ ...wrong, source: "stackMultipliers([2, 2], H2H_DEFAULTS); // → 3" }, scope, PAGE),
    ).not.toThrow();
  });
});
