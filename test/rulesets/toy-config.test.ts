import "../foundry/setup";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureTypeLabels } from "../../src/config/document-classes";
import { registerFangsConfig } from "../../src/config/fangs-config";
import { registerRulesetDefinition } from "../../src/rulesets/registry";
import { toyConfig, toyStance } from "./toy-config";
import { toyDefinition } from "./toy-ruleset";

/**
 * A ruleset's entry of CONFIG.FANGS, through the shared configuration on
 * the stand-in: the system puts every registered ruleset's entry under its
 * id as a mutable copy of its frozen defaults, its type labels among every
 * ruleset's, and a module's change in its `init` is what the ruleset reads.
 * A name at the top of CONFIG.FANGS is FANGS's or the namespace's: another
 * ruleset claiming one is refused.
 */

type Loose = Record<string, unknown>;
const config = () => CONFIG.FANGS as unknown as Loose;
type Shown = { label: string; icon: string };
const toyEntry = () => config().toy as { stances: { guard: Shown; lunge: Shown } };

beforeAll(() => registerRulesetDefinition(toyDefinition));
// As `init` does, before any module's own `init` hook.
beforeEach(() => {
  registerRulesetDefinition(toyDefinition);
  registerFangsConfig();
});

describe("a ruleset's CONFIG.FANGS entry", () => {
  it("the toy's entry is CONFIG.FANGS.toy, a mutable copy of its frozen defaults", () => {
    expect(toyEntry().stances.guard).toEqual({ label: "TOY.Stance.Guard", icon: "icons/svg/shield.svg" });
    expect(Object.isFrozen(toyEntry().stances.guard)).toBe(false);
    toyEntry().stances.guard.label = "MYMODULE.Parry";
    expect(Object.isFrozen((toyConfig.defaults as Loose).stances)).toBe(true);
    registerFangsConfig();
    expect(toyEntry().stances.guard.label).toBe("TOY.Stance.Guard");
  });

  it("what a module changes in the entry is what the toy reads; what it left keeps the default", () => {
    toyEntry().stances.lunge.icon = "modules/mymodule/lunge.svg";
    delete (toyEntry().stances as Loose).guard;
    expect(toyStance("lunge")).toEqual({ label: "TOY.Stance.Lunge", icon: "modules/mymodule/lunge.svg" });
    expect(toyStance("guard")).toEqual({ label: "TOY.Stance.Guard", icon: "icons/svg/shield.svg" });
  });

  it("the toy's entry stays under its id: FANGS's names at the top are FANGS's", () => {
    expect(config().stances).toBeUndefined();
    expect(config().maneuvers).toBe((config().fangs as Loose).maneuvers);
    expect(Object.keys(config())).toEqual(
      expect.arrayContaining(["fangs", "toy", "actorTypes", "encounters"]),
    );
  });

  it("its type labels are among every ruleset's, and a module's relabel reaches Foundry", () => {
    expect(CONFIG.FANGS.actorTypes).toMatchObject({
      character: "FANGS.Actor.Type.Character",
      toyFighter: "TOY.Actor.Fighter",
    });
    expect(CONFIG.FANGS.itemTypes).toMatchObject({
      weapon: "FANGS.Item.Type.Weapon",
      toyBlade: "TOY.Item.Blade",
    });
    CONFIG.FANGS.actorTypes.toyFighter = "MYMODULE.TinSoldier";
    configureTypeLabels();
    expect(CONFIG.Actor.typeLabels).toMatchObject({
      toyFighter: "MYMODULE.TinSoldier",
      character: "FANGS.Actor.Type.Character",
    });
  });

  it("a ruleset without an entry gets none, and the rest is as before", () => {
    registerRulesetDefinition({ ...toyDefinition, config: undefined });
    registerFangsConfig();
    expect(config().toy).toBeUndefined();
    expect(toyStance("guard").label).toBe("TOY.Stance.Guard");
    expect(CONFIG.FANGS.actorTypes.toyFighter).toBe("TOY.Actor.Fighter");
  });

  it("an entry claiming a name at the top that is taken, or one the namespace has, is refused, naming it", () => {
    registerRulesetDefinition({
      ...toyDefinition,
      config: { defaults: { maneuvers: {} }, topLevel: ["maneuvers"] },
    });
    expect(() => registerFangsConfig()).toThrow(/"toy".*CONFIG\.FANGS\.maneuvers: it is taken/);
    registerRulesetDefinition({
      ...toyDefinition,
      config: { defaults: { encounters: {} }, topLevel: ["encounters"] },
    });
    expect(() => registerFangsConfig()).toThrow(/"toy".*CONFIG\.FANGS\.encounters: it is taken/);
  });
});
