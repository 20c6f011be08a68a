import "../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { rulesetChoices } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import { LUNOS_HEALTH_RULES } from "../../rules/lunos/health-rules";
import { LUNOS_CLAUSE_INDEX } from "../../rules/lunos/ruleset";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  registerRulesetDefinition,
  rulesetOwning,
} from "../registry";
import { LUNOS_PARTIALS } from "./apps/sheets/parts";
import { lunosLabels, lunosStatuses } from "./config/lunos-config";
import { lunosHealthRules, useLunosHealthRules } from "./config/settings";
import { LUNOS_POOLS, lunosDefinition } from "./index";

/**
 * Lunos's one registration, and what a world set to it does while its
 * round and cards are still to come: its documents are Foundry's in every
 * world, but the "Combat rules" setting does not offer it and a world
 * whose setting names it anyway plays FANGS.
 */

beforeEach(() => {
  resetWorld();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("Lunos's definition", () => {
  it("is registered under its id with its prefixed types, its lang prefix and its core's clause index", () => {
    expect(getRulesetDefinition("lunos")).toBe(lunosDefinition);
    expect(lunosDefinition.langPrefix).toBe("LUNOS");
    expect(lunosDefinition.clauseIndex).toBe(LUNOS_CLAUSE_INDEX);
    for (const [documentName, type] of [
      ["Actor", "lunosCharacter"],
      ["Actor", "lunosCreature"],
      ["Item", "lunosWeapon"],
      ["Item", "lunosArmor"],
      ["Item", "lunosManeuver"],
      ["Combatant", "lunosCombatant"],
    ] as const)
      expect(rulesetOwning(documentName, type), type).toBe("lunos");
  });

  it("plays its round on the tracker and its attack card on that round's fight", () => {
    // Not offered yet: its card is joined to the round, but no scripted round plays the card end to end.
    expect(lunosDefinition.playable).toBe(false);
    expect(lunosDefinition.table?.id).toBe("lunos");
    // Its attack card: one typed message, drawn and run by its own flow, started from a weapon.
    expect(Object.keys(lunosDefinition.documents.ChatMessage)).toEqual(["lunosAttack"]);
    expect(Object.keys(lunosDefinition.cards?.renderers ?? {})).toEqual(["lunosAttack"]);
    expect(lunosDefinition.cards?.attack?.itemTypes).toEqual(["lunosWeapon"]);
    expect(Object.keys(lunosDefinition.queries ?? {})).toEqual(["fangs.lunosAttack", "fangs.lunosStrike"]);
  });

  it("the Combat rules setting does not offer it; a world set to it anyway plays FANGS, with a warning", () => {
    expect(Object.keys(rulesetChoices())).toContain("fangs");
    expect(Object.keys(rulesetChoices())).not.toContain("lunos");
    standIn.game.settings.storage.set("fangs.ruleset", "lunos");
    expect(activeRulesetDefinition().id).toBe("fangs");
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/"lunos" are not installed/));
  });

  it("its entry of CONFIG.FANGS: its statuses and labels, a module's relabel read, an id it adds not offered", () => {
    const entry = CONFIG.FANGS.lunos;
    expect(entry.statuses.map((s) => s.id)).toEqual(lunosStatuses().map((s) => s.id));
    entry.maneuvers.trip = "MYMODULE.Sweep";
    entry.maneuvers.headbutt = "MYMODULE.Headbutt";
    expect(lunosLabels("maneuvers")).toMatchObject({
      trip: "MYMODULE.Sweep",
      push: "LUNOS.ManeuverName.push",
    });
    expect(lunosLabels("maneuvers")).not.toHaveProperty("headbutt");
    expect(Object.isFrozen(lunosDefinition.config?.defaults)).toBe(true);
    entry.statuses = "broken" as never;
    expect(lunosStatuses().length).toBe(11);
  });

  it("its pools are the levels taken of each kind, never below none", () => {
    expect(LUNOS_POOLS.map((p) => [p.name, p.path, p.min])).toEqual([
      ["health.trauma", "health.trauma", 0],
      ["health.wounding", "health.wounding", 0],
      ["health.bruising", "health.bruising", 0],
    ]);
    expect(lunosDefinition.pools).toBe(LUNOS_POOLS);
  });

  it("its heavy part holds its sheets' context builders, its options' checks and its fighter reading", async () => {
    const heavy = await loadRuleset("lunos");
    expect(typeof heavy.lunosActorSheetContext).toBe("function");
    expect(typeof heavy.lunosItemSheetContext).toBe("function");
    expect(typeof heavy.setLunosRules).toBe("function");
    expect(typeof heavy.readWorldLunosRules).toBe("function");
    expect(typeof heavy.lunosFighterOf).toBe("function");
  });
});

describe("its start-up", () => {
  afterEach(() => useLunosHealthRules(LUNOS_HEALTH_RULES));

  it("loads its sheets' partials, and has the world's changed options read by its heavy part", async () => {
    const load = vi.spyOn(foundry.applications.handlebars, "loadTemplates");
    lunosDefinition.init!();
    expect(load).toHaveBeenCalledWith(LUNOS_PARTIALS);
    expect(lunosHealthRules()).toBe(LUNOS_HEALTH_RULES);
    standIn.game.settings.storage.set("fangs.lunosRules", { options: { extraLevels: "allAtLargest" } });
    lunosDefinition.init!();
    await vi.waitFor(() => expect(lunosHealthRules().extraLevels).toBe("allAtLargest"));
  });
});

describe("once Lunos is playable", () => {
  it("the setting offers it and a world set to it plays it", () => {
    registerRulesetDefinition({ ...lunosDefinition, playable: true });
    expect(rulesetChoices()).toMatchObject({ lunos: "LUNOS.Ruleset" });
    standIn.game.settings.storage.set("fangs.ruleset", "lunos");
    expect(activeRulesetDefinition().id).toBe("lunos");
    registerRulesetDefinition(lunosDefinition);
  });
});
