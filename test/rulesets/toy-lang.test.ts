import "../foundry/setup";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listRulesetDefinitions, registerRulesetDefinition } from "../../src/rulesets/registry";
import { Localization } from "../foundry/stand-in/game";
import { missingLangKeys, rulesetLangPrefixes, untranslatedKeys } from "../support/lang-keys";
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
