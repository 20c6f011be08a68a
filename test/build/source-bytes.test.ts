import { describe, expect, it } from "vitest";
import { bytesBySourceIndex, decodeSegment, UNMAPPED } from "../../scripts/lib/source-bytes.mjs";

describe("scripts/lib/source-bytes.mjs", () => {
  it("reads a mapping segment's signed numbers, one digit or several each", () => {
    expect(decodeSegment("AAAA")).toEqual([0, 0, 0, 0]);
    expect(decodeSegment("CADF")).toEqual([1, 0, -1, -2]);
    // 16 needs a second digit; 123 too (low five bits first, with the sign as the lowest bit).
    expect(decodeSegment("gB")).toEqual([16]);
    expect(decodeSegment("2H")).toEqual([123]);
    expect(decodeSegment("3H")).toEqual([-123]);
    expect(() => decodeSegment("g")).toThrow(/mid-number/);
    expect(() => decodeSegment("A!")).toThrow(/not a source map digit/);
  });

  it("counts each segment's bytes for its source, to the next segment or the line's end", () => {
    // Line 1: "let a=1;" from source 0 at column 0, "é=2;" from source 1 at column 8 ("é" is two bytes).
    // Line 2: "x" with no segment before column 1, then "yz" mapped to no source (one field).
    const code = "let a=1;é=2;\nxyz";
    const map = { mappings: "AAAA,QCAA;C" };
    const totals = bytesBySourceIndex(code, map);
    expect(totals.get(0)).toBe(8);
    expect(totals.get(1)).toBe(5);
    // The newline, "x" before line 2's first segment, and "yz".
    expect(totals.get(UNMAPPED)).toBe(4);
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(code));
  });

  it("keeps the source index running from one line to the next", () => {
    // Source 1 on line 1, and line 2's segment moves it by 0: still source 1.
    const totals = bytesBySourceIndex("ab\ncd", { mappings: "ACAA;AAAA" });
    expect(totals.get(1)).toBe(4);
    expect(totals.has(0)).toBe(false);
  });
});
