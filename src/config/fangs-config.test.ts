import "../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { WeaponModel } from "../rulesets/fangs/data/item-weapon";
import { maneuverChoices, maneuverView } from "../rulesets/fangs/tracker-row-view";
import { configureStatusEffects } from "./document-classes";
import { defaultFangsConfig, registerFangsConfig } from "./fangs-config";
import { FANGS } from "./system";

/**
 * CONFIG.FANGS: a mutable copy of the frozen defaults that a module extends
 * in its init hook; the system reads it where the extension should show.
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
});
