import { readFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AnyActor,
  ask,
  choices,
  type ExchangeModules,
  itemId,
  lastMessage,
  loadExchange,
  SHIFT,
  sendAttack,
  stateOf,
  target,
} from "../../../../test/foundry/chat-fixtures";
import {
  GridScene,
  SquareGrid,
  setOwners,
  type TokenDocument,
  world,
} from "../../../../test/foundry/chat-stand-in";
import { pairKey, readPair, writePair } from "../../../combat/pairs";
import type { FangsCombat } from "../../../documents/combat";
import { loadRuleset } from "../../../on-demand";
import { RulesError } from "../../../rules/kernel/errors";
import { skillValueByKey } from "../chat/facts";
import { fangsTrackerRow, readFangsRow } from "../tracker-row";
import {
  KEPT_RANGES,
  pairReachOf,
  pairReachReader,
  parsePairReach,
  registerReachParting,
} from "./pair-reach";
import { keptReach } from "./reach-table";

/**
 * The reach module at the table (RHF-RNG-1 … -3, docs/rules/fangs.md,
 * "Reach and weapon length") on the Foundry stand-in: Gru (the player's,
 * a Broadsword: medium) and Pirate Jenny (the defender's; her Shortsword
 * and its skill keyed "spear" where the module must bite: long) side by side
 * on a gridded scene, in the Melee phase of a FangsCombat. Every request
 * goes through the v13 queries and the active GM's checks; the dice are
 * scripted.
 */

let modules: ExchangeModules;
let FangsCombatClass: typeof FangsCombat;
let request: typeof import("../../../combat/request");

beforeAll(async () => {
  modules = await loadExchange();
  ({ FangsCombat: FangsCombatClass } = await import("../../../documents/combat"));
  request = await import("../../../combat/request");
  CONFIG.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  // What FANGS's `init` hooks for the module: a range forgotten when the tokens part.
  registerReachParting();
});

afterEach(async () => {
  world.as(world.gm);
  await game.settings!.set("fangs", "rules", {} as never);
  await game.settings!.set("fangs", "attackEnforcement", "warn");
});

type Loose = Record<string, unknown>;
interface StandInCombat {
  readonly id: string;
  round: number;
  readonly system: { phase: string; pairs?: Loose };
  readonly updates: { data: Loose; by: string }[];
  readonly combatants: { contents: { id: string; actor: unknown; token: unknown }[] };
  add(actor: object, system: Loose): unknown;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<unknown>;
  inTurn<T>(fn: () => Promise<T>): Promise<T>;
}

interface Fight {
  readonly gru: AnyActor;
  readonly jenny: AnyActor;
  readonly gruToken: TokenDocument;
  readonly jennyToken: TokenDocument;
  readonly sword: string;
  readonly combat: StandInCombat;
  readonly gruId: string;
  readonly jennyId: string;
}

/**
 * A pack's sample character as a world actor owned by `owner`; with
 * `spear`, her Shortsword and its skill are keyed "spear", so the module
 * reads it as a spear (long).
 */
async function character(file: string, owner: string, spear = false): Promise<AnyActor> {
  const data = JSON.parse(
    readFileSync(new URL(`../../../../packs/characters/${file}`, import.meta.url), "utf8"),
  );
  for (const key of ["_key", "folder", "ownership", "prototypeToken", "effects"]) delete data[key];
  data.items = (data.items as Loose[]).map(({ _key, ...item }) => {
    const system = item.system as Loose;
    if (spear && item.name === "Shortsword") system[item.type === "skill" ? "key" : "skill"] = "spear";
    return item;
  });
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<AnyActor> };
  world.as(world.gm);
  const actor = await cls.create(data);
  setOwners(actor, owner);
  return actor;
}

const LONG_SHORTSWORD = true;

