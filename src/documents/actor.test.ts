import "../../test/foundry/setup";
import { createActor } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import type { CharacterModel } from "../rulesets/fangs/data/actor-character";

/** A Token HUD edit of a bar, through the FANGS actor (Foundry calls modifyTokenAttribute). */

beforeEach(resetWorld);

const pools = (actor: { system: unknown }) => {
  const s = actor.system as CharacterModel;
  return { stun: s.stunPoints.value, hp: s.hitPoints.value };
};

describe("a Token HUD edit of Stun or HP", () => {
  it("CORE-CON-2, CORE-CON-3: damage typed as a delta takes Stun and HP below 0", async () => {
    const actor = await createActor();
    const { stun, hp } = pools(actor);
    await actor.modifyTokenAttribute("stunPoints", -(stun + 7), true, true);
    await actor.modifyTokenAttribute("hitPoints", -(hp + 3), true, true);
    expect(pools(actor)).toEqual({ stun: -7, hp: -3 });
  });

  it("CORE-CON-3: an absolute value below 0 is kept; above the maximum it stops at the maximum", async () => {
    const actor = await createActor();
    const max = (actor.system as CharacterModel).hitPoints.max;
    await actor.modifyTokenAttribute("hitPoints", -4, false, true);
    expect(pools(actor).hp).toBe(-4);
    await actor.modifyTokenAttribute("hitPoints", max + 10, false, true);
    expect(pools(actor).hp).toBe(max);
    await actor.modifyTokenAttribute("hitPoints", -2, true, true);
    expect(pools(actor).hp).toBe(max - 2);
  });

  it("a modifyTokenAttribute hook that returns false cancels the edit, as in Foundry", async () => {
    const actor = await createActor();
    const before = pools(actor);
    const id = standIn.Hooks.on("modifyTokenAttribute", () => false);
    try {
      await actor.modifyTokenAttribute("stunPoints", -50, true, true);
    } finally {
      standIn.Hooks.off("modifyTokenAttribute", id);
    }
    expect(pools(actor)).toEqual(before);
  });
});
