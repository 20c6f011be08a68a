import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  combat,
  loadExchange,
  makeActor,
  SHIFT,
  stateOf,
  type Table,
  table,
  target,
} from "../../test/foundry/chat-fixtures";
import { type ChatMessage, world } from "../../test/foundry/chat-stand-in";
import { fangsRound } from "../rulesets/fangs/combat/combatant-round";

/**
 * A player may be able to write the `system` of a combatant whose actor it
 * owns (the stand-in lets it, the cautious assumption: docs/security.md).
 * The GM reads each combatant's round from its own copy on the Combat
 * (src/rulesets/fangs/combat/record.ts), which only a GM writes, so such a write is not
 * believed; the active GM's client also puts the combatant back.
 */

let start: Awaited<ReturnType<typeof loadExchange>>["start"];
let restoreForgedRound: typeof import("../rulesets/fangs/combat/record")["restoreForgedRound"];
let seedRoundRecord: typeof import("../rulesets/fangs/combat/record")["seedRoundRecord"];
let hook: number | null = null;
let seedHook: number | null = null;
beforeAll(async () => {
  ({ start } = await loadExchange());
  ({ restoreForgedRound, seedRoundRecord } = await import("../rulesets/fangs/combat/record"));
});
afterEach(() => {
  if (hook !== null) Hooks.off("updateCombatant", hook);
  if (seedHook !== null) Hooks.off("createCombatant", seedHook);
  hook = null;
  seedHook = null;
});

/** The races' round: Gru on All-Out Attack; Jenny has moved (no NC-MAN-2 dodge instead), one dodge under Move. */
async function round(t: Table) {
  const c = await combat(
    [t.gru, { maneuver: "allOutAttack" }],
    [t.jenny, { maneuver: "move", maneuverPerformed: true }],
  );
  return { c, gru: c.getCombatantsByActor(t.gru)[0]!, jenny: c.getCombatantsByActor(t.jenny)[0]! };
}

function attack(t: Table): Promise<ChatMessage> {
  return attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
}

describe("the round's record is the GM's copy on the Combat, not the player-writable combatant", () => {
  it("NC-DEF-3, NC-TAC-4: Jenny's player resets her dodges and raises her trade shift on her combatant: her second dodge under Move is still refused", async () => {
    const t = await table();
    const { jenny } = await round(t);
    const first = await attack(t);
    world.dice.push(2);
    expect(await ask(world.defender, first, { type: "defend", choice: "dodge" })).toMatchObject({ ok: true });

    world.as(world.defender);
    await jenny.update({ "system.defenses.dodges": 0, "system.tradeShift.dodge": 40 });
    expect((jenny.system.defenses as { dodges: number }).dodges).toBe(0);

    const second = await attack(t);
    world.dice.push(2);
    const answer = await ask(world.defender, second, { type: "defend", choice: "dodge" });
    expect(answer).toMatchObject({
      ok: false,
      code: "defense-not-allowed",
      messageKey: "FANGS.Rules.Defense.Refusal.DodgesUsed",
    });
    expect(stateOf(second).stage).toBe("attackRolled");
    expect(world.dice).toEqual([2]);
    const { combatantSystem } = await import("../rulesets/fangs/combat/snapshot");
    expect(combatantSystem(jenny).defenses.dodges).toBe(1);
    expect(combatantSystem(jenny).tradeShift).toEqual({ parry: 0, dodge: 0 });
  });

  it("NC-SPD-1, NC-MAN-1: Gru's player rewrites his maneuver and drops his Disengage restriction on his combatant: the GM still refuses his attack, and the combatant is put back", async () => {
    const t = await table();
    const { gru } = await round(t);
    hook = Hooks.on("updateCombatant", restoreForgedRound as never);
    // What a Disengage answer's card leaves on him, written by the active GM (exchange-flow's recordRestrictions).
    world.as(world.gm);
    await fangsRound(gru as unknown as Combatant.Implementation).recordRestrictions(
      [{ kind: "noAttack", round: 1, because: "disengage" }],
      1,
    );

    world.as(world.player);
    await gru.update({ "system.maneuver": "attack", "system.restrictions": [] });
    expect(gru.writers).toContain(world.player.id);

    world.as(world.gm);
    await game.settings!.set("fangs", "attackEnforcement", "forbid");
    try {
      world.as(world.player);
      target(world.player, t.jennyToken);
      const before = [...(game.messages as unknown as Iterable<unknown>)].length;
      world.dice.push(15);
      expect(await start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
      expect([...(game.messages as unknown as Iterable<unknown>)].length).toBe(before);
      expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.AttackLost"));
    } finally {
      world.as(world.gm);
      await game.settings!.set("fangs", "attackEnforcement", "warn");
    }
    const { combatantSystem } = await import("../rulesets/fangs/combat/snapshot");
    expect(combatantSystem(gru).maneuver).toBe("allOutAttack");
    expect(combatantSystem(gru).restrictions).toHaveLength(1);
    // The active GM's client wrote the combatant back from the record: the tracker shows the round it reads.
    const { writesSettled } = await import("../documents/write-queue");
    await writesSettled();
    expect(gru.system).toMatchObject({ maneuver: "allOutAttack", restrictions: [{ kind: "noAttack" }] });
    expect(gru.writers.at(-1)).toBe(world.gm.id);
  });

  it("NC-RND-3: Fast Eddy joins the running combat; before any other GM write, his player rewrites his maneuver on his combatant: the GM reads the round Eddy joined with", async () => {
    const t = await table();
    const { c } = await round(t);
    const eddy = await makeActor("characters/fast-eddy.json", world.player.id);
    hook = Hooks.on("updateCombatant", restoreForgedRound as never);
    seedHook = Hooks.on("createCombatant", seedRoundRecord as never);
    world.as(world.gm);
    const [joined] = await (
      c as unknown as {
        createEmbeddedDocuments(n: string, d: object[]): Promise<{ update(d: object): Promise<unknown> }[]>;
      }
    ).createEmbeddedDocuments("Combatant", [{ actorId: eddy.id, system: { maneuver: "move" } }]);
    const { writesSettled } = await import("../documents/write-queue");
    await writesSettled();

    world.as(world.player);
    await joined!.update({ "system.maneuver": "allOutAttack" });
    world.as(world.gm);
    const { combatantSystem } = await import("../rulesets/fangs/combat/snapshot");
    expect(combatantSystem(joined).maneuver).toBe("move");
  });
});
