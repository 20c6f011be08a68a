import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { listRulesets } from "../../src/rules/kernel/ruleset";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInWorld,
} from "../foundry/combat-stand-in";
import { TOY_ID, toyDefinition, toyLog } from "./toy-ruleset";

/**
 * The seam between the Combat document and the world's ruleset, proven by
 * a ruleset that only the tests know: once registered and selected in the
 * "Combat rules" setting, the unchanged Combat and tracker run its two
 * phases; with the default setting (or a ruleset no longer installed)
 * everything still goes to FANGS.
 */

let world: StandInWorld;
type CombatClass = typeof import("../../src/documents/combat").FangsCombat;
let FangsCombat: CombatClass;
let tracker: typeof import("../../src/apps/combat-tracker/tracker");
let setting: typeof import("../../src/config/ruleset-setting");
let phaseChoices: typeof import("../../src/data/combat").phaseChoices;

beforeAll(async () => {
  world = installCombatStandIn();
  world.settings.set("fangs.initiativeMode", "ag");
  world.settings.set("fangs.maneuverIcons", true);
  ({ FangsCombat } = await import("../../src/documents/combat"));
  tracker = await import("../../src/apps/combat-tracker/tracker");
  setting = await import("../../src/config/ruleset-setting");
  ({ phaseChoices } = await import("../../src/data/combat"));
  // What the toy's own module does on import in a real ruleset, before `init` configures the documents.
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
});

afterEach(() => {
  world.settings.delete("fangs.ruleset");
  world.warnings.length = 0;
  world.chat.length = 0;
  world.setUser(world.gm);
  vi.restoreAllMocks();
});

type Combat = StandInCombat & InstanceType<CombatClass>;

/** A FANGS character, or a toy fighter with the toy's combatant state. */
function fighter(
  id: string,
  initiative: number | null,
  ag: number,
  ruleset: "fangs" | "toy",
): StandInCombatant {
  const actor =
    ruleset === "toy"
      ? new StandInActor(id, id, {}, [], "toyFighter")
      : new StandInActor(id, id, { characteristics: { ag }, attributes: { movement: 12 } }, [
          { type: "weapon", system: { kind: "melee", equipped: true, offHand: false } },
        ]);
  const combatant = new StandInCombatant(`c-${id}`, id, actor);
  if (ruleset === "toy") combatant.type = "toyCombatant";
  combatant.initiative = initiative;
  return combatant;
}

/** Three fighters; the toy orders by initiative (Bo 15, Al 12, Cy 9), FANGS by AG. */
function table(ruleset: "fangs" | "toy" = "toy"): Combat {
  const combat = new FangsCombat() as unknown as Combat;
  combat
    .add(fighter("al", 12, 17, ruleset))
    .add(fighter("bo", 15, 11, ruleset))
    .add(fighter("cy", 9, 14, ruleset));
  world.combats.clear();
  world.combats.set(combat.id, combat);
  return combat;
}

const at = (combat: Combat) =>
  `${combat.round}:${String(combat.system.phase)}:${combat.combatant?.name ?? "-"}`;

describe("the Combat rules setting", () => {
  it("offers every ruleset registered with the kernel, FANGS by default, and needs a reload", () => {
    const registered: Record<string, unknown>[] = [];
    const register = game.settings.register;
    (game.settings as unknown as { register: unknown }).register = (_s: string, _k: string, c: object) =>
      registered.push(c as Record<string, unknown>);
    try {
      setting.registerRulesetSetting();
    } finally {
      (game.settings as unknown as { register: unknown }).register = register;
    }
    expect(registered[0]).toMatchObject({
      scope: "world",
      config: true,
      default: "fangs",
      requiresReload: true,
      choices: { fangs: "FANGS.Rules.Ruleset.Fangs", toy: "TOY.Ruleset" },
    });
  });

  it("reads the stored ruleset; one this version does not have reads as FANGS with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(setting.activeRulesetId()).toBe("fangs");
    world.settings.set("fangs.ruleset", TOY_ID);
    expect(setting.activeRulesetId()).toBe("toy");
    expect(warn).not.toHaveBeenCalled();
    world.settings.set("fangs.ruleset", "retired2");
    expect(setting.activeRulesetId()).toBe("fangs");
    expect(setting.activeRulesetId()).toBe("fangs");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("retired2");
  });

  it("the stored phase may be any registered ruleset's phase", () => {
    // Every registered ruleset's, FANGS's first; a shipped ruleset's own come before the toy's (registered last).
    const shipped = listRulesets()
      .filter((r) => r.id !== "fangs" && r.id !== TOY_ID)
      .flatMap((r) => r.phases.map((p) => p.id));
    expect(phaseChoices()).toEqual([
      ...new Set(["initiative", "missile", "melee", "postMelee", ...shipped, "declare", "act"]),
    ]);
  });
});

