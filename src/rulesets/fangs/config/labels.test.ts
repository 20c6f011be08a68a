import "../../../../test/foundry/setup";
import { EN_LANG, expectSvgGlyph } from "../../../../test/support/system-files";
import { MANEUVER_IDS } from "../../../rules/fangs/types";
import { FANGS } from "./labels";

const lang = EN_LANG;

describe("maneuver registry", () => {
  it.each(MANEUVER_IDS)("%s has a name in lang/en.json and an icon that exists", (id) => {
    const maneuver = FANGS.maneuvers[id];
    expect(maneuver.id).toBe(id);
    expect(lang[maneuver.label], maneuver.label).toBeTruthy();
    expectSvgGlyph(maneuver.icon);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(FANGS)).toBe(true);
    expect(Object.isFrozen(FANGS.maneuvers.attack)).toBe(true);
  });
});

describe("labels", () => {
  it("every label of the frozen configuration is in lang/en.json", () => {
    const groups = [
      FANGS.actorTypes,
      FANGS.itemTypes,
      FANGS.weaponHands,
      FANGS.weaponKinds,
      FANGS.skillCategories,
      FANGS.advantages,
    ];
    const missing = groups.flatMap((g) => Object.values(g)).filter((key) => !(key in lang));
    expect(missing).toEqual([]);
  });
});