/** A fresh world with these rules; Gru and Jenny one pace apart, both on Attack, round 1's Melee phase. */
async function fight(rules: Loose, spear = false): Promise<Fight> {
  world.reset();
  await game.settings!.set("fangs", "rules", rules as never);
  await game.settings!.set("fangs", "attackEnforcement", "forbid");
  const gru = await character("gru.json", world.player.id);
  const jenny = await character("pirate-jenny.json", world.defender.id, spear);
  const scene = new GridScene("sceneReach000001", new SquareGrid(100, 1));
  const gruToken = world.token(gru as never, "Gru", { scene, x: 0, y: 0, disposition: 1 });
  const jennyToken = world.token(jenny as never, "Pirate Jenny", { scene, x: 100, y: 0, disposition: -1 });
  const combat = new (FangsCombatClass as unknown as new (d: Loose) => StandInCombat)({
    _id: "combatReach00001",
    round: 1,
    turn: 0,
    system: { phase: "melee", order: [] },
  });
  combat.add(gru, { maneuver: "attack", attackKind: "melee" });
  combat.add(jenny, { maneuver: "attack", attackKind: "melee" });
  const [gruC, jennyC] = [gru, jenny].map((a) => combat.combatants.contents.find((c) => c.actor === a)!);
  // Foundry's combatant knows its token on the scene; the stand-in's is set by hand.
  gruC!.token = gruToken;
  jennyC!.token = jennyToken;
  world.combat = combat as never;
  return {
    gru,
    jenny,
    gruToken,
    jennyToken,
    sword: itemId(gru, "Broadsword"),
    combat,
    gruId: gruC!.id,
    jennyId: jennyC!.id,
  };
}

const localize = (key: string, data?: Record<string, string>) =>
  data ? game.i18n!.format(key, data) : game.i18n!.localize(key);

/** The pair's reach as kept on the Combat. */
const kept = (f: Fight) => {
  const reach = pairReachOf(f.combat, f.gruId, f.jennyId);
  if (!reach) return null;
  // No parting mark (absent, or null as written to take one off): shown without it.
  const { apart, ...engaged } = reach;
  return apart == null ? engaged : reach;
};

/** `user` asks the active GM for an advance or withdraw of `who` against `other`, as the tracker's button does. */
async function askManeuver(f: Fight, user: typeof world.player, who: string, other: string, dice: number[]) {
  world.as(user);
  world.dice.push(...dice);
  try {
    return await request.requestCombatAction(f.combat as never, "rangeManeuver", [who], { with: other });
  } finally {
    world.as(world.gm);
  }
}

/** `user` attacks from the attacker's token at `token`, the dialog skipped; the attack's dice scripted. */
async function strike(
  user: typeof world.player,
  attacker: AnyActor,
  from: TokenDocument,
  weapon: string,
  token: TokenDocument,
  dice: number[],
) {
  world.as(user);
  target(user, token);
  world.dice.push(...dice);
  const posted = await modules.start.startAttack(attacker, itemId(attacker, weapon), {
    event: SHIFT,
    token: from as never,
  });
  world.as(world.gm);
  if (!posted) throw new Error(`the attack was not posted: ${world.notices.at(-1) ?? "no notice"}`);
  return lastMessage();
}

/** The GM's work a token's move set off (the rules' loading, then the Combat's turn) is done. */
async function settled(f: Fight): Promise<void> {
  await loadRuleset("fangs");
  await f.combat.inTurn(async () => undefined);
}

function offers(message: Parameters<typeof stateOf>[0]) {
  return modules.render.viewerOf(stateOf(message)).offers ?? [];
}

/** Gru's Broadsword total, and the d20 that makes his Hard check (a plain success, under the Special range). */
function gruHardRoll(f: Fight): number {
  const skill = skillValueByKey(f.gru, "broadsword")!.total;
  const needed = 20 - Math.ceil(skill / 2);
  expect(needed).toBeLessThan(19);
  return needed;
}