describe("the toy ruleset at the table", () => {
  it("TOY-RND-1: runs the toy's phases: start, next turns through declare and act, then a new round", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const loads = toyLog.loads;
    const combat = table();
    await combat.startCombat();
    expect(toyLog.loads).toBe(loads + 1);
    expect(combat.system.order).toEqual(["c-bo", "c-al", "c-cy"]);
    const seen = [at(combat)];
    for (let i = 0; i < 6; i++) {
      await combat.nextTurn();
      seen.push(at(combat));
    }
    expect(seen).toEqual([
      "1:declare:bo",
      "1:declare:al",
      "1:declare:cy",
      "1:act:bo",
      "1:act:al",
      "1:act:cy",
      "2:declare:bo",
    ]);
    // Each move was ONE update, followed up by the toy and not by FANGS (no notes, no token icons).
    expect(combat.updates).toHaveLength(7);
    expect(toyLog.followedUp.slice(-7).map((p) => p.newRound)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(world.chat).toEqual([]);
    expect(combat.combatants.contents.flatMap((c) => c.actor?.calls ?? [])).toEqual([]);
  });

  it("a new round and a step back are the toy's too; a defeated fighter gets no turn", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = table();
    await combat.startCombat();
    await combat.nextTurn();
    await combat.previousTurn();
    expect(at(combat)).toBe("1:declare:bo");
    combat.combatants.get("c-bo")!.defeated = true;
    await combat.nextRound();
    expect(at(combat)).toBe("2:declare:al");
    expect(combat.system.order).toEqual(["c-al", "c-cy"]);
  });

  it("has no holds: a hold is refused with a notice and nothing changes", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = table();
    await combat.startCombat();
    const updates = combat.updates.length;
    await combat.holdAction("c-bo");
    await combat.breakHold(["c-bo"]);
    expect(world.warnings).toEqual([
      "FANGS.Combat.Refusal.NotInRuleset {}",
      "FANGS.Combat.Refusal.NotInRuleset {}",
    ]);
    expect(combat.updates.length).toBe(updates);
  });

  it("the tracker shows the toy's phases and no hold buttons", async () => {
    world.settings.set("fangs.ruleset", TOY_ID);
    const combat = table();
    await combat.startCombat();
    await combat.nextTurn();
    await combat.nextTurn();
    await combat.nextTurn();
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.steps.map((s) => [s.id, s.label, s.css])).toEqual([
      ["declare", "TOY.Phase.Declare", "done"],
      ["act", "TOY.Phase.Act", "current"],
    ]);
    expect(view.phaseLabel).toBe("TOY.Phase.Act");
    expect(view.acting.map((r) => r.name)).toEqual(["bo", "al", "cy"]);
    expect(view.acting.some((r) => r.canHold || r.canBreak)).toBe(false);
  });
});

describe("with the default setting", () => {
  it("the Combat and the tracker run FANGS, and the toy's planner is not asked", async () => {
    const loads = toyLog.loads;
    const combat = table("fangs");
    await combat.startCombat();
    expect(combat.system.phase).toBe("initiative");
    // FANGS orders the Initiative phase by AG: Al 17, Cy 14, Bo 11.
    expect(combat.system.order).toEqual(["c-al", "c-cy", "c-bo"]);
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.steps.map((s) => s.id)).toEqual(["initiative", "missile", "melee", "postMelee"]);
    expect(view.acting[0]?.canHold).toBe(true);
    expect(toyLog.loads).toBe(loads);
  });

  it("a world saved under a ruleset no longer installed plays FANGS", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // An id no folder of src/rulesets/ has: a real ruleset's name may ship any day.
    world.settings.set("fangs.ruleset", "retired1");
    const combat = table("fangs");
    await combat.startCombat();
    expect(combat.system.phase).toBe("initiative");
    await combat.holdAction("c-al");
    expect(combat.combatants.get("c-al")!.system.held).toBe(true);
  });
});
