import "../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { rulesetChoices } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import { LIMB_THRESHOLDS } from "../../rules/sharene/limb-thresholds";
import { SHARENE_CLAUSE_INDEX } from "../../rules/sharene/ruleset";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  registerRulesetDefinition,
  rulesetOwning,
} from "../registry";
import { SHARENE_PARTIALS } from "./apps/sheets/parts";
import { shareneRules, useShareneRules } from "./config/settings";
import { shareneLabels, shareneStatuses } from "./config/sharene-config";
import { shareneDefinition } from "./index";

/**
 * Sharene's one registration: playable now that its round (its table) and
 * its exchange card (its cards) are there, so the "Combat rules" setting
 * offers it and a world set to it plays it; its documents are Foundry's in
 * every world.
 */

beforeEach(() => {
  resetWorld();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("Sharene's definition", () => {
  it("is registered under its id with its prefixed types, its lang prefix and its core's clause index", () => {
    expect(getRulesetDefinition("sharene")).toBe(shareneDefinition);
    expect(shareneDefinition.langPrefix).toBe("SHARENE");
    expect(shareneDefinition.clauseIndex).toBe(SHARENE_CLAUSE_INDEX);
    for (const [documentName, type] of [
      ["Actor", "shareneCharacter"],
      ["Actor", "shareneCreature"],
      ["Item", "shareneWeapon"],
      ["Item", "shareneArmor"],
      ["Combatant", "shareneCombatant"],
    ] as const)
      expect(rulesetOwning(documentName, type), type).toBe("sharene");
  });

  it("is playable with its table and its cards: its round, its exchange card, its attack and its query", () => {
    expect(shareneDefinition.playable).toBe(true);
    expect(shareneDefinition.table?.id).toBe("sharene");
    expect(shareneDefinition.cards?.flow).toBeDefined();
    expect(Object.keys(shareneDefinition.cards?.renderers ?? {})).toEqual(["shareneExchange"]);
    expect(shareneDefinition.cards?.attack?.itemTypes).toEqual(["shareneWeapon"]);
    expect(Object.keys(shareneDefinition.queries ?? {})).toEqual(["fangs.shareneAttack"]);
    expect(rulesetOwning("ChatMessage", "shareneExchange")).toBe("sharene");
  });

  it("the Combat rules setting offers it, and a world set to it plays it without a warning", () => {
    expect(rulesetChoices()).toMatchObject({ fangs: expect.any(String), sharene: "SHARENE.Ruleset" });
    standIn.game.settings.storage.set("fangs.ruleset", "sharene");
    expect(activeRulesetDefinition().id).toBe("sharene");
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("its entry of CONFIG.FANGS: its statuses and labels, a module's relabel read, an id it adds not offered", () => {
    const entry = CONFIG.FANGS.sharene;
    expect(entry.statuses.map((s) => s.id)).toEqual(shareneStatuses().map((s) => s.id));
    entry.styles.fullAttack = "MYMODULE.AllOut";
    entry.styles.berserk = "MYMODULE.Berserk";
    expect(shareneLabels("styles")).toMatchObject({
      fullAttack: "MYMODULE.AllOut",
      fullParry: "SHARENE.Style.fullParry",
    });
    expect(shareneLabels("styles")).not.toHaveProperty("berserk");
    // The defaults stay frozen whatever a module does to the copy.
    expect(Object.isFrozen(shareneDefinition.config?.defaults)).toBe(true);
    entry.statuses = "broken" as never;
    expect(shareneStatuses().length).toBeGreaterThan(3);
  });

  it("its pools are the life points and the tallies its limb wound kind moves", async () => {
    const { woundPool } = await import("../../rules/sharene/effect-kinds");
    expect(shareneDefinition.pools?.map((p) => p.name)).toEqual([
      "lifePoints",
      ...["rightArm", "leftArm", "rightLeg", "leftLeg"].map(woundPool),
    ]);
  });

  it("its heavy part holds its sheets' context builders, its options' checks, its effect kind, its simulator, its round's planner and its card", async () => {
    const heavy = await loadRuleset("sharene");
    expect(typeof heavy.runShareneStep).toBe("function");
    expect(typeof heavy.startShareneAttack).toBe("function");
    expect(typeof heavy.drawShareneExchange).toBe("function");
    expect(typeof heavy.shareneRoundPlanner.nextTurn).toBe("function");
    expect(typeof heavy.rollShareneInitiative).toBe("function");
    expect(await shareneDefinition.table!.loadPlanner()).toBe(heavy.shareneRoundPlanner);
    expect(heavy.effectKinds.map((k) => k.id)).toEqual(["shareneLimbWound"]);
    expect(typeof heavy.setShareneRules).toBe("function");
    expect(typeof heavy.shareneActorSheetContext).toBe("function");
    expect(typeof heavy.shareneItemSheetContext).toBe("function");
    const simulator = await shareneDefinition.simulator!.load();
    expect(simulator.rulesetId).toBe("sharene");
  });
});

describe("its start-up", () => {
  afterEach(() => useShareneRules(LIMB_THRESHOLDS));

  it("loads its sheets' partials, and has the world's changed options read by its heavy part", async () => {
    const load = vi.spyOn(foundry.applications.handlebars, "loadTemplates");
    shareneDefinition.init!();
    expect(load).toHaveBeenCalledWith(SHARENE_PARTIALS);
    expect(shareneRules()).toBe(LIMB_THRESHOLDS);
    standIn.game.settings.storage.set("fangs.shareneRules", { options: { limbUseless: { num: 1, den: 3 } } });
    shareneDefinition.init!();
    await vi.waitFor(() => expect(shareneRules().limbUseless).toEqual({ num: 1, den: 3 }));
  });
});

describe("a ruleset not yet playable (a draft built like Sharene)", () => {
  it("is registered but not offered by the setting; a world set to it plays FANGS, with a warning", () => {
    const id = "sharenedraft";
    registerRulesetDefinition({
      ...shareneDefinition,
      id,
      rules: { ...shareneDefinition.rules, id },
      playable: false,
      documents: {
        Actor: {},
        Item: {},
        ChatMessage: {},
        combatant: { type: `${id}Combatant`, model: shareneDefinition.documents.combatant.model },
      },
      table: undefined,
      cards: undefined,
      queries: undefined,
      config: undefined,
    });
    expect(getRulesetDefinition(id)?.playable).toBe(false);
    expect(Object.keys(rulesetChoices())).not.toContain(id);
    standIn.game.settings.storage.set("fangs.ruleset", id);
    expect(activeRulesetDefinition().id).toBe("fangs");
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/"sharenedraft" are not installed/));
  });
});
