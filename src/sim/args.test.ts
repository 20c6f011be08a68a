import { describe, expect, it } from "vitest";
import { parsePolicies } from "../rulesets/fangs/sim/policies";
import { parseArgs, parseRuns, parseSeed } from "./args";
import { SimError } from "./sim-error";

const spec = { withValue: ["seed", "runs"], switches: ["json", "list"] };

describe("command-line arguments", () => {
  it("reads positional names, --flag value, --flag=value and switches", () => {
    const args = parseArgs(["Gru", "--seed", "7", "Troll", "--runs=500", "--json"], spec);
    expect(args.positional).toEqual(["Gru", "Troll"]);
    expect(args.flags.get("seed")).toBe("7");
    expect(args.flags.get("runs")).toBe("500");
    expect(args.flags.get("json")).toBe(true);
  });

  it("refuses an unknown option and a missing value", () => {
    expect(() => parseArgs(["--sed", "7"], spec)).toThrowError(/unknown option --sed/);
    expect(() => parseArgs(["--seed"], spec)).toThrowError(/--seed needs a value/);
    expect(() => parseArgs(["--json=yes"], spec)).toThrowError(/--json takes no value/);
  });

  it.each(["0", "-5", "abc", "1e3", "2.5", "100000001"])("refuses --runs %s", (text) => {
    expect(() => parseRuns(text, 10)).toThrowError(SimError);
    expect(() => parseRuns(text, 10)).toThrowError(/--runs must be a whole number from 1/);
  });

  it("accepts good runs and seeds and falls back when absent", () => {
    expect(parseRuns("250", 10)).toBe(250);
    expect(parseRuns(undefined, 10_000)).toBe(10_000);
    expect(parseSeed("4294967295", 1)).toBe(4294967295);
    expect(() => parseSeed("4294967296", 1)).toThrowError(/--seed must be a whole number/);
  });

  it("reads --policy as one id for both sides or one per side, and refuses anything else", () => {
    expect(parsePolicies(undefined)).toEqual(["default", "default"]);
    expect(parsePolicies("stubborn")).toEqual(["stubborn", "stubborn"]);
    expect(parsePolicies("stubborn, default")).toEqual(["stubborn", "default"]);
    for (const bad of ["a,b,c", ",stubborn", "stubborn,", ""]) {
      expect(() => parsePolicies(bad)).toThrowError(/--policy takes one policy id, or two/);
    }
    expect(() => parsePolicies(true)).toThrowError(SimError);
    expect(() => parsePolicies("default,nope")).toThrowError(
      /unknown policy "nope" \(known: default, stubborn\)/,
    );
  });
});
