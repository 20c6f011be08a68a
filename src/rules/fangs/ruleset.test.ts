import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { MANEUVERS } from "./maneuvers";
import { FANGS_PHASES, fangsRuleset } from "./ruleset";

const root = resolve(__dirname, "../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as Record<string, unknown>;

/** Looks a dotted key up in a language file that may be flat, nested, or both. */
function has(key: string): boolean {
  if (typeof lang[key] === "string") return true;
  let node: unknown = lang;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

/** Every key these modules can hand back: literal keys, and the refusal reasons built from a prefix. */
function keysIn(file: string): string[] {
  const source = readFileSync(resolve(__dirname, file), "utf8");
  const keys = new Set(source.match(/FANGS\.[A-Za-z.]+[A-Za-z]/g) ?? []);
  const prefixes: [RegExp, string][] = [
    [/refuse\("[a-zA-Z]+", "([A-Za-z]+)"\)|parryAll\("([A-Za-z]+)"\)/g, "FANGS.Rules.Defense.Refusal."],
    [/\bno\("([A-Za-z]+)"\)/g, "FANGS.Rules.Attack.Refusal."],
    [/refused\("([A-Za-z]+)"\)/g, "FANGS.Rules.Maneuver.Refusal."],
  ];
  for (const [pattern, prefix] of prefixes) {
    for (const m of source.matchAll(pattern)) keys.add(prefix + (m[1] ?? m[2]));
  }
  // The ternaries that pick between two reasons.
  for (const m of source.matchAll(/\? "([A-Z][A-Za-z]+)" : "([A-Z][A-Za-z]+)"/g)) {
    const prefix =
      file === "attack-checks.ts" ? "FANGS.Rules.Attack.Refusal." : "FANGS.Rules.Defense.Refusal.";
    keys.add(prefix + m[1]);
    keys.add(prefix + m[2]);
  }
  return [...keys].filter((k) => !k.endsWith(".Refusal") && k.split(".").length > 2);
}

describe("words for the rules core's answers", () => {
  it("NC-MAN-1: every maneuver has a name and a hint in lang/en.json", () => {
    for (const maneuver of Object.values(MANEUVERS)) {
      expect(has(maneuver.labelKey), maneuver.labelKey).toBe(true);
      expect(has(maneuver.hintKey), maneuver.hintKey).toBe(true);
    }
  });

  it("NC-RND-1: the ruleset and its four phases have names in lang/en.json", () => {
    expect(has(fangsRuleset.labelKey)).toBe(true);
    for (const phase of FANGS_PHASES) expect(has(phase.labelKey), phase.labelKey).toBe(true);
  });

  it.each(["maneuvers.ts", "defenses.ts", "phase-order.ts", "attack-checks.ts", "special-defenses.ts"])(
    "NC-MAN-19: every reason and note key %s can return has words in lang/en.json",
    (file) => {
      const keys = keysIn(file);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => !has(k))).toEqual([]);
    },
  );
});
