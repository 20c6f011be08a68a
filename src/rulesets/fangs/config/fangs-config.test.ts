import "../../../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { configureStatusEffects, configureTypeLabels } from "../../../config/document-classes";
import { defaultFangsConfig, registerFangsConfig } from "../../../config/fangs-config";
import { STATUS_EFFECTS } from "../../../config/statuses";
import { listRulesetDefinitions, rulesetOwning } from "../../registry";
import { WeaponModel } from "../data/item-weapon";
import { maneuverChoices, maneuverView } from "../tracker-row-view";
import { FANGS } from "./labels";

/**
 * CONFIG.FANGS: a mutable copy of the frozen defaults that a module extends
 * in its init hook; the system reads it where the extension should show.
 * FANGS's part is its entry, CONFIG.FANGS.fangs, each key of which is also
 * at the top of CONFIG.FANGS under the name docs/api.md gave it first.
 */

const keys = (key: string) => key;

function fresh(): void {
  registerFangsConfig();
}

describe("CONFIG.FANGS", () => {
  it("starts as a copy of the defaults that may be changed without touching them", () => {
    fresh();
    expect(CONFIG.FANGS).toEqual(defaultFangsConfig());
    CONFIG.FANGS.maneuvers.attack.label = "MYMODULE.Strike";
    expect(FANGS.maneuvers.attack.label).toBe("FANGS.Maneuver.Attack.Name");
    expect(Object.isFrozen(CONFIG.FANGS.maneuvers.attack)).toBe(false);
  });

  it("a maneuver's label and icon changed by a module show in the tracker's menu and rows", () => {
    fresh();
    CONFIG.FANGS.maneuvers.attack.label = "MYMODULE.Strike";
    CONFIG.FANGS.maneuvers.attack.icon = "modules/mymodule/strike.svg";
    const attack = maneuverChoices(12, false, keys).find((c) => c.id === "attack");
    expect(attack).toMatchObject({ label: "MYMODULE.Strike", icon: "modules/mymodule/strike.svg" });
    expect(maneuverView("attack", 12, "melee", keys)).toMatchObject({
      label: "MYMODULE.Strike",
      icon: "modules/mymodule/strike.svg",
    });
    // A maneuver the module left alone keeps its own.
    expect(maneuverView("move", 12, null, keys).label).toBe("FANGS.Maneuver.Move.Name");
  });

  it("a weapon kind's label changed by a module is the field's choice; an id the rules do not know is not offered", () => {
    fresh();
    CONFIG.FANGS.weaponKinds.missile = "MYMODULE.Ranged";
    CONFIG.FANGS.weaponKinds.laser = "MYMODULE.Laser";
    const field = WeaponModel.schema.getField("kind") as unknown as { choices: () => Record<string, string> };
    expect(field.choices()).toEqual({
      melee: "FANGS.Item.Weapon.Kind.Melee",
      thrown: "FANGS.Item.Weapon.Kind.Thrown",
      missile: "MYMODULE.Ranged",
    });
  });

  it("a status a module adds is among Foundry's statuses once the system reads the config", () => {
    fresh();
    CONFIG.FANGS.statuses.push({ id: "bleeding", name: "MYMODULE.Bleeding", img: "bleeding.svg" });
    configureStatusEffects();
    expect(CONFIG.statusEffects.find((s) => s.id === "bleeding")).toMatchObject({
      name: "MYMODULE.Bleeding",
    });
    // The FANGS conditions still come first.
    expect(CONFIG.statusEffects[0]?.id).toBe("stunned");
  });

  it("FANGS's entry is CONFIG.FANGS.fangs, and a module still finds each part under its first name", () => {
    fresh();
    expect(Object.keys(CONFIG.FANGS.fangs).sort()).toEqual(
      ["maneuvers", "skillCategories", "statuses", "weaponHands", "weaponKinds"].sort(),
    );
    expect(CONFIG.FANGS.maneuvers).toBe(CONFIG.FANGS.fangs.maneuvers);
    expect(CONFIG.FANGS.statuses).toBe(CONFIG.FANGS.fangs.statuses);
    expect(CONFIG.FANGS.weaponKinds).toBe(CONFIG.FANGS.fangs.weaponKinds);
    expect(CONFIG.FANGS.maneuvers.allOutAttack).toEqual(FANGS.maneuvers.allOutAttack);
    expect(CONFIG.FANGS.statuses).toEqual(STATUS_EFFECTS.map((s) => ({ ...s })));
  });

  it("a part a module replaces whole under its first name is what FANGS reads", () => {
    fresh();
    CONFIG.FANGS.weaponKinds = { ...CONFIG.FANGS.weaponKinds, thrown: "MYMODULE.Hurled" };
    expect(CONFIG.FANGS.fangs.weaponKinds.thrown).toBe("MYMODULE.Hurled");
    const field = WeaponModel.schema.getField("kind") as unknown as { choices: () => Record<string, string> };
    expect(field.choices().thrown).toBe("MYMODULE.Hurled");
  });

  it("a change through the entry shows in the tracker as one through the first name does", () => {
    fresh();
    CONFIG.FANGS.fangs.maneuvers.move.icon = "modules/mymodule/run.svg";
    expect(CONFIG.FANGS.maneuvers.move.icon).toBe("modules/mymodule/run.svg");
    expect(maneuverView("move", 12, null, keys).icon).toBe("modules/mymodule/run.svg");
  });

  it("the defaults stay frozen whatever a module does to its copy", () => {
    fresh();
    CONFIG.FANGS.maneuvers.attack.label = "MYMODULE.Strike";
    CONFIG.FANGS.statuses.length = 0;
    expect(Object.isFrozen(FANGS.maneuvers)).toBe(true);
    expect(STATUS_EFFECTS.length).toBeGreaterThan(0);
    expect(defaultFangsConfig().maneuvers.attack.label).toBe("FANGS.Maneuver.Attack.Name");
  });

  it("actorTypes and itemTypes hold FANGS's type labels, and a module's relabel reaches Foundry", () => {
    fresh();
    // FANGS's exactly; another shipped ruleset's types carry its own labels.
    const fangsTypes = Object.entries(CONFIG.FANGS.actorTypes).filter(
      ([type]) => rulesetOwning("Actor", type) === "fangs",
    );
    expect(Object.fromEntries(fangsTypes)).toEqual({
      character: "FANGS.Actor.Type.Character",
      creature: "FANGS.Actor.Type.Creature",
    });
    for (const definition of listRulesetDefinitions())
      for (const [type, entry] of Object.entries(definition.documents.Actor))
        expect(CONFIG.FANGS.actorTypes[type], type).toBe(entry.labelKey);
    expect(Object.keys(CONFIG.FANGS.actorTypes).length).toBe(
      listRulesetDefinitions().reduce((n, d) => n + Object.keys(d.documents.Actor).length, 0),
    );
    expect(CONFIG.FANGS.itemTypes.shield).toBe("FANGS.Item.Type.Shield");
    CONFIG.FANGS.itemTypes.shield = "MYMODULE.Buckler";
    configureTypeLabels();
    expect(CONFIG.Item.typeLabels).toMatchObject({
      shield: "MYMODULE.Buckler",
      weapon: "FANGS.Item.Type.Weapon",
    });
  });
});
