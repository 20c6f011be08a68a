import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  giveStatus,
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInUser,
  type StandInWorld,
} from "../../test/foundry/combat-stand-in";
import { allowedDefenses, type ParryLoadout } from "../rules/fangs/defenses";
import { resolveExchange } from "../rules/fangs/exchange";
import type { WeaponProfile } from "../rules/fangs/types";
import { ScriptedDice } from "../rules/kernel/dice";
import { fangsRound } from "../rulesets/fangs/combat/combatant-round";

/**
 * The Foundry layer of the round, through the stand-in: GM-only single
 * updates, player requests through the GM query, the handler's checks, one
 * maneuver icon per token, and a whole scripted round.
 */

let world: StandInWorld;
type CombatModule = typeof import("./combat");
type RequestModule = typeof import("../combat/request");
let FangsCombat: CombatModule["FangsCombat"];
let request: RequestModule;
let requester: typeof import("../requester");

beforeAll(async () => {
  world = installCombatStandIn();
  ({ FangsCombat } = await import("./combat"));
  request = await import("../combat/request");
  requester = await import("../requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
});

let sentIds = 0;
/**
 * A payload sent to the active GM as `user` sends it: the request pending on
 * that user's client (so the GM's confirmation finds it), whatever it says.
 */
async function sent(user: StandInUser, payload: Record<string, unknown>): Promise<unknown> {
  const p: Record<string, unknown> = { requestId: `sent${String(++sentIds).padStart(8, "0")}`, ...payload };
  world.setUser(user);
  const subject = request.combatActionSubject({
    action: p.action as never,
    combatId: String(p.combatId),
    combatantIds: Array.isArray(p.combatantIds) ? (p.combatantIds as string[]) : [],
  });
  try {
    return await requester.whilePending(String(p.requestId), subject, () =>
      world.gm.query(request.COMBAT_QUERY, p),
    );
  } finally {
    world.setUser(world.gm);
  }
}

function weapon(kind: string, offHand = false) {
  return { type: "weapon", system: { kind, equipped: true, offHand } };
}

function fighter(id: string, name: string, ag: number, kind: string, owners: string[] = []) {
  const actor = new StandInActor(
    id,
    name,
    { characteristics: { ag }, attributes: { movement: 12 } },
    [weapon(kind)],
    "character",
    owners,
  );
  return new StandInCombatant(`c-${id}`, name, actor);
}

interface Table {
  combat: StandInCombat & InstanceType<CombatModule["FangsCombat"]>;
  eddy: StandInCombatant;
  dagmar: StandInCombatant;
  archer: StandInCombatant;
  jenny: StandInCombatant;
}

function table(): Table {
  const combat = new FangsCombat() as unknown as Table["combat"];
  const eddy = fighter("eddy", "Fast Eddy", 17, "melee", ["player"]);
  const dagmar = fighter("dagmar", "Dagmar", 15, "melee", ["other"]);
  const archer = fighter("archer", "Archer", 15, "missile");
  const jenny = fighter("jenny", "Pirate Jenny", 12, "melee");
  for (const c of [eddy, dagmar, archer, jenny]) combat.add(c);
  world.combats.clear();
  world.combats.set(combat.id, combat);
  giveStatus(dagmar.actor!, "engaged");
  giveStatus(jenny.actor!, "engaged");
  return { combat, eddy, dagmar, archer, jenny };
}

/** FANGS's round of a stand-in combatant (src/rulesets/fangs/combat/combatant-round.ts). */
const asCombatant = (c: StandInCombatant) => fangsRound(c as unknown as Combatant.Implementation);
const currentName = (combat: StandInCombat) => `${combat.system.phase}:${combat.combatant?.name ?? "-"}`;

beforeEach(() => {
  world.setUser(world.gm);
  world.gm.active = true;
  world.warnings.length = 0;
  world.chat.length = 0;
  world.settings.set("fangs.initiativeMode", "ag");
  world.settings.set("fangs.maneuverIcons", true);
});

describe("GM-only, one update per move", () => {
  it("starting the combat is one Combat update carrying round, turn, phase, order and every combatant", async () => {
    const { combat } = table();
    await combat.startCombat();
    expect(combat.updates).toHaveLength(1);
    const data = combat.updates[0]!.data;
    expect(data).toMatchObject({ round: 1, turn: 0, system: { phase: "initiative" } });
    expect((data.combatants as unknown[]).length).toBe(4);
    expect(combat.turns.map((c) => c.name)).toEqual(["Fast Eddy", "Archer", "Dagmar", "Pirate Jenny"]);
    expect(combat.turns.map((c) => c.initiative)).toEqual([17, 15, 15, 12]);
  });

  it("a new round resets every combatant in the same update as the round change", async () => {
    const { combat, dagmar } = table();
    await combat.startCombat();
    await asCombatant(dagmar).declareManeuver("allOutAttack");
    await asCombatant(dagmar).recordDefense("dodge");
    combat.updates.length = 0;
    await combat.nextRound();
    expect(combat.updates).toHaveLength(1);
    const change = (
      combat.updates[0]!.data.combatants as { _id: string; system: Record<string, unknown> }[]
    ).find((c) => c._id === dagmar.id);
    expect(change?.system).toMatchObject({ maneuver: null, defenses: { dodges: 0 } });
    expect(dagmar.system.maneuver).toBeNull();
  });

  it("a player cannot change the round or step back, and nothing is written", async () => {
    const { combat } = table();
    await combat.startCombat();
    world.setUser(world.player);
    combat.updates.length = 0;
    await combat.nextRound();
    await combat.previousTurn();
    expect(combat.updates).toHaveLength(0);
    expect(world.warnings).toEqual(["FANGS.Combat.Refusal.GmOnly", "FANGS.Combat.Refusal.GmOnly"]);
  });

  it("a player's end of turn goes to the active GM as a query and the GM makes the one update", async () => {
    const { combat } = table();
    await combat.startCombat();
    world.setUser(world.player);
    world.gm.queries.length = 0;
    combat.updates.length = 0;
    await combat.nextTurn();
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.combatAction"]);
    expect(world.gm.queries[0]!.payload).toMatchObject({
      action: "advance",
      userId: "player",
      combatId: "combat1",
    });
    expect(combat.updates).toHaveLength(1);
    expect(currentName(combat)).toBe("initiative:Archer");
  });

  it("without an active GM a player's request is refused with a message", async () => {
    const { combat } = table();
    await combat.startCombat();
    world.gm.active = false;
    world.setUser(world.player);
    combat.updates.length = 0;
    await combat.nextTurn();
    expect(combat.updates).toHaveLength(0);
    expect(world.warnings).toEqual(["FANGS.Combat.Refusal.NoActiveGm"]);
  });
});

describe("Foundry's own initiative controls", () => {
  it("NC-RND-2: rolling, rerolling or resetting initiative through Foundry's controls is refused and changes nothing", async () => {
    const { combat } = table();
    await combat.startCombat();
    combat.updates.length = 0;
    const before = `${combat.round}:${combat.turn}:${combat.system.phase}`;
    const initiatives = combat.turns.map((c) => c.initiative);
    await combat.rollInitiative();
    await combat.resetAll();
    expect(combat.updates).toHaveLength(0);
    expect(`${combat.round}:${combat.turn}:${combat.system.phase}`).toBe(before);
    expect(combat.turns.map((c) => c.initiative)).toEqual(initiatives);
    expect(world.warnings).toEqual([
      "FANGS.Combat.Refusal.InitiativeByRules",
      "FANGS.Combat.Refusal.InitiativeByRules",
    ]);
  });
});

describe("Foundry's contract for the turn list, hooks and world time", () => {
  /** AG 16 melee, AG 12 missile, AG 8 melee: the Missile phase opens with the 12 alone. */
  function threeFighters() {
    const combat = new FangsCombat() as unknown as Table["combat"];
    const sword = fighter("sword", "Swordsman", 16, "melee");
    const bow = fighter("bow", "Bowman", 12, "missile", ["player"]);
    const axe = fighter("axe", "Axeman", 8, "melee");
    for (const c of [sword, bow, axe]) combat.add(c);
    giveStatus(sword.actor!, "engaged");
    giveStatus(axe.actor!, "engaged");
    world.combats.clear();
    world.combats.set(combat.id, combat);
    return { combat, sword, bow, axe };
  }

  it("NC-RND-1, NC-RND-3: when the Missile phase opens and no combatant is written, every client's current combatant is the archer", async () => {
    const { combat, sword, bow, axe } = threeFighters();
    await combat.startCombat();
    await asCombatant(sword).declareManeuver("attack");
    await combat.nextTurn();
    await asCombatant(bow).declareManeuver("attack", { attackKind: "missile" });
    await combat.nextTurn();
    await asCombatant(axe).declareManeuver("attack");
    await combat.nextTurn();
    expect(combat.system.phase).toBe("missile");
    expect(combat.system.order).toEqual([bow.id]);
    // Foundry's current combatant (turn marker, End turn, combatTurnChange) is the one the plan names.
    expect(combat.combatant?.name).toBe("Bowman");
    await combat.nextTurn();
    expect(combat.system.phase).toBe("melee");
    expect(combat.combatant?.name).toBe("Swordsman");
    expect(combat.turns.map((c) => c.name).slice(0, 2)).toEqual(["Swordsman", "Axeman"]);
  });

  it("start, next turn, next round and previous turn fire Foundry's hooks with its update options; a new round advances world time by a round", async () => {
    const { combat } = table();
    const hooks = (globalThis as unknown as { Hooks: { callAll: (...args: unknown[]) => boolean } }).Hooks;
    const heard: unknown[][] = [];
    const original = hooks.callAll;
    hooks.callAll = (...args: unknown[]) => {
      heard.push(args);
      return true;
    };
    try {
      await combat.startCombat();
      await combat.nextTurn();
      await combat.previousTurn();
      await combat.nextRound();
    } finally {
      hooks.callAll = original;
    }
    // Foundry's document hooks (updateCombat, createChatMessage) go through callAll too: only the combat ones are read.
    const combatHooks = heard.filter(([name]) => String(name).startsWith("combat"));
    heard.length = 0;
    heard.push(...combatHooks);
    expect(heard.map(([name]) => name)).toEqual(["combatStart", "combatTurn", "combatTurn", "combatRound"]);
    const [, startCombat, startData] = heard[0]!;
    expect(startCombat).toBe(combat);
    expect(startData).toMatchObject({ round: 1, turn: 0 });
    expect(heard[1]![3]).toMatchObject({ direction: 1, advanceTime: 0 });
    expect(heard[2]![3]).toMatchObject({ direction: -1 });
    expect(heard[3]![2]).toMatchObject({ round: 2 });
    expect(heard[3]![3]).toMatchObject({ direction: 1, advanceTime: 6 });
    // The options the hooks saw are the options of the update itself.
    const options = combat.updates.map((u) => u.options as Record<string, unknown>);
    expect(options[2]).toMatchObject({ direction: -1 });
    expect(options[3]).toMatchObject({ direction: 1, advanceTime: 6 });
  });
});

describe("round actions on the GM's client run one at a time", () => {
  it("a double click on Next turn moves the turn once: the second click finds the turn already moved", async () => {
    const { combat } = table();
    await combat.startCombat();
    combat.updates.length = 0;
    await Promise.all([combat.nextTurn(), combat.nextTurn()]);
    expect(combat.updates).toHaveLength(1);
    expect(currentName(combat)).toBe("initiative:Archer");
  });

  it("a double click on Next round starts one new round: its update and its round-start note happen once", async () => {
    const { combat } = table();
    await combat.startCombat();
    world.chat.length = 0;
    combat.updates.length = 0;
    await Promise.all([combat.nextRound(), combat.nextRound()]);
    expect(combat.round).toBe(2);
    expect(combat.updates).toHaveLength(1);
    expect(world.chat.filter((m) => String(m.content).includes("FANGS.Combat.Note.RoundStart"))).toHaveLength(
      1,
    );
  });

  it("two players' requests made on the same turn: the first moves it, the second is refused as stale", async () => {
    const { combat, eddy } = table();
    await combat.startCombat();
    expect(combat.combatant?.name).toBe(eddy.name);
    combat.updates.length = 0;
    const payload = {
      action: "advance",
      combatId: combat.id,
      userId: "player",
      combatantIds: [],
      expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
    };
    const answers = await Promise.all([
      sent(world.player, payload),
      sent(world.player, structuredClone(payload)),
    ]);
    expect(answers).toEqual([{ ok: true }, expect.objectContaining({ ok: false, reason: "stale" })]);
    expect(combat.updates).toHaveLength(1);
  });
});

describe("a combatant leaves the combat mid-round", () => {
  /** Lets the updates the deletion started (Foundry's and ours) land. */
  async function settled(combat: StandInCombat & { inTurn<T>(w: () => Promise<T>): Promise<T> }) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await combat.inTurn(async () => console.log("NOOP"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    console.log("SETTLED");
  }

  it("one who has acted leaves: the turn stays with the combatant whose turn it is, and the next turn is the next one", async () => {
    const { combat, eddy } = table();
    await combat.startCombat();
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Archer");
    await combat.deleteCombatants([eddy.id]);
    await settled(combat);
    // Foundry's current combatant (its turn marker, the player's End turn) and the tracker's agree.
    expect(currentName(combat)).toBe("initiative:Archer");
    expect((combat.system.order as string[])[combat.turn!]).toBe("c-archer");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Dagmar");
    expect(combat.system.order).not.toContain(eddy.id);
  });

  it("the one whose turn it is leaves: the turn passes to the next who acts, past a holder", async () => {
    const { combat, archer, dagmar } = table();
    await combat.startCombat();
    await combat.nextTurn();
    await combat.holdAction(archer.id);
    expect(currentName(combat)).toBe("initiative:Dagmar");
    await combat.deleteCombatants([dagmar.id]);
    await settled(combat);
    expect(currentName(combat)).toBe("initiative:Pirate Jenny");
    expect((combat.system.order as string[])[combat.turn!]).toBe("c-jenny");
    expect(combat.system.order).not.toContain(dagmar.id);
  });

  it("a holder taken out of the combat loses its maneuver icon and its Holding status", async () => {
    const { combat, archer: plain } = table();
    // The system's Combatant class (its _onDelete), on the stand-in's document.
    const { FangsCombatant } = await import("./combatant");
    const Made = FangsCombatant as unknown as new (...a: unknown[]) => StandInCombatant;
    const archer = new Made(plain.id, plain.name, plain.actor);
    combat.add(archer);
    await combat.startCombat();
    await asCombatant(archer).declareManeuver("attack", { attackKind: "missile" });
    await combat.nextTurn();
    await combat.holdAction(archer.id);
    expect(archer.actor!.statuses.has("holding")).toBe(true);
    await combat.deleteCombatants([archer.id]);
    await settled(combat);
    expect(archer.actor!.effects.size).toBe(0);
    expect(archer.actor!.statuses.has("holding")).toBe(false);
  });
});

describe("the GM's query handler trusts nothing in the payload", () => {
  function payload(combat: StandInCombat, patch: Record<string, unknown> = {}) {
    return {
      action: "advance",
      combatId: combat.id,
      userId: "player",
      combatantIds: [],
      expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
      ...patch,
    };
  }

  it("a forged request from a user who does not own the current combatant is refused", async () => {
    const { combat } = table();
    await combat.startCombat();
    combat.updates.length = 0;
    const answer = await sent(world.other, payload(combat, { userId: "other" }));
    expect(answer).toMatchObject({ ok: false, reason: "notOwner" });
    expect(combat.updates).toHaveLength(0);
  });

  it("a hold asked for someone else's combatant is refused", async () => {
    const { combat, dagmar } = table();
    await combat.startCombat();
    const answer = await sent(world.player, payload(combat, { action: "hold", combatantIds: [dagmar.id] }));
    expect(answer).toMatchObject({ ok: false, reason: "notOwner" });
  });

  it("refuses unknown users and combats, stale rounds, malformed payloads, and any client but a GM", async () => {
    const { combat } = table();
    await combat.startCombat();
    expect(await sent(world.player, payload(combat, { userId: "nobody" }))).toMatchObject({
      reason: "unknownUser",
    });
    expect(await sent(world.player, payload(combat, { combatId: "nope" }))).toMatchObject({
      reason: "unknownCombat",
    });
    expect(
      await sent(world.player, payload(combat, { expected: { round: 1, turn: 3, phase: "initiative" } })),
    ).toMatchObject({ reason: "stale" });
    expect(await sent(world.player, { action: "deleteEverything" })).toMatchObject({
      reason: "malformed",
    });
    expect(await sent(world.player, payload(combat, { combatantIds: "x" }))).toMatchObject({
      reason: "malformed",
    });
    world.setUser(world.player);
    expect(await request.handleCombatAction(payload(combat))).toMatchObject({ reason: "notGM" });
    expect(combat.updates).toHaveLength(1);
  });

  it("NC-MAN-20: a Draw Weapon declared without saying what it readies (the sheet, the Token HUD) readies the weapon being drawn, and that weapon does not parry", async () => {
    const { combat, eddy } = table();
    await combat.startCombat();
    world.setUser(world.player);
    expect(await asCombatant(eddy).declareManeuver("drawWeapon")).toBe(true);
    expect(eddy.system).toMatchObject({ maneuver: "drawWeapon", readying: "weapon" });
    const loadout: ParryLoadout = { weapon: "oneHanded", offHand: "none" };
    const defenses = allowedDefenses({
      maneuver: "drawWeapon",
      usage: {
        weaponParries: 0,
        shieldParries: 0,
        monsterParries: 0,
        grappleParries: 0,
        dodges: 0,
        offHandAttacked: false,
      },
      attack: { attackerId: "dagmar", kind: "melee" },
      loadout,
      readying: eddy.system.readying as "weapon",
    });
    expect(defenses).not.toContain("weaponParry");
  });

  it("NC-MAN-20: the GM keeps what a player says Draw Weapon readies only when the actor has it to ready", async () => {
    const { combat, eddy } = table();
    await combat.startCombat();
    world.setUser(world.player);
    // Eddy has no shield nor parrying weapon: "the off hand" would let the sword he draws parry.
    expect(await asCombatant(eddy).declareManeuver("drawWeapon", { readying: "offHand" })).toBe(true);
    expect(eddy.system.readying).toBe("weapon");
    await eddy.actor!.createEmbeddedDocuments("Item", [
      { name: "Shield", type: "shield", system: { equipped: false } },
    ]);
    expect(await asCombatant(eddy).declareManeuver("drawWeapon", { readying: "offHand" })).toBe(true);
    expect(eddy.system.readying).toBe("offHand");
    // With a shield and no weapon of his own, not saying readies the shield.
    await eddy.actor!.deleteEmbeddedDocuments("Item", [eddy.actor!.items.contents[0]!.id]);
    expect(await asCombatant(eddy).declareManeuver("drawWeapon")).toBe(true);
    expect(eddy.system.readying).toBe("offHand");
  });

  it("NC-RND-7: a player's hold of an All-Out-Attack is refused, and the reason comes back to the player", async () => {
    const { combat, eddy } = table();
    await combat.startCombat();
    world.setUser(world.player);
    expect(await asCombatant(eddy).declareManeuver("allOutAttack")).toBe(true);
    combat.updates.length = 0;
    await combat.holdAction(eddy.id);
    expect(combat.updates).toHaveLength(0);
    expect(eddy.system.held).toBe(false);
    expect(world.warnings).toEqual([expect.stringContaining("FANGS.Rules.Hold.Refusal.CannotBeHeld")]);
  });

  it("the owner's request goes through, once: a doubled click is stale", async () => {
    const { combat } = table();
    await combat.startCombat();
    const seen = payload(combat);
    expect(await sent(world.player, seen)).toEqual({ ok: true });
    expect(await sent(world.player, seen)).toMatchObject({ ok: false, reason: "stale" });
    expect(currentName(combat)).toBe("initiative:Archer");
  });
});

describe("the maneuver icon", () => {
  it("is one status effect per token: never stacked, replaced on change, cleared at a new round", async () => {
    // Eddy, who wears no other status effect (Dagmar's "engaged" is one).
    const { combat, eddy: dagmar } = table();
    await combat.startCombat();
    const actor = dagmar.actor!;
    await Promise.all([
      asCombatant(dagmar).declareManeuver("attack"),
      asCombatant(dagmar).declareManeuver("attack"),
    ]);
    expect(actor.effects.size).toBe(1);
    const first = actor.effects.contents[0]!.id;
    await asCombatant(dagmar).declareManeuver("allOutAttack");
    expect(actor.effects.map((e) => [e.id, e.flags])).toEqual([
      [first, { fangs: { maneuver: "allOutAttack" } }],
    ]);
    expect(actor.effects.contents[0]!.data).toMatchObject({
      img: "systems/fangs/assets/icons/maneuver/allOutAttack.svg",
    });
    await combat.nextRound();
    expect(actor.effects.size).toBe(0);
  });

  it("removes duplicates left by anything else", async () => {
    const { eddy: dagmar } = table();
    const actor = dagmar.actor!;
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { flags: { fangs: { maneuver: "move" } } },
      { flags: { fangs: { maneuver: "run" } } },
    ]);
    await asCombatant(dagmar).declareManeuver("engage");
    expect(actor.effects.map((e) => e.flags)).toEqual([{ fangs: { maneuver: "engage" } }]);
  });

  it("a player's declaration goes to the active GM as a query: the GM's client writes the combatant", async () => {
    const { combat, eddy } = table();
    await combat.startCombat();
    eddy.writers.length = 0;
    world.setUser(world.player);
    expect(await asCombatant(eddy).declareManeuver("attack", { attackKind: "melee" })).toBe(true);
    expect(eddy.system).toMatchObject({ maneuver: "attack", attackKind: "melee" });
    expect(eddy.writers).toEqual([world.gm.id]);
    world.setUser(world.player);
    expect(await asCombatant(eddy).clearManeuver()).toBe(true);
    expect(eddy.system.maneuver).toBeNull();
    expect(eddy.writers).toEqual([world.gm.id, world.gm.id]);
    // A forged declaration for someone else's combatant, or a malformed one, is refused by the handler.
    const forged = {
      action: "declare",
      combatId: combat.id,
      userId: world.player.id,
      combatantIds: ["c-dagmar"],
      expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
      data: { id: "attack", attackKind: null },
    };
    world.setUser(world.gm);
    expect(await sent(world.player, forged)).toMatchObject({ ok: false, reason: "notOwner" });
    expect(
      await sent(world.player, { ...forged, combatantIds: ["c-eddy"], data: { id: "<x>" } }),
    ).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("a player may not declare for a combatant it does not own, nor after its initiative turn", async () => {
    const { combat, dagmar, eddy } = table();
    await combat.startCombat();
    world.setUser(world.player);
    expect(await asCombatant(dagmar).declareManeuver("attack")).toBe(false);
    expect(await asCombatant(eddy).declareManeuver("charge")).toBe(true);
    world.setUser(world.gm);
    await combat.nextTurn();
    world.setUser(world.player);
    expect(await asCombatant(eddy).declareManeuver("move")).toBe(false);
    expect(await asCombatant(eddy).declareManeuver("notAManeuver")).toBe(false);
    expect(eddy.system.maneuver).toBe("charge");
    expect(world.warnings).toEqual([
      expect.stringContaining("FANGS.Combat.Refusal.NotOwner"),
      expect.stringContaining("FANGS.Combat.Refusal.DeclareClosed"),
      expect.stringContaining("FANGS.Combat.Refusal.UnknownManeuver"),
    ]);
  });

  it("shows the movement the maneuver allows, from the rules registry", async () => {
    const { combat } = table();
    // Movement is derived (ST+AG-SZ by default): AG 12 with ST and SZ at their default 10 makes 12 paces.
    const dagmar = fighter("mover", "Mover", 12, "melee");
    combat.add(dagmar);
    await asCombatant(dagmar).declareManeuver("retreat");
    expect(asCombatant(dagmar).movementAllowance).toEqual({
      maneuver: "retreat",
      fraction: "full",
      paces: 12,
    });
    await asCombatant(dagmar).declareManeuver("engage");
    expect(asCombatant(dagmar).movementAllowance?.paces).toBe(6);
    await asCombatant(dagmar).declareManeuver("attack");
    expect(asCombatant(dagmar).movementAllowance?.paces).toBe(3);
  });
});

describe("a scripted round: AG 17, 15, 15 and 12", () => {
  it("NC-RND-4, NC-ATK-1, NC-ATK-6, NC-ATK-7: Eddy holds, Archer shoots, Dagmar goes all out, Jenny retreats", async () => {
    const { combat, eddy, dagmar, archer, jenny } = table();
    const seen: string[] = [];
    const look = () => seen.push(currentName(combat));
    await combat.startCombat();
    look();
    // Fast Eddy (AG 17) holds on his initiative.
    await combat.holdAction(eddy.id);
    look();
    await asCombatant(archer).declareManeuver("attack", { attackKind: "missile" });
    await combat.nextTurn();
    look();
    await asCombatant(dagmar).declareManeuver("allOutAttack");
    await combat.nextTurn();
    look();
    await asCombatant(jenny).declareManeuver("retreat");
    // A maneuver that takes the whole round cannot be held (NC-RND-7).
    expect(await asCombatant(eddy).declareManeuver("retreat")).toBe(false);
    await combat.nextTurn();
    look(); // Missile: the archer alone.
    await asCombatant(archer).recordAttack({ source: "maneuver", kind: "missile", targetId: jenny.id });
    await combat.nextTurn();
    look(); // Melee: Dagmar, engaged, all out.
    // Eddy breaks his hold to strike Jenny as she leaves: he acts now, before Dagmar.
    await asCombatant(eddy).declareManeuver("attack");
    await combat.breakHold([eddy.id]);
    look();
    await asCombatant(eddy).recordAttack({ source: "maneuver", kind: "melee", targetId: jenny.id });
    await combat.nextTurn();
    look();
    await asCombatant(dagmar).recordAttack({ source: "maneuver", kind: "melee", targetId: jenny.id });
    await combat.nextTurn();
    look(); // Post-Melee: All-Out-Attack's second attack.
    await combat.nextTurn();
    look(); // Round 2.
    expect(seen).toEqual([
      "initiative:Fast Eddy",
      "initiative:Archer",
      "initiative:Dagmar",
      "initiative:Pirate Jenny",
      "missile:Archer",
      "melee:Dagmar",
      "melee:Fast Eddy",
      "melee:Dagmar",
      "postMelee:Dagmar",
      "initiative:Fast Eddy",
    ]);
    expect(combat.round).toBe(2);
    expect(eddy.system).toMatchObject({ held: false, maneuver: null });
    expect(eddy.actor!.calls.filter((c) => c.op === "status")).toEqual([
      { op: "status", data: { id: "holding", active: true } },
      { op: "status", data: { id: "holding", active: false } },
    ]);
    // Every change of round, phase or turn was one Combat update; the others wrote a combatant's round and its record.
    const recordWrite = (data: Record<string, unknown>) =>
      Object.keys(data).sort().join() === "combatants,system" &&
      Object.keys(data.system as object).join() === "records";
    expect(
      combat.updates.every(
        (u) => recordWrite(u.data) || ("round" in u.data && "turn" in u.data && "system" in u.data),
      ),
    ).toBe(true);
  });

  it("NC-DEF-1, NC-DMG-3: the same round with the exchange rules and scripted dice", async () => {
    const { combat, eddy, dagmar, archer, jenny } = table();
    const loadout: ParryLoadout = { weapon: "oneHanded", offHand: "none" };
    const jennyState = {
      id: jenny.id,
      stunPoints: { value: 20, max: 20 },
      hitPoints: { value: 14, max: 14 },
      armorProtection: 2,
      co: 12,
      sz: 12,
      stunned: false,
    };
    const weapon = (id: string, damage: string, kind: WeaponProfile["kind"]): WeaponProfile => ({
      id,
      name: id,
      damage,
      itemSp: kind === "melee" ? { value: 10, max: 10 } : null,
      impales: false,
      hands: 1,
      kind,
      extendedReload: false,
      autofire: false,
    });
    const cutlass = {
      id: "cutlass",
      name: "Cutlass",
      type: "weapon" as const,
      itemSp: { value: 10, max: 10 },
      damage: "1d6+1",
    };
    /** Jenny's defenses against this attack, from her maneuver and what the tracker counted this round. */
    const jennyMay = (attackerId: string, kind: WeaponProfile["kind"]) =>
      allowedDefenses({
        maneuver: jenny.system.maneuver as string,
        usage: asCombatant(jenny).defenseUsage,
        attack: { attackerId, kind },
        loadout,
      });
    const strike = (
      attackerId: string,
      w: WeaponProfile,
      skill: number,
      choice: "none" | "weaponParry",
      dice: number[],
    ) => {
      const allowed = jennyMay(attackerId, w.kind);
      const scripted = new ScriptedDice(dice);
      const result = resolveExchange(
        {
          attack: {
            attacker: { id: attackerId, st: 13, damageModifier: 0 },
            weapon: w,
            skill: { natural: 4, bought: skill - 4, total: skill },
            modifiers: 0,
            extraDamageModifier: 0,
            mode: "strike",
            subdual: false,
          },
          defense: {
            defender: jennyState,
            choice,
            skill: choice === "none" ? null : { natural: 3, bought: 5, total: 8 },
            item: choice === "none" ? null : cutlass,
            modifiers: 0,
            allowed,
          },
        },
        scripted,
      );
      expect(scripted.remaining).toBe(0);
      return { allowed, result };
    };

    await combat.startCombat();
    await combat.holdAction(eddy.id);
    await asCombatant(archer).declareManeuver("attack", { attackKind: "missile" });
    await combat.nextTurn();
    await asCombatant(dagmar).declareManeuver("allOutAttack");
    await combat.nextTurn();
    await asCombatant(jenny).declareManeuver("retreat");
    await combat.nextTurn();

    // Missile: a retreating target can only dodge a missile, and Retreat gives no dodge (NC-DEF-1).
    expect(currentName(combat)).toBe("missile:Archer");
    const shot = strike(archer.id, weapon("bow", "1d6+1", "missile"), 10, "none", [12, 4]);
    expect(shot.allowed).toEqual(["none"]);
    // 12 + 10 = 22 hits; 4 + 1 = 5 damage: Stun 5 − 2 armor = 3, HP ⌈5/2⌉ − 2 = 1 (NC-DMG-3).
    expect(shot.result.outcome.kind).toBe("hit");
    expect(shot.result.effects).toEqual([
      { kind: "pool", actorId: jenny.id, pool: "stunPoints", amount: 3 },
      { kind: "pool", actorId: jenny.id, pool: "hitPoints", amount: 1 },
    ]);
    await asCombatant(archer).recordAttack({ source: "maneuver", kind: "missile", targetId: jenny.id });
    await combat.nextTurn();

    // Melee: Eddy breaks his hold and swings first; 3 + 11 = 14 misses.
    await asCombatant(eddy).declareManeuver("attack");
    await combat.breakHold([eddy.id]);
    expect(currentName(combat)).toBe("melee:Fast Eddy");
    const miss = strike(eddy.id, weapon("sword", "1d8+2", "melee"), 11, "none", [3]);
    expect(miss.result.outcome.kind).toBe("missed");
    await asCombatant(eddy).recordAttack({ source: "maneuver", kind: "melee", targetId: jenny.id });
    await combat.nextTurn();

    // Dagmar's first All-Out-Attack: Jenny has her one Retreat parry and uses it.
    expect(currentName(combat)).toBe("melee:Dagmar");
    const first = strike(dagmar.id, weapon("broadsword", "1d8+2", "melee"), 12, "weaponParry", [10, 13, 6]);
    expect(first.allowed).toEqual(["weaponParry", "none"]);
    // 10 + 12 = 22 against 13 + 8 = 21: parried; 6 + 2 = 8 is under the cutlass's 10 SP: nothing through, no nick.
    expect(first.result.outcome.kind).toBe("parried");
    expect(first.result.effects).toEqual([]);
    await asCombatant(jenny).recordDefense("weaponParry");
    await asCombatant(dagmar).recordAttack({ source: "maneuver", kind: "melee", targetId: jenny.id });
    await combat.nextTurn();

    // Post-Melee: the second attack finds the parry spent (counted by the tracker).
    expect(currentName(combat)).toBe("postMelee:Dagmar");
    const second = strike(dagmar.id, weapon("broadsword", "1d8+2", "melee"), 12, "none", [15, 7]);
    expect(second.allowed).toEqual(["none"]);
    // 15 + 12 = 27 hits; 7 + 2 = 9: Stun 9 − 2 = 7, HP ⌈9/2⌉ − 2 = 3.
    expect(second.result.effects).toEqual([
      { kind: "pool", actorId: jenny.id, pool: "stunPoints", amount: 7 },
      { kind: "pool", actorId: jenny.id, pool: "hitPoints", amount: 3 },
    ]);
    await asCombatant(dagmar).recordAttack({
      source: "allOutAttackSecond",
      kind: "melee",
      targetId: jenny.id,
    });
    await combat.nextTurn();

    // Round 2: the parry is Jenny's again.
    expect(currentName(combat)).toBe("initiative:Fast Eddy");
    expect(asCombatant(jenny).defenseUsage.weaponParries).toBe(0);
    expect(asCombatant(dagmar).attackCounter.made).toEqual([]);
  });

  it("NC-RND-6: Fast Eddy and Dagmar break their holds at once; d20 + AG decides and both act", async () => {
    const { combat, eddy, dagmar } = table();
    await combat.startCombat();
    await combat.holdAction(eddy.id);
    await combat.nextTurn(); // Archer → Dagmar
    await combat.holdAction(dagmar.id);
    expect(currentName(combat)).toBe("initiative:Pirate Jenny");
    world.diceValues.push(8, 8);
    await combat.breakHold([dagmar.id, eddy.id]);
    expect(currentName(combat)).toBe("initiative:Fast Eddy");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Dagmar");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Pirate Jenny");
    expect(String(world.chat.at(-1)?.content ?? world.chat.map((m) => m.content).join(""))).toContain(
      "RollOff",
    );
  });

  it("NC-ATK-2: a combatant knocked out before its turn is skipped with a note in chat", async () => {
    const { combat, archer } = table();
    await combat.startCombat();
    giveStatus(archer.actor!, "unconscious");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Dagmar");
    expect(world.chat.some((m) => String(m.content).includes("SkippedOutOfAction"))).toBe(true);
  });

  it("a stunned combatant loses the action it owes", async () => {
    const { combat, archer } = table();
    await combat.startCombat();
    await asCombatant(archer).markActionLost();
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Dagmar");
    expect(archer.system.actionLost).toBe(false);
  });
});

describe("NC-RND-3 at the table: equal AG", () => {
  it("NC-RND-3: two of equal AG keep the tracker's order from one round to the next, whoever acted last", async () => {
    // Bea acts alone in the Post-Melee phase; Abe still comes first in round 2, as he did in round 1.
    const combat = new FangsCombat() as unknown as Table["combat"];
    const abe = fighter("abe", "Abe", 12, "melee");
    const bea = fighter("bea", "Bea", 12, "melee");
    for (const c of [bea, abe]) combat.add(c);
    world.combats.clear();
    world.combats.set(combat.id, combat);
    giveStatus(abe.actor!, "engaged");
    giveStatus(bea.actor!, "engaged");
    const seen: string[] = [];
    const look = () => seen.push(currentName(combat));
    await combat.startCombat();
    look();
    await asCombatant(abe).declareManeuver("attack");
    await combat.nextTurn();
    look();
    await asCombatant(bea).declareManeuver("allOutAttack");
    await combat.nextTurn();
    look();
    await asCombatant(abe).recordAttack({ source: "maneuver", kind: "melee", targetId: bea.id });
    await combat.nextTurn();
    look();
    await asCombatant(bea).recordAttack({ source: "maneuver", kind: "melee", targetId: abe.id });
    await combat.nextTurn();
    look();
    await combat.nextTurn();
    look();
    expect(seen).toEqual([
      "initiative:Abe",
      "initiative:Bea",
      "melee:Abe",
      "melee:Bea",
      "postMelee:Bea",
      "initiative:Abe",
    ]);
  });
});

describe("NC-MAN-2 at the table: a maneuver lost to a dodge", () => {
  it("NC-MAN-2: the archer who dodged instead of shooting starts the next round with the shot declared again, and the chat says so", async () => {
    const { combat, archer } = table();
    await combat.startCombat();
    await asCombatant(archer).declareManeuver("attack");
    expect(archer.system).toMatchObject({ maneuver: "attack", attackKind: "missile" });
    // What the exchange card does when the archer dodges before shooting.
    await asCombatant(archer).declareManeuver("dodgeMissile");
    await asCombatant(archer).recordManeuverLost("attack");
    expect(archer.system).toMatchObject({ maneuver: "dodgeMissile", lostManeuver: "attack" });
    world.chat.length = 0;
    await combat.nextRound();
    expect(archer.system).toMatchObject({ maneuver: "attack", attackKind: "missile", lostManeuver: null });
    const notes = world.chat.map((m) => String(m.content)).join("\n");
    expect(notes).toContain("FANGS.Combat.Note.ManeuverRetried");
    expect(notes).toContain('"maneuver":"FANGS.Maneuver.Attack.Name"');
    // The GM may still change it, as any declaration.
    await asCombatant(archer).declareManeuver("move");
    expect(archer.system).toMatchObject({ maneuver: "move", attackKind: null });
  });

  it("NC-MAN-2: the retried maneuver keeps its token icon through the new round's clearing", async () => {
    const { combat, archer } = table();
    await combat.startCombat();
    await asCombatant(archer).declareManeuver("attack");
    await asCombatant(archer).declareManeuver("dodgeMissile");
    await asCombatant(archer).recordManeuverLost("attack");
    await combat.nextRound();
    const icons = archer.actor!.effects.filter(
      (e) => !!(e.flags as { fangs?: { maneuver?: string } }).fangs?.maneuver,
    );
    expect(icons.map((e) => e.flags)).toEqual([{ fangs: { maneuver: "attack" } }]);
  });
});

describe("who is owed a Post-Melee turn at the table", () => {
  /** Eddy with a throwing knife in his hand and a dagger in the other, Dagmar engaged with him. */
  function knifeThrower(): { combat: Table["combat"]; eddy: StandInCombatant; dagmar: StandInCombatant } {
    const combat = new FangsCombat() as unknown as Table["combat"];
    const eddy = new StandInCombatant(
      "c-eddy",
      "Fast Eddy",
      new StandInActor(
        "eddy",
        "Fast Eddy",
        { characteristics: { ag: 17 }, attributes: { movement: 12 } },
        [weapon("thrown"), weapon("melee", true)],
        "character",
      ),
    );
    const dagmar = fighter("dagmar", "Dagmar", 15, "melee");
    for (const c of [eddy, dagmar]) combat.add(c);
    world.combats.clear();
    world.combats.set(combat.id, combat);
    return { combat, eddy, dagmar };
  }

  it("NC-ATK-3, NC-ATK-7, NC-ATK-9: after throwing his knife Eddy has no Post-Melee turn for the dagger in his off hand", async () => {
    const { combat, eddy, dagmar } = knifeThrower();
    await combat.startCombat();
    await asCombatant(eddy).declareManeuver("attack", { attackKind: "thrown" });
    await combat.nextTurn();
    await asCombatant(dagmar).declareManeuver("attack");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("missile:Fast Eddy");
    await asCombatant(eddy).recordAttack({ source: "maneuver", kind: "thrown", targetId: dagmar.id });
    giveStatus(eddy.actor!, "engaged");
    giveStatus(dagmar.actor!, "engaged");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("melee:Dagmar");
    await asCombatant(dagmar).recordAttack({ source: "maneuver", kind: "melee", targetId: eddy.id });
    await combat.nextTurn();
    expect(combat.round).toBe(2);
    expect(currentName(combat)).toBe("initiative:Fast Eddy");
  });

  it("NC-ATK-7, NC-ATK-9: one who struck with the sword in his hand keeps the dagger's Post-Melee turn", async () => {
    const { combat, eddy, dagmar } = knifeThrower();
    giveStatus(eddy.actor!, "engaged");
    giveStatus(dagmar.actor!, "engaged");
    await combat.startCombat();
    await asCombatant(eddy).declareManeuver("attack", { attackKind: "melee" });
    await combat.nextTurn();
    await asCombatant(dagmar).declareManeuver("attack");
    await combat.nextTurn();
    expect(currentName(combat)).toBe("melee:Fast Eddy");
    await asCombatant(eddy).recordAttack({ source: "maneuver", kind: "melee", targetId: dagmar.id });
    await combat.nextTurn();
    await asCombatant(dagmar).recordAttack({ source: "maneuver", kind: "melee", targetId: eddy.id });
    await combat.nextTurn();
    expect(currentName(combat)).toBe("postMelee:Fast Eddy");
  });
});

describe("what the round start does to the combatants at the table", () => {
  it("CORE-CON-1: the stunned status comes off once the lost action it cost has passed, not before", async () => {
    const { combat, archer, jenny } = table();
    await combat.startCombat();
    for (const c of [archer, jenny]) {
      giveStatus(c.actor!, "stunned");
      await asCombatant(c).markActionLost();
    }
    await combat.nextTurn();
    expect(currentName(combat)).toBe("initiative:Dagmar");
    expect(archer.actor!.statuses.has("stunned")).toBe(false);
    // Pirate Jenny's lost action is her turn still to come.
    expect(jenny.actor!.statuses.has("stunned")).toBe(true);
  });

  it("NC-DMG-13, NC-ATK-2: the round's impale damage comes before the Initiative order: one it knocks out loses the round's first turn", async () => {
    const eddy = new StandInActor(
      "eddy",
      "Fast Eddy",
      {
        characteristics: { ag: 17, co: 10, sz: 10 },
        attributes: { movement: 12 },
        stunPoints: { value: 3, max: 12 },
        hitPoints: { value: 12, max: 12 },
        armorProtection: 0,
      },
      [weapon("melee")],
      "character",
    );
    const combat = new FangsCombat() as unknown as Table["combat"];
    const eddyInCombat = new StandInCombatant("c-eddy", "Fast Eddy", eddy);
    const dagmar = fighter("dagmar", "Dagmar", 15, "melee");
    for (const c of [eddyInCombat, dagmar]) combat.add(c);
    world.combats.clear();
    world.combats.set(combat.id, combat);
    // The effect applier finds the victim by its uuid.
    (globalThis as unknown as { game: { actors: Map<string, unknown> } }).game.actors.set(eddy.id, eddy);
    await combat.startCombat();
    expect(currentName(combat)).toBe("initiative:Fast Eddy");
    await eddy.createEmbeddedDocuments("ActiveEffect", [
      {
        flags: {
          fangs: {
            stuck: { ownerUuid: "Actor.dagmar", itemId: "spear", inItemId: null, perRoundDamage: "1d6" },
          },
        },
      },
    ]);
    world.diceValues.length = 0;
    world.diceValues.push(20); // a 6: Stun 3 → −3, unconscious (CORE-CON-2)
    await combat.nextRound();
    expect(eddy.statuses.has("unconscious")).toBe(true);
    expect(combat.round).toBe(2);
    expect(currentName(combat)).toBe("initiative:Dagmar");
    const notes = world.chat.map((m) => String(m.content)).join("\n");
    expect(notes).toContain("FANGS.Combat.Note.ImpaleDamage");
  });
});
