import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as kernel from "../../src/rules/kernel";
import { exampleBlocks, runExample } from "./api-examples";

/**
 * The suite every rules core's API page gets (docs/rules/<id>-api.md): its
 * ```ts <id> blocks run as written with the core and the kernel in scope,
 * it names every export of the core, and a self-test shows a wrong written
 * value fails. `check` is one expression with its wrong and right value.
 */
export function describeApiPage(page: {
  readonly id: string;
  readonly core: Record<string, unknown>;
  readonly minBlocks: number;
  readonly check: { readonly expr: string; readonly wrong: string; readonly right: string };
}): void {
  const file = `${page.id}-api.md`;
  const text = readFileSync(resolve(__dirname, "../../docs/rules", file), "utf8");
  const scope: Record<string, unknown> = { ...kernel, ...page.core };

  describe(`docs/rules/${file}`, () => {
    const blocks = exampleBlocks(text, page.id);

    it("has runnable examples, and no plain ts block", () => {
      expect(blocks.length).toBeGreaterThanOrEqual(page.minBlocks);
      expect(text.match(/^```ts\s*$/gm) ?? []).toEqual([]);
    });

    it.each(blocks.map((b) => [`${b.heading} (line ${b.line})`, b] as const))(
      "runs the example under %s as written",
      (_title, block) => {
        runExample(block, scope, file);
      },
    );

    it("names every function and value the core exports", () => {
      const missing = Object.keys(page.core).filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
      expect(missing, `not in docs/rules/${file}: ${missing.join(", ")}`).toEqual([]);
    });

    it("checks what it claims: a wrong value in an example fails", () => {
      const { expr, wrong, right } = page.check;
      const block = { heading: "self-test", line: 0, source: `${expr}; // → ${wrong}` };
      expect(() => runExample(block, scope, file)).toThrow();
      expect(() => runExample({ ...block, source: `${expr}; // → ${right}` }, scope, file)).not.toThrow();
    });
  });
}
