import { beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  combat,
  type ExchangeModules,
  loadExchange,
  pools,
  stateOf,
  type Table,
  table,
} from "../../../../test/foundry/chat-fixtures";
import { type ChatMessage, world } from "../../../../test/foundry/chat-stand-in";

/**
 * Two requests the active GM's client handles at the same time, each on its
 * own card, that read and write the same actor or combatant. The stand-in's
 * writes land a macrotask later, as Foundry's do after the server's answer,
 * so a step that reads, waits for a write, and writes again can be
 * overtaken; the GM's write queue (src/documents/write-queue.ts) must make
 * the result that of one order or the other.
 */

let authority: ExchangeModules["authority"];
beforeAll(async () => {
  ({ authority } = await loadExchange());
});

/** Gru's Broadsword at Jenny (skill 15), the dialog skipped. */
function attack(t: Table, dice: number[]): Promise<ChatMessage> {
  return attackWith(world.player, t.gru, "Broadsword", t.jennyToken, dice);
}

/** A card at the damage step: Jenny's failed dodge (2), then 1d8 = 6 for 8 Stun and 4 HP. */
async function hitFor8And4(t: Table): Promise<ChatMessage> {
  const message = await attack(t, [15]);
  world.dice.push(2);
  await ask(world.defender, message, { type: "defend", choice: "dodge" });
  world.dice.push(6);
  await ask(world.player, message, { type: "rollDamage" });
  expect(stateOf(message).stage).toBe("damageRolled");
  return message;
}

/** The GM clicks a button on each card without waiting for the first to finish. */
function atOnce(intent: "apply" | "undo", ...messages: ChatMessage[]) {
  world.as(world.gm);
  return Promise.all(messages.map((m) => authority.requestStep(m.id, { type: intent }, stateOf(m).revision)));
}

