import "../../../../../test/foundry/setup";
import { beforeEach, describe, expect, it } from "vitest";
import { createActor, createItem, createPack, skill, weapon } from "../../../../../test/foundry/builders";
import { resetWorld } from "../../../../../test/foundry/setup";
import { assertKey } from "../../../../data/fields";
import { itemDataOf } from "./document-data";
import { packSkills, SKILLS_PACK, worldSkills } from "./gm-skills";
import { gmSkills, itemSheetContext } from "./item-context";

/*
 * The skill picker of a weapon or shield no actor holds, on the Foundry
 * stand-in: the world's skill items and the skills compendium's index, as
 * the item sheet reads them before building its context.
 */
beforeEach(() => resetWorld());

describe("the skills a GM can link a world weapon to", () => {
  it("reads the world's skill items through their model, and nothing else", async () => {
    await createItem(skill("Spear (ours)", { key: "spear", naturalAbility: "(ST+AG)/4" }));
    await createItem(weapon("Spear", { skill: "spear" }));
    const actor = await createActor({ items: [skill("Claw", { key: "claw" })] });
    expect(worldSkills()).toEqual([{ key: "spear", name: "Spear (ours)" }]);
    expect(actor.items.size).toBe(1);
  });

  it("reads the skills compendium's index by system.key, without loading its documents", async () => {
    createPack({
      id: SKILLS_PACK,
      type: "Item",
      packageType: "system",
      documents: [
        skill("Broadsword", { key: "broadsword" }),
        skill("Shield Parry", { key: "shieldParry" }),
        skill("Unfinished", { key: "" }),
      ],
    });
    expect(await packSkills()).toEqual([
      { key: "broadsword", name: "Broadsword" },
      { key: "shieldParry", name: "Shield Parry" },
    ]);
  });

  it("has no compendium skills when the pack is missing", async () => {
    expect(await packSkills()).toEqual([]);
  });

  it("builds a world weapon's picker from both, the weapon's unknown key kept in the key field", async () => {
    await createItem(skill("Arming Sword", { key: "broadsword" }));
    createPack({
      id: SKILLS_PACK,
      type: "Item",
      packageType: "system",
      documents: [skill("Broadsword", { key: "broadsword" }), skill("Spear", { key: "spear" })],
    });
    const pike = await createItem(weapon("Pike", { skill: "pike" }));
    const ctx = itemSheetContext(itemDataOf(pike), {
      editable: true,
      gmSkills: gmSkills(worldSkills(), await packSkills()),
    });
    expect(ctx.gmSkillPicker?.options.map((o) => [o.value, o.label])).toEqual([
      ["broadsword", "Arming Sword"],
      ["spear", "Spear"],
    ]);
    expect(ctx.gmSkillPicker).toMatchObject({ other: true, none: false });
    expect(ctx.system).toMatchObject({ skill: "pike" });
    // "Other…" only reveals the key field; were it ever submitted, the data model would refuse it as a key.
    expect(() => assertKey(ctx.gmSkillPicker?.otherValue)).toThrow();
  });
});
