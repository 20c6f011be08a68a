import { describe, expect, it } from "vitest";
import { fighter, MAIL } from "../../../test/support/lunos-fixtures";
import { codeOf } from "../../../test/support/rules-error";
import { validateFighter } from "./fighter";
import type { LunosFighter } from "./types";

describe("validateFighter", () => {
  it("answers a good sheet as it is, armed or bare-handed, armored or not", () => {
    const f = fighter("al", { armor: MAIL });
    expect(validateFighter(f)).toBe(f);
    expect(validateFighter(fighter("bo", { weapon: null }))).toBeTruthy();
  });

  it.each<[string, (f: LunosFighter) => unknown]>([
    ["no id", (f) => ({ ...f, id: "" })],
    ["no name", (f) => ({ ...f, name: undefined })],
    ["no abilities", (f) => ({ ...f, abilities: null })],
    ["an ability above 5", (f) => ({ ...f, abilities: { ...f.abilities, agility: 6 } })],
    ["a skill below 0", (f) => ({ ...f, skills: { ...f.skills, brawl: -1 } })],
    ["a skill missing", (f) => ({ ...f, skills: { ...f.skills, athletics: undefined } })],
    ["a fractional rating", (f) => ({ ...f, abilities: { ...f.abilities, body: 2.5 } })],
    ["an unknown weapon size", (f) => ({ ...f, weapon: { ...f.weapon!, size: "huge" } })],
    ["an unknown attack skill", (f) => ({ ...f, weapon: { ...f.weapon!, skill: "martialArts" } })],
    ["trauma as a weapon's damage", (f) => ({ ...f, weapon: { ...f.weapon!, damageType: "trauma" } })],
    ["a negative quality", (f) => ({ ...f, weapon: { ...f.weapon!, quality: -1 } })],
    ["armor above +3", (f) => ({ ...f, armor: { ...MAIL, rating: 4 } })],
    ["an unknown armor kind", (f) => ({ ...f, armor: { ...MAIL, kind: "plate" } })],
    [
      "armor that does not say whether it is magical",
      (f) => ({ ...f, armor: { ...MAIL, magical: undefined } }),
    ],
  ])("refuses a sheet with %s", (_what, change) => {
    expect(codeOf(() => validateFighter(change(fighter("al")) as LunosFighter))).toBe("invalid-value");
  });
});