describe("no lost updates on the GM's client", () => {
  it("two blows on Jenny applied at once both count: 21/11 goes to 5/3, not 13/7", async () => {
    const t = await table();
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    const first = await hitFor8And4(t);
    const second = await hitFor8And4(t);

    const answers = await atOnce("apply", first, second);
    expect(answers).toEqual([
      { ok: true, stage: "applied" },
      { ok: true, stage: "applied" },
    ]);
    expect(pools(t.jenny)).toEqual({ stun: 5, hp: 3 });
    // Each card records the pools it really changed: the second one from where the first left them.
    const befores = [first, second].map(
      (m) =>
        stateOf(m).application?.deltas.find((d) => d.kind === "pool" && d.pool === "stunPoints") as
          | { before: number }
          | undefined,
    );
    expect(befores.map((d) => d?.before).sort()).toEqual([13, 21]);

    // Both undone at once: Jenny is whole again.
    expect(await atOnce("undo", first, second)).toEqual([
      { ok: true, stage: "undone" },
      { ok: true, stage: "undone" },
    ]);
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
  });

  it("NC-DEF-3: under Move, Jenny's one dodge is taken on one card; the dodge asked at once on another is refused", async () => {
    const t = await table();
    // Jenny has moved (her Initiative turn is behind her): no NC-MAN-2 dodge instead.
    const c = await combat(
      [t.gru, { maneuver: "allOutAttack" }],
      [t.jenny, { maneuver: "move", maneuverPerformed: true }],
    );
    const first = await attack(t, [15]);
    const second = await attack(t, [15]);
    world.as(world.gm);
    world.dice.push(2, 2);
    const answers = await Promise.all(
      [first, second].map((m) =>
        authority.requestStep(m.id, { type: "defend", choice: "dodge" }, stateOf(m).revision),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({
      ok: false,
      code: "defense-not-allowed",
      messageKey: "FANGS.Rules.Defense.Refusal.DodgesUsed",
    });
    // The refusal is told to the one who clicked.
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Defense.Refusal.DodgesUsed"));
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    expect((jenny.system.defenses as { dodges: number }).dodges).toBe(1);
    // The refused card is untouched: Jenny may still parry on it.
    const refused = answers[0]!.ok ? second : first;
    expect(stateOf(refused).stage).toBe("attackRolled");
    expect(world.dice).toEqual([2]);
  });

  it("NC-ATK-7: two cards of Gru's All-Out-Attack counted at once are both counted on his combatant", async () => {
    const t = await table();
    const c = await combat(
      [t.gru, { maneuver: "allOutAttack" }],
      [t.jenny, { maneuver: "move", maneuverPerformed: true }],
    );
    // Two cards reach the GM's client together: posted out of the combat's sight, then both counted at once,
    // as the createChatMessage hook does for each.
    world.combat = null;
    const cards = [await attack(t, [15]), await attack(t, [15])];
    world.combat = c;
    world.as(world.gm);
    const flow = await import("./exchange-flow");
    await Promise.all(cards.map((m) => flow.recordNewAttack(m as never)));
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    expect((gru.system.attacks as { made: string[] }).made).toEqual(["maneuver", "maneuver"]);
  });
});

describe("undo follows the pools back (CORE-CON-2, CORE-CON-3)", () => {
  /** A card at the damage step: Jenny takes it (no defense), then 1d8 = 6 for 8 Stun and 4 HP. */
  async function blowFor8And4(t: Table): Promise<ChatMessage> {
    const message = await attack(t, [15]);
    await ask(world.gm, message, { type: "defend", choice: "none" });
    world.dice.push(6);
    await ask(world.gm, message, { type: "rollDamage" });
    expect(stateOf(message).stage).toBe("damageRolled");
    return message;
  }

  it("CORE-CON-2: undoing the blow that knocked Jenny out, once a later one put her in a coma, leaves her unconscious, not comatose", async () => {
    const t = await table();
    world.as(world.gm);
    // CO 11: a Stun below −11 is a coma.
    await t.jenny.update({ "system.stunPoints.value": 2 } as never);
    const first = await blowFor8And4(t);
    const second = await blowFor8And4(t);
    await ask(world.gm, first, { type: "apply" });
    expect(pools(t.jenny)).toEqual({ stun: -6, hp: 7 });
    expect([...t.jenny.statuses]).toEqual(["unconscious"]);
    await ask(world.gm, second, { type: "apply" });
    expect(pools(t.jenny)).toEqual({ stun: -14, hp: 3 });
    expect([...t.jenny.statuses].sort()).toEqual(["comatose", "unconscious"]);

    // The first blow is undone: her Stun goes back to −6, still out, no longer in a coma.
    await ask(world.gm, first, { type: "undo" });
    expect(pools(t.jenny)).toEqual({ stun: -6, hp: 7 });
    expect([...t.jenny.statuses]).toEqual(["unconscious"]);
    // And the second: she is awake.
    await ask(world.gm, second, { type: "undo" });
    expect(pools(t.jenny)).toEqual({ stun: 2, hp: 11 });
    expect([...t.jenny.statuses]).toEqual([]);
  });

  it("CORE-CON-3: an undo that leaves a stabilised Jenny's HP at or below 0 does not make her dying again", async () => {
    const t = await table();
    world.as(world.gm);
    await t.jenny.update({ "system.hitPoints.value": 2 } as never);
    const first = await blowFor8And4(t);
    const second = await blowFor8And4(t);
    await ask(world.gm, first, { type: "apply" });
    await ask(world.gm, second, { type: "apply" });
    expect(pools(t.jenny).hp).toBe(-6);
    expect(t.jenny.statuses.has("dying")).toBe(true);
    // First Aid stopped the loss: the GM takes the dying status off by hand.
    await t.jenny.toggleStatusEffect("dying" as never, { active: false });
    await ask(world.gm, second, { type: "undo" });
    expect(pools(t.jenny).hp).toBe(-2);
    expect(t.jenny.statuses.has("dying")).toBe(false);
  });
});