describe("the range kept between two fighters", () => {
  it("reads back only the module's shape: a damaged entry reads as none", () => {
    expect(KEPT_RANGES).toEqual(["close", "medium", "long"]);
    expect(parsePairReach({ range: "long", moved: { abc: 2 } })).toEqual({
      range: "long",
      moved: { abc: 2 },
    });
    expect(parsePairReach({ range: "medium" })).toEqual({ range: "medium", moved: {} });
    for (const raw of [
      null,
      "long",
      { range: "far" },
      { range: "long", moved: { abc: 0 } },
      { range: "long", moved: { abc: 1.5 } },
      { range: "long", moved: { "a.b": 1 } },
      { range: "long", moved: { a: 1, b: 1, c: 1 } },
      { range: "long", moved: [1] },
    ])
      expect(parsePairReach(raw), JSON.stringify(raw)).toBeNull();
    expect(pairReachReader.parse({ reach: { range: "far" } })).toEqual({ reach: null });
    expect(pairReachReader.parse({ reach: null })).toEqual({ reach: null });
    expect(pairReachReader.parse("x")).toBeNull();
    expect(pairReachReader.parse([{ range: "long" }])).toBeNull();
    // Another module's field is kept as it is, for its own check; the reach is read by its own.
    expect(pairReachReader.parse({ hold: { points: 3 } })).toEqual({ hold: { points: 3 } });
    expect(pairReachReader.parse({ hold: { points: 3 }, reach: { range: "close" } })).toEqual({
      hold: { points: 3 },
      reach: { range: "close", moved: {} },
    });
  });

  it("the reach and another module's field of one pair are written and read back together", async () => {
    const f = await fight({ reachModule: true });
    world.as(world.gm);
    const combat = f.combat as unknown as Combat.Implementation;
    const hold = { grappler: f.gruId, points: 2, since: 1, card: null };
    expect(await writePair(combat, f.gruId, f.jennyId, { hold })).toBe(true);
    expect(await writePair(combat, f.jennyId, f.gruId, { reach: { range: "long", moved: {} } })).toBe(true);
    expect(readPair(combat, f.gruId, f.jennyId)).toEqual({ hold, reach: { range: "long", moved: {} } });
    // Forgetting the range leaves the other field.
    expect(await writePair(combat, f.gruId, f.jennyId, { reach: null })).toBe(true);
    expect(readPair(combat, f.gruId, f.jennyId)).toEqual({ hold, reach: null });
    expect(kept(f)).toBeNull();
  });

  it("a malformed range stored on the Combat reads as none", async () => {
    const f = await fight({ reachModule: true });
    f.combat.system.pairs = { [pairKey(f.gruId, f.jennyId)]: { reach: { range: "sideways", moved: {} } } };
    expect(kept(f)).toBeNull();
    // A round kept for a fighter not of the pair.
    f.combat.system.pairs = {
      [pairKey(f.gruId, f.jennyId)]: { reach: { range: "long", moved: { zed: 1 } } },
    };
    expect(kept(f)).toBeNull();
    f.combat.system.pairs = {
      [pairKey(f.gruId, f.jennyId)]: { reach: { range: "long", moved: { [f.jennyId]: 1 } } },
    };
    expect(kept(f)).toEqual({ range: "long", moved: { [f.jennyId]: 1 } });
  });
});

