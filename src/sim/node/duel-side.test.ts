import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SimError } from "../sim-error";
import { duelSides, readDuelSide } from "./duel-side";

interface Sheet {
  readonly id: string;
  readonly name: string;
  readonly life: number;
}

const reader = {
  simulator: "The test simulator",
  sample: (name: string): Sheet => ({ id: name.toLowerCase(), name, life: 10 }),
  validate: (data: Sheet): Sheet => {
    if (!(data.life > 0)) throw new Error("life must be above 0");
    return data;
  },
};

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SimError);
    return (error as SimError).code;
  }
  throw new Error("no error");
}

describe("a duel's side read from the command line", () => {
  const dir = mkdtempSync(join(tmpdir(), "duel-side-"));
  writeFileSync(join(dir, "good.json"), JSON.stringify({ id: "g", name: "Good", life: 3 }));
  writeFileSync(join(dir, "weak.json"), JSON.stringify({ id: "w", name: "Weak", life: 0 }));
  writeFileSync(join(dir, "torn.json"), "{ not json");

  it("is a sample fighter by name, or a sheet file the ruleset's validation accepts", () => {
    expect(readDuelSide("Arden", dir, reader)).toEqual({ id: "arden", name: "Arden", life: 10 });
    expect(readDuelSide("good.json", dir, reader)).toEqual({ id: "g", name: "Good", life: 3 });
  });

  it("refuses a side of several fighters, a file that is not JSON and a sheet the ruleset refuses", () => {
    expect(codeOf(() => readDuelSide("a,b", dir, reader))).toBe("invalid-argument");
    expect(codeOf(() => readDuelSide("torn.json", dir, reader))).toBe("malformed-file");
    expect(codeOf(() => readDuelSide("weak.json", dir, reader))).toBe("malformed-fighter");
  });

  it("gives the same fighter on both sides a copy of itself to fight", () => {
    const a = reader.sample("Arden");
    expect(duelSides(a, a)).toEqual([a, { id: "arden2", name: "Arden 2", life: 10 }]);
    const b = reader.sample("Dorn");
    expect(duelSides(a, b)).toEqual([a, b]);
  });
});
