import "../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { rulesetChoices } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import { LUNOS_HEALTH_RULES } from "../../rules/lunos/health-rules";
import { LUNOS_CLAUSE_INDEX } from "../../rules/lunos/ruleset";
import { activeRulesetDefinition, getRulesetDefinition, rulesetOwning } from "../registry";
import { LUNOS_PARTIALS } from "./apps/sheets/parts";
import { lunosLabels, lunosStatuses } from "./config/lunos-config";
import { lunosHealthRules, useLunosHealthRules } from "./config/settings";
import { LUNOS_POOLS, lunosDefinition } from "./index";

/**
 * Lunos's one registration: playable now that its round (its table) and
 * its attack card are there, so the "Combat rules" setting offers it and a
 * world set to it plays it; its documents are Foundry's in every world.
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

  it("is playable with its table and its cards: its round, its attack card, its attack and its queries", () => {
    expect(lunosDefinition.playable).toBe(true);
    expect(lunosDefinition.table?.id).toBe("lunos");
    expect(lunosDefinition.cards?.flow).toBeDefined();
    // Its attack card: one typed message, drawn and run by its own flow, started from a weapon.
    expect(Object.keys(lunosDefinition.documents.ChatMessage)).toEqual(["lunosAttack"]);
    expect(Object.keys(lunosDefinition.cards?.renderers ?? {})).toEqual(["lunosAttack"]);
    expect(lunosDefinition.cards?.attack?.itemTypes).toEqual(["lunosWeapon"]);
    expect(Object.keys(lunosDefinition.queries ?? {}).sort()).toEqual([
      "fangs.lunosAttack",
      "fangs.lunosStrike",
    ]);
    expect(rulesetOwning("ChatMessage", "lunosAttack")).toBe("lunos");
  });

  it("the Combat rules setting offers it, and a world set to it plays it without a warning", () => {
    expect(rulesetChoices()).toMatchObject({ fangs: expect.any(String), lunos: expect.any(String) });
    standIn.game.settings.storage.set("fangs.ruleset", "lunos");
    expect(activeRulesetDefinition().id).toBe("lunos");
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("a Lunos world's settings window shows Lunos's rules options menu alone, for GMs", async () => {
    standIn.game.settings.storage.set("fangs.ruleset", "lunos");
    const { registerRulesetMenu } = await import("../../apps/settings/ruleset-menu");
    registerRulesetMenu();
    const menus = (game.settings as unknown as { menus: Map<string, Record<string, unknown>> }).menus;
    expect([...menus.keys()]).toEqual(["fangs.lunosRulesMenu"]);
    expect(menus.get("fangs.lunosRulesMenu")).toMatchObject({
      name: "LUNOS.Setting.RulesMenu.Name",
      label: "LUNOS.Setting.RulesMenu.Label",
      hint: "LUNOS.Setting.RulesMenu.Hint",
      restricted: true,
    });
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