describe("RHF-RNG-1 … -3 (FANGS module) at the table", () => {
  it("RHF-RNG-1 (FANGS module): Gru's player attacks Jenny out of his Broadsword's range: refused on his client and again on the GM's, nothing written", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    world.as(world.player);
    target(world.player, f.jennyToken);
    world.dice.push(15);
    expect(
      await modules.start.startAttack(f.gru, f.sword, { event: SHIFT, token: f.gruToken as never }),
    ).toBe(false);
    const refusal = localize("FANGS.Rules.Attack.Refusal.OutOfReach");
    expect(world.notices.at(-1)).toBe(refusal);
    // Refused on the player's own client: nothing was asked of the GM.
    expect(world.gm.queries).toEqual([]);
    // A player who skips the dialog's checks and sends the request itself: the GM refuses it from the documents.
    const answer = await sendAttack(world.player, choices(f as never));
    expect(answer).toMatchObject({ ok: false, key: "FANGS.Rules.Attack.Refusal.OutOfReach" });
    expect(world.dice).toEqual([15]);
    expect(game.messages!.size).toBe(0);
    expect(f.combat.updates).toEqual([]);
    expect(kept(f)).toBeNull();
  });

  it("RHF-RNG-3 (FANGS module): Gru's player advances from the tracker: the GM rolls the Hard check on a card and keeps the range; a second is refused", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    const d20 = gruHardRoll(f);
    // The check card's drawing: what it is given to show.
    const drawn = vi.spyOn(foundry.applications.handlebars, "renderTemplate");
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [d20])).toBe(true);
    const card = lastMessage();
    expect(card.author).toBe(world.gm.id);
    const skill = skillValueByKey(f.gru, "broadsword")!.total;
    const context = drawn.mock.calls.at(-1)?.[1] as Record<string, unknown>;
    drawn.mockRestore();
    // The Hard modifier: half the skill rounded up, less the skill.
    expect(context).toMatchObject({
      label: "Tries to advance from long range with Pirate Jenny (Hard)",
      skill,
      modifiers: Math.ceil(skill / 2) - skill,
    });
    expect(card.rolls.map((r) => r.total)).toEqual([d20]);
    expect(kept(f)).toEqual({ range: "medium", moved: { [f.gruId]: 1 } });
    expect(f.combat.updates.at(-1)?.by).toBe(world.gm.id);

    // One a round: the second ask is refused with the reason, nothing rolled or written.
    const written = f.combat.updates.length;
    const messages = game.messages!.size;
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [d20])).toBe(false);
    expect(world.notices.at(-1)).toBe(localize("FANGS.Reach.Refusal.OneRangeManeuver", { name: "Gru" }));
    expect(world.dice).toEqual([d20]);
    expect(f.combat.updates.length).toBe(written);
    expect(game.messages!.size).toBe(messages);

    // Now at medium range Gru's attack is allowed, and Jenny's long weapon cannot parry it; a dodge can.
    world.dice.length = 0;
    const blow = await strike(world.player, f.gru, f.gruToken, "Broadsword", f.jennyToken, [15]);
    const parry = offers(blow).find((o) => o.choice === "weaponParry");
    expect(parry).toMatchObject({ allowed: false, reasonKey: "FANGS.Rules.Defense.Refusal.OutOfReachParry" });
    expect(offers(blow).find((o) => o.choice === "dodge")).toMatchObject({ allowed: true });
    expect(await ask(world.defender, blow, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: false,
    });
  });

  it("RHF-RNG-2, -3 (FANGS module): the parry is judged at the range the blow was struck at: Jenny's withdraw or step away before she defends does not open her parry", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [gruHardRoll(f)])).toBe(true);
    const blow = await strike(world.player, f.gru, f.gruToken, "Broadsword", f.jennyToken, [15]);
    expect(stateOf(blow).setup).toMatchObject({ reach: "medium" });
    expect(offers(blow).find((o) => o.choice === "weaponParry")).toMatchObject({ allowed: false });
    // She withdraws to long range: the range between them is long now, for what comes next.
    const skill = skillValueByKey(f.jenny, "spear")!.total;
    expect(await askManeuver(f, world.defender, f.jennyId, f.gruId, [20 - Math.ceil(skill / 2)])).toBe(true);
    expect(kept(f)).toEqual({ range: "long", moved: { [f.gruId]: 1, [f.jennyId]: 1 } });
    // The blow was struck at medium: her spear still cannot parry it, on the card and at the GM.
    expect(offers(blow).find((o) => o.choice === "weaponParry")).toMatchObject({
      allowed: false,
      reasonKey: "FANGS.Rules.Defense.Refusal.OutOfReachParry",
    });
    expect(await ask(world.defender, blow, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: false,
    });
    // Nor does a step away that parts them.
    world.as(world.gm);
    await f.jennyToken.update({ x: 400, y: 0 });
    await settled(f);
    expect(kept(f)).toMatchObject({ apart: 1 });
    expect(offers(blow).find((o) => o.choice === "weaponParry")).toMatchObject({ allowed: false });
  });

  it("RHF-RNG-1 (FANGS module): the first melee attack engages the pair at the longer weapon's range, kept once the card is posted; parting marks it, and it goes with a fighter who leaves", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    expect(kept(f)).toBeNull();
    const blow = await strike(world.defender, f.jenny, f.jennyToken, "Shortsword", f.gruToken, [15]);
    expect(kept(f)).toEqual({ range: "long", moved: {} });
    // Gru's Broadsword is shorter than the range: it parries all the same (RHF-RNG-2).
    expect(offers(blow).find((o) => o.choice === "weaponParry")).toMatchObject({ allowed: true });
    // Her withdraw is refused: her weapon is at its range already.
    expect(await askManeuver(f, world.defender, f.jennyId, f.gruId, [18])).toBe(false);
    expect(world.notices.at(-1)).toBe(
      localize("FANGS.Reach.Refusal.AtOwnRange", { name: "Pirate Jenny", range: "long" }),
    );
    // A step aside that keeps them within a pace keeps the range; parting marks the round they parted in.
    await f.jennyToken.update({ x: 100, y: 100 });
    await settled(f);
    expect(kept(f)).toEqual({ range: "long", moved: {} });
    await f.jennyToken.update({ x: 400, y: 0 });
    await settled(f);
    expect(kept(f)).toEqual({ range: "long", moved: {}, apart: 1 });
    expect(f.combat.updates.at(-1)?.by).toBe(world.gm.id);
    // The rows show no range while they stand apart.
    const row = (id: string) =>
      readFangsRow(
        f.combat.combatants.contents.find((c) => c.id === id) as unknown as Combatant.Implementation,
      );
    expect(row(f.gruId).data.reach).toEqual({ ranges: [] });
    // Back within reach in the same round: the mark comes off, the range stands.
    await f.jennyToken.update({ x: 100, y: 0 });
    await settled(f);
    expect(kept(f)).toEqual({ range: "long", moved: {} });
    // Apart into the next round: they engage afresh, at the range they engage at.
    await f.jennyToken.update({ x: 400, y: 0 });
    await settled(f);
    f.combat.round = 2;
    const [gruC, jennyC] = [f.gruId, f.jennyId].map(
      (id) => f.combat.combatants.contents.find((c) => c.id === id)!,
    );
    expect(keptReach(f.combat, gruC as never, jennyC as never)).toBeNull();
    await f.jennyToken.update({ x: 100, y: 0 });
    world.as(world.player);
    target(world.player, f.jennyToken);
    expect(
      await modules.start.startAttack(f.gru, f.sword, { event: SHIFT, token: f.gruToken as never }),
    ).toBe(false);
    expect(world.notices.at(-1)).toBe(localize("FANGS.Rules.Attack.Refusal.OutOfReach"));
    world.as(world.gm);
    // When one of them leaves the fight the range goes with it.
    world.as(world.gm);
    await f.combat.deleteEmbeddedDocuments("Combatant", [f.jennyId]);
    await f.combat.inTurn(async () => undefined);
    expect(f.combat.system.pairs?.[pairKey(f.gruId, f.jennyId)]).toBeNull();
  });

  it("RHF-RNG-3 (FANGS module): a step away and back does not undo an advance, nor give a second one in the round", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    const d20 = gruHardRoll(f);
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [d20])).toBe(true);
    world.as(world.gm);
    await f.jennyToken.update({ x: 400, y: 0 });
    await settled(f);
    await f.jennyToken.update({ x: 100, y: 0 });
    await settled(f);
    expect(kept(f)).toEqual({ range: "medium", moved: { [f.gruId]: 1 } });
    // Gru's second advance this round is refused; Jenny's spear is still inside its range.
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [d20])).toBe(false);
    expect(world.notices.at(-1)).toBe(localize("FANGS.Reach.Refusal.OneRangeManeuver", { name: "Gru" }));
    world.as(world.defender);
    target(world.defender, f.gruToken);
    expect(
      await modules.start.startAttack(f.jenny, itemId(f.jenny, "Shortsword"), {
        event: SHIFT,
        token: f.jennyToken as never,
      }),
    ).toBe(false);
    expect(world.notices.at(-1)).toBe(localize("FANGS.Rules.Attack.Refusal.OutOfReach"));
    world.as(world.gm);
  });

  it("RHF-RNG-1 (FANGS module): a first attack whose card is not posted engages nobody", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    const create = vi.spyOn(ChatMessage, "create").mockRejectedValueOnce(new Error("the server is gone"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      world.as(world.defender);
      target(world.defender, f.gruToken);
      world.dice.push(15);
      expect(
        await modules.start.startAttack(f.jenny, itemId(f.jenny, "Shortsword"), {
          event: SHIFT,
          token: f.jennyToken as never,
        }),
      ).toBe(false);
    } finally {
      create.mockRestore();
      errors.mockRestore();
      world.as(world.gm);
    }
    expect(kept(f)).toBeNull();
    expect(f.combat.updates).toEqual([]);
  });

  it("RHF-RNG-3 (FANGS module): a forged advance and a replayed one are refused, nothing written", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    const { whilePending } = await import("../../../requester");
    const send = async (as: typeof world.player, payload: Loose, pending: boolean) => {
      world.as(as);
      try {
        const subject = request.combatActionSubject(payload as never);
        const go = () => world.gm.query(request.COMBAT_QUERY, payload);
        return pending ? await whilePending(String(payload.requestId), subject, go) : await go();
      } finally {
        world.as(world.gm);
      }
    };
    const payload = (userId: string, who: string, other: string, requestId: string) => ({
      action: "rangeManeuver",
      combatId: f.combat.id,
      userId,
      requestId,
      combatantIds: [who],
      expected: { round: 1, turn: 0, phase: "melee" },
      data: { with: other },
    });
    // The player names the defender as its sender, for Jenny's withdraw: the defender's client never asked.
    const forged = payload(world.defender.id, f.jennyId, f.gruId, "forged0000000001");
    expect(await send(world.player, forged, true)).toMatchObject({ ok: false, reason: "unconfirmed" });
    // Gru's own advance, asked once by his player: made.
    world.dice.push(gruHardRoll(f));
    const asked = payload(world.player.id, f.gruId, f.jennyId, "asked00000000001");
    expect(await send(world.player, asked, true)).toEqual({ ok: true });
    const written = f.combat.updates.length;
    const messages = game.messages!.size;
    // The same request sent again: its client confirms nothing, and nothing is rolled or written.
    world.dice.push(18);
    expect(await send(world.player, asked, false)).toMatchObject({ ok: false, reason: "unconfirmed" });
    // A request for another's combatant, or with data off the shape: refused before any roll.
    const theirs = payload(world.player.id, f.jennyId, f.gruId, "theirs0000000001");
    expect(await send(world.player, theirs, true)).toMatchObject({ ok: false, reason: "notOwner" });
    const odd = {
      ...payload(world.player.id, f.gruId, f.jennyId, "odd0000000000001"),
      data: { with: f.gruId },
    };
    expect(await send(world.player, odd, true)).toMatchObject({ ok: false, reason: "malformed" });
    expect(world.dice).toEqual([18]);
    expect(f.combat.updates.length).toBe(written);
    expect(game.messages!.size).toBe(messages);
    expect(kept(f)).toEqual({ range: "medium", moved: { [f.gruId]: 1 } });
  });

  it("RHF-RNG-3 (FANGS module): no advance against a fighter out of the fight; every refusal has words", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    (
      f.combat.combatants.contents.find((c) => c.id === f.jennyId) as unknown as { defeated: boolean }
    ).defeated = true;
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [18])).toBe(false);
    expect(world.notices.at(-1)).toBe(
      localize("FANGS.Reach.Refusal.OtherOutOfAction", { name: "Gru", other: "Pirate Jenny" }),
    );
    expect(f.combat.updates).toEqual([]);
    const { rangeRefusalKey } = await import("../apps/attack/range-maneuver");
    const keys = [
      rangeRefusalKey(new RulesError("round-refused", "x", { reason: "OneRangeManeuver" })),
      rangeRefusalKey(new RulesError("round-refused", "x", { reason: "AtOwnRange" })),
      // A reason without words of its own, a kind the RHF table lacks: the rules' words for the code.
      rangeRefusalKey(new RulesError("round-refused", "x", { reason: "Elsewhere" })),
      rangeRefusalKey(new RulesError("invalid-value", "no such weapon kind", {})),
    ];
    expect(keys).toEqual([
      "FANGS.Reach.Refusal.OneRangeManeuver",
      "FANGS.Reach.Refusal.AtOwnRange",
      "FANGS.Reach.Refusal.Other",
      "FANGS.Chat.Rules.InvalidValue",
    ]);
    for (const key of keys) expect(game.i18n!.localize(key), key).not.toBe(key);
  });

  it("RHF-RNG-3, RHF-HLD-2 (FANGS modules): a fighter held past its ST may not advance or withdraw", async () => {
    const f = await fight({ reachModule: true, controlPointsModule: true }, LONG_SHORTSWORD);
    world.as(world.gm);
    const combat = f.combat as unknown as Combat.Implementation;
    expect(await writePair(combat, f.gruId, f.jennyId, { reach: { range: "long", moved: {} } })).toBe(true);
    // Jenny has held Gru long enough for her points to pass his ST.
    (f.combat as unknown as { round: number }).round = 30;
    const hold = { grappler: f.jennyId, points: 99, since: 1, card: null };
    expect(await writePair(combat, f.gruId, f.jennyId, { hold })).toBe(true);
    const written = f.combat.updates.length;
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [18])).toBe(false);
    expect(world.notices.at(-1)).toBe(localize("FANGS.Reach.Refusal.Immobilized", { name: "Gru" }));
    expect(f.combat.updates.length).toBe(written);
    // The hold gone, the same ask is no longer refused for it.
    expect(await writePair(combat, f.gruId, f.jennyId, { hold: null })).toBe(true);
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [18])).toBe(true);
  });

  it("RHF-RNG-3 (FANGS module): fighters not engaged have no range to close", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    await f.jennyToken.update({ x: 500 });
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [18])).toBe(false);
    expect(world.notices.at(-1)).toBe(
      localize("FANGS.Reach.Refusal.NotEngaged", { name: "Gru", other: "Pirate Jenny" }),
    );
    expect(f.combat.updates).toEqual([]);
  });
});

