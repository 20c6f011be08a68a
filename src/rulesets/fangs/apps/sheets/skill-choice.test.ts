import "../../../../../test/foundry/setup";
import { beforeEach, describe, expect, it } from "vitest";
import { createActor, skill, weapon } from "../../../../../test/foundry/builders";
import { resetWorld } from "../../../../../test/foundry/setup";
import { skillValueByKey } from "../../chat/facts";
import { actorSheetContext } from "./actor-context";
import { actorDataOf } from "./document-data";

/*
 * The sheet and the attack read the same skill: the sheet from the actor's
 * data, the attack through src/rulesets/fangs/chat/facts.ts, both from the prepared models.
 */

beforeEach(resetWorld);

describe("the skill a weapon uses", () => {
  it("names the skill an attack will use when two share a key: the first one the actor holds", async () => {
    const actor = await createActor({
      characteristics: { st: 14, ag: 12 },
      items: [
        skill("Arming Sword", { key: "broadsword", naturalAbility: "(ST+AG)/5", bought: 0 }),
        skill("Broadsword", { key: "broadsword", naturalAbility: "(ST+AG)/5", bought: 6 }),
        weapon("Broadsword", { skill: "broadsword", damage: "1d8+1", equipped: true }),
      ],
    });
    const used = skillValueByKey(actor, "broadsword");
    expect(used).toEqual({ natural: 6, bought: 0, total: 6 });
    const ctx = actorSheetContext(actorDataOf(actor), { editable: true });
    expect(ctx.weapons.find((w) => w.name === "Broadsword")).toMatchObject({
      skillName: "Arming Sword",
      skillTotal: used?.total,
    });
  });
});
