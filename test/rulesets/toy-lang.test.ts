import "../foundry/setup";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listRulesetDefinitions, registerRulesetDefinition } from "../../src/rulesets/registry";
import { Localization } from "../foundry/stand-in/game";
import {
  badEntries,
  emptyUsage,
  type LangFamily,
  missingKeys,
  scanQuoted,
  type Usage,
  unusedKeys,
} from "../support/lang-check";
import {
  missingLangKeys,
  rulesetClausePrefixes,
  rulesetLangPrefixes,
  untranslatedKeys,
} from "../support/lang-keys";
import { toyDefinition } from "./toy-ruleset";

/**
 * Lang keys per ruleset: each ruleset's keys live under its `langPrefix`,
 * and the checks that catch an untranslated key (the screenshot test, the
 * user-strings test) catch one under every prefix, the toy's "TOY." too.
 * The toy's one translated string is in a test lang file of its own.
 */

const toyLang = JSON.parse(
  readFileSync(new URL("./fixtures/toy-lang.json", import.meta.url), "utf8"),
) as Record<string, string>;

describe("lang keys under each ruleset's prefix", () => {
  it("the checks read the prefixes every registered ruleset declares", () => {
    registerRulesetDefinition(toyDefinition);
    const registered = listRulesetDefinitions().map((d) => d.langPrefix);
    expect(registered).toEqual(expect.arrayContaining(["FANGS", "TOY"]));
    expect([...rulesetLangPrefixes()].sort()).toEqual([...new Set(registered)].sort());
  });

  it("the user-strings check reads the clause prefixes every registered ruleset declares", () => {
    registerRulesetDefinition(toyDefinition);
    const registered = listRulesetDefinitions().flatMap((d) => d.clauseIndex?.prefixes ?? []);
    expect(registered).toEqual(expect.arrayContaining(["CORE", "NC", "TOY"]));
    expect(rulesetClausePrefixes()).toEqual(expect.arrayContaining(registered));
  });

  it("a toy key its lang file translates is shown translated; one it lacks is caught", () => {
    const i18n = new Localization(toyLang);
    const shown = [i18n.localize("TOY.Ruleset"), i18n.localize("TOY.Phase.Declare")].join(" · ");
    expect(shown).toBe("Toy rules · TOY.Phase.Declare");
    expect(untranslatedKeys(shown, rulesetLangPrefixes())).toEqual(["TOY.Phase.Declare"]);
  });

  it("a toy key the code names and the lang file lacks is caught; a FANGS one too", () => {
    const code: [string, string][] = [
      ["toy.ts", 'labelKey: "TOY.Ruleset", phase: "TOY.Phase.Declare"'],
      ["fangs.ts", 'const label = "FANGS.Not.A.Key";'],
    ];
    expect(missingLangKeys(code, rulesetLangPrefixes(), toyLang)).toEqual([
      "toy.ts: TOY.Phase.Declare",
      "fangs.ts: FANGS.Not.A.Key",
    ]);
  });

  it("with only FANGS's prefix, the toy's untranslated key would have passed unseen", () => {
    expect(untranslatedKeys("TOY.Phase.Declare", ["FANGS"])).toEqual([]);
  });
});

/** The toy's sources as test/lang.test.ts reads src/: every key they quote, under the registered prefixes. */
function toyUsage(prefixes: readonly string[]): Usage {
  const usage = emptyUsage();
  const dir = new URL("./", import.meta.url);
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts")))
    scanQuoted(readFileSync(new URL(name, dir), "utf8"), `test/rulesets/${name}`, usage, prefixes);
  return usage;
}

describe("the lang file checks of test/lang.test.ts, on the toy's keys", () => {
  const prefixes = () => {
    registerRulesetDefinition(toyDefinition);
    return [...new Set(listRulesetDefinitions().map((d) => d.langPrefix))];
  };

  it("accept a toy key under its prefix; refuse one under no registered prefix", () => {
    expect(badEntries(toyLang, prefixes())).toEqual([]);
    // Lunos's prefix was the example until it registered; no ruleset claims this one.
    expect(badEntries({ ...toyLang, "NOBODY.Ruleset": "Nobody" }, prefixes())).toEqual([
      ["NOBODY.Ruleset", "Nobody"],
    ]);
    // FANGS's prefix alone (the test before rulesets declared theirs) refused the toy's key.
    expect(badEntries(toyLang, ["FANGS", "TYPES"])).toEqual([["TOY.Ruleset", "Toy rules"]]);
  });

  it("catch a toy key no toy source uses, unless a family of the toy's declares it", () => {
    const usage = toyUsage(prefixes());
    expect(usage.keys.get("TOY.Ruleset")).toBe("test/rulesets/toy-ruleset.ts");
    const defined = new Set([...Object.keys(toyLang), "TOY.Never.Used"]);
    expect(unusedKeys(defined, usage, [])).toEqual(["TOY.Never.Used"]);
    const family: LangFamily = { pattern: "TOY.Never.{id}", source: "a toy family" };
    expect(unusedKeys(defined, usage, [family])).toEqual([]);
  });

  it("catch a toy key a toy source uses and the lang file lacks", () => {
    const missing = missingKeys(toyUsage(prefixes()), new Set(Object.keys(toyLang)));
    expect(missing).toContain("TOY.Phase.Declare (test/rulesets/toy-ruleset.ts)");
    expect(missing.some((m) => m.startsWith("TOY.Ruleset "))).toBe(false);
    // Read with FANGS's prefix only, the toy's sources used no toy key at all.
    expect([...toyUsage(["FANGS"]).keys.keys()].filter((k) => k.startsWith("TOY."))).toEqual([]);
  });
});
