import "../../test/foundry/setup";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadPacks } from "../../test/build/pack-sources";
import { registerFangsConfig } from "../config/fangs-config";
import { registerRulesetDefinition } from "../rulesets/registry";
import { shareneDefinition } from "../rulesets/sharene";
import { listEncounters } from "./place";
import { ENCOUNTERS, type EncounterDefinition, encounterTable, RULESET_ENCOUNTERS } from "./table";

/**
 * Prepared encounters per ruleset: a world is offered those of the combat
 * rules it plays (FANGS's table, another ruleset's under its id, a
 * module's by its `ruleset`), each naming actors of its ruleset's own
 * compendium.
 */

const root = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as Record<string, string>;
const packs = loadPacks();
const storage = () => (game.settings as unknown as { storage: Map<string, unknown> }).storage;
const sharene = RULESET_ENCOUNTERS.sharene!;

afterEach(() => {
  storage().delete("fangs.ruleset");
  registerRulesetDefinition(shareneDefinition);
});

describe("encounters per ruleset", () => {
  it.each(["sharene", "lunos"])(
    "%s's name actors of its own packs, one a side as its simulator fights, each named in lang/en.json",
    (id) => {
      const table = RULESET_ENCOUNTERS[id]!;
      expect(Object.keys(table).length).toBeGreaterThanOrEqual(3);
      for (const encounter of Object.values(table)) {
        expect(encounter.ruleset).toBe(id);
        expect(lang[encounter.name], encounter.id).toBeTruthy();
        for (const entry of encounter.creatures) {
          const pack = packs.find((p) => `fangs.${p.pack.name}` === entry.pack);
          expect(pack?.pack.name, encounter.id).toMatch(new RegExp(`^${id}-`));
          const actor = [...pack!.documents.values()].find((d) => d._id === entry.actor);
          expect(actor?.type, `${encounter.id}: ${entry.actor}`).toMatch(
            new RegExp(`^${id}(Character|Creature)$`),
          );
          expect(entry.count).toBe(1);
        }
      }
    },
  );

  it("a world is offered its own rules' encounters, a module's among them by its ruleset", () => {
    registerFangsConfig();
    const mine: EncounterDefinition = { id: "two-bears", ruleset: "sharene", name: "X", creatures: [] };
    const theirs: EncounterDefinition = { id: "two-trolls", name: "Y", creatures: [] };
    (CONFIG as unknown as { FANGS: { encounters: object } }).FANGS.encounters = { mine, theirs };
    const ids = () => listEncounters().map((e) => e.id);
    expect(ids()).toEqual([...Object.keys(ENCOUNTERS), "two-trolls"]);
    registerRulesetDefinition(shareneDefinition);
    storage().set("fangs.ruleset", "sharene");
    expect(ids()).toEqual([...Object.keys(sharene), "two-bears"]);
    // A ruleset with no encounters of its own has only the modules' for it.
    expect(Object.keys(encounterTable({ mine, theirs }, "toy"))).toEqual([]);
    expect(Object.keys(encounterTable({ mine, theirs }, "lunos"))).toEqual(
      Object.keys(RULESET_ENCOUNTERS.lunos!),
    );
  });
});