describe("RHF-RNG-1, -3 (FANGS module) on the tracker", () => {
  it("RHF-RNG-3 (FANGS module): the row's button asks the advance toward the player's target; both rows show the range kept", async () => {
    const f = await fight({ reachModule: true }, LONG_SHORTSWORD);
    const combatant = (id: string) =>
      f.combat.combatants.contents.find((c) => c.id === id) as unknown as Combatant.Implementation;
    const click = (id: string) =>
      fangsTrackerRow.click!({
        combatant: combatant(id),
        // The row's button: the click's element stands inside it.
        target: {
          closest: (selector: string) => (selector === "[data-reach-maneuver]" ? {} : null),
        } as never,
        viewer: { isGM: false, owner: true },
        ask: (action, data) => request.requestCombatAction(f.combat as never, action, [id], data),
      });
    // No target: the player is told whom to target; nothing is asked.
    world.as(world.player);
    world.player.targets.clear();
    expect(await click(f.gruId)).toBeNull();
    expect(world.notices.at(-1)).toBe(localize("FANGS.Reach.Refusal.NoTarget", { name: "Gru" }));
    expect(world.gm.queries).toEqual([]);
    // Jenny targeted: the advance is asked of the GM, rolled and kept.
    target(world.player, f.jennyToken);
    world.dice.push(gruHardRoll(f));
    expect(await click(f.gruId)).toBeNull();
    world.as(world.gm);
    expect(world.gm.queries.map((q) => q.name)).toEqual([request.COMBAT_QUERY]);
    expect(kept(f)).toEqual({ range: "medium", moved: { [f.gruId]: 1 } });
    expect(readFangsRow(combatant(f.gruId)).data.reach).toEqual({
      ranges: [{ other: "Pirate Jenny", range: "medium" }],
    });
    expect(readFangsRow(combatant(f.jennyId)).data.reach).toEqual({
      ranges: [{ other: "Gru", range: "medium" }],
    });
    // Jenny hidden by the GM: Gru's player's row does not name her; the GM's does.
    (combatant(f.jennyId) as unknown as { hidden: boolean }).hidden = true;
    world.as(world.player);
    expect(readFangsRow(combatant(f.gruId)).data.reach).toEqual({ ranges: [] });
    world.as(world.gm);
    expect(readFangsRow(combatant(f.gruId)).data.reach?.ranges).toHaveLength(1);
  });

  it("with the module off a row reads no reach at all", async () => {
    const f = await fight({}, LONG_SHORTSWORD);
    const gru = f.combat.combatants.contents.find(
      (c) => c.id === f.gruId,
    ) as unknown as Combatant.Implementation;
    expect(readFangsRow(gru).data).not.toHaveProperty("reach");
  });
});

describe("the reach module off", () => {
  /** A card's state without what differs from one world to the next (ids, times). */
  function cardOf(message: Parameters<typeof stateOf>[0]) {
    const { revision: _r, history: _h, ...rest } = stateOf(message) as unknown as Loose;
    return JSON.parse(JSON.stringify(rest, (key, value) => (/Uuid$|^id$|At$/.test(key) ? undefined : value)));
  }

  it("writes nothing to the Combat, refuses the advance, and gives the card it gives without the reach table", async () => {
    const plain = await fight({});
    const before = await strike(
      world.player,
      plain.gru,
      plain.gruToken,
      "Broadsword",
      plain.jennyToken,
      [15],
    );
    const plainCard = cardOf(before);
    const plainOffers = offers(before);

    const f = await fight({ reachModule: false }, LONG_SHORTSWORD);
    const blow = await strike(world.player, f.gru, f.gruToken, "Broadsword", f.jennyToken, [15]);
    expect(cardOf(blow)).toEqual(plainCard);
    expect(stateOf(blow).setup).not.toHaveProperty("reach");
    expect(offers(blow)).toEqual(plainOffers);
    expect(offers(blow).find((o) => o.choice === "weaponParry")).toMatchObject({ allowed: true });
    expect(await askManeuver(f, world.player, f.gruId, f.jennyId, [18])).toBe(false);
    expect(world.notices.at(-1)).toBe(localize("FANGS.Reach.Refusal.ModuleOff"));
    expect(world.dice).toEqual([18]);
    expect(f.combat.updates.some((u) => JSON.stringify(u.data).includes("pairs"))).toBe(false);
    expect(f.combat.system.pairs ?? {}).toEqual({});
  });

  it("on, with both weapons at medium, the card is the one the module off gives; only the range is kept", async () => {
    const off = await fight({});
    const offCard = cardOf(
      await strike(world.player, off.gru, off.gruToken, "Broadsword", off.jennyToken, [15]),
    );
    const on = await fight({ reachModule: true });
    const onCard = cardOf(await strike(world.player, on.gru, on.gruToken, "Broadsword", on.jennyToken, [15]));
    // The card says the range the blow was struck at, for the defense; the rest is the same.
    expect(onCard.setup.reach).toBe("medium");
    delete onCard.setup.reach;
    expect(onCard).toEqual(offCard);
    expect(kept(on)).toEqual({ range: "medium", moved: {} });
  });
});
