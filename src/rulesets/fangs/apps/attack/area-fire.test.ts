import { beforeAll, describe, expect, it } from "vitest";
import {
  type AnyActor,
  combat,
  itemId,
  loadExchange,
  makeActor,
  SHIFT,
  sendAttack,
  stateOf,
  target,
} from "../../../../../test/foundry/chat-fixtures";
import {
  type ChatMessage,
  GridScene,
  SquareGrid,
  type TokenDocument,
  world,
} from "../../../../../test/foundry/chat-stand-in";
import { previewLocalize } from "../../../../../test/preview/fixtures/page";
import { exchangeCardView } from "../../chat/exchange-view";
import { RulesOptionsModel } from "../../config/settings";
import { areaSpreadMetres, metresPerUnit } from "./area-fire";

/**
 * Area fire at the table (RHF-AUT-2 on FANGS, the bursts and area fire
 * module): the Troll-Martian's player targets several tokens and starts
 * the blaster's attack; the active GM measures the tokens again on their
 * scene, and posts one card a target, each its own roll and defense.
 */

const GRID = 100;
/** A different fighter for each target. */
const TARGETS = [
  "characters/pirate-jenny.json",
  "characters/gru.json",
  "characters/fast-eddy.json",
  "characters/dagmar-the-deadly.json",
];

beforeAll(async () => {
  await loadExchange();
});

interface Area {
  readonly troll: AnyActor;
  readonly trollToken: TokenDocument;
  /** The targets' tokens, in the order placed. */
  readonly tokens: TokenDocument[];
}

/** The troll and its targets on one scene; `cols` is each target's column (a space a pace, or a foot). */
async function area(
  cols: readonly number[],
  rules: Record<string, unknown> = { areaFireModule: true },
  units = "paces",
): Promise<Area> {
  world.reset();
  await game.settings.set("fangs", "rules", new RulesOptionsModel(rules as never));
  const scene = new GridScene("sceneArea0000001", new SquareGrid(GRID, 1, units));
  const troll = await makeActor("creatures/troll-martian.json", world.player.id);
  const trollToken = world.token(troll as never, "Troll-Martian", {
    scene,
    x: 0,
    y: 10 * GRID,
    disposition: -1,
  });
  const tokens: TokenDocument[] = [];
  for (const [i, col] of cols.entries()) {
    const actor = await makeActor(TARGETS[i]!, world.defender.id);
    tokens.push(
      world.token(actor as never, `Target ${i + 1}`, { scene, x: col * GRID, y: 0, disposition: 1 }),
    );
  }
  return { troll, trollToken, tokens };
}

async function fire(a: Area, dice: number[]): Promise<boolean> {
  const { start } = await loadExchange();
  world.as(world.player);
  target(world.player, ...a.tokens);
  world.dice.push(...dice);
  return start.startAttack(a.troll, itemId(a.troll, "Blaster Rifle"), {
    event: SHIFT,
    token: a.trollToken as never,
  });
}

function cards(): ChatMessage[] {
  return [...(game.messages as unknown as Iterable<ChatMessage>)];
}

describe("area fire at the table (RHF-AUT-2 on FANGS)", () => {
  it("RHF-AUT-2 (FANGS module): several targets close together: the GM posts a card a target, each one roll and a d6 on the area table", async () => {
    const a = await area([0, 1, 3]);
    // Target 1: 12 (made), d6 5: two hits. Target 2: 3, missed. Target 3: 14 (made), d6 2: one hit.
    expect(await fire(a, [12, 5, 3, 14, 2])).toBe(true);
    const posted = cards();
    expect(posted).toHaveLength(3);
    const states = posted.map(stateOf);
    expect(states.map((s) => s.target.tokenUuid)).toEqual(a.tokens.map((t) => t.uuid));
    expect(states.map((s) => s.declaration.areaFire)).toEqual([true, true, true]);
    expect(states.map((s) => s.attack?.burst?.map((b) => [b.check.natural, b.face, b.hits]))).toEqual([
      [[12, 5, 2]],
      [[3, null, 0]],
      [[14, 2, 1]],
    ]);
    expect(states.map((s) => s.attack?.area)).toEqual([true, true, true]);
    // Each target answers on its own card: the first and third wait for a defense, the second missed.
    expect(states.map((s) => s.stage)).toEqual(["attackRolled", "resolved", "attackRolled"]);
    expect(posted.every((m) => m.author === world.gm.id)).toBe(true);
    // Each card says it is one target of the burst, then its one roll.
    const gm = { isGM: true, ownsAttacker: false, ownsTarget: false };
    expect(exchangeCardView(states[0]!, gm, previewLocalize).burst.map((l) => l.text)).toEqual([
      "Area fire: Target 1 is one target of the burst, with its own roll and defense.",
      expect.stringMatching(/^Roll 1: d20 12, total \d+, Success; d6 5: 2 hits, if it gets through\.$/),
    ]);
  });

  it("RHF-AUT-2 (FANGS module): in a combat the burst is one attack of the shooter's round, counted once for all its cards", async () => {
    const a = await area([0, 1]);
    const targets = a.tokens.map(
      (t) => [t.actor as AnyActor, { maneuver: "attack" }] as [AnyActor, Record<string, unknown>],
    );
    const c = await combat([a.troll, { maneuver: "attack" }], ...targets);
    expect(await fire(a, [12, 5, 14, 2])).toBe(true);
    expect(cards()).toHaveLength(2);
    const troll = c.getCombatantsByActor(a.troll)[0]!;
    expect((troll.system.attacks as { made: string[] }).made).toEqual(["maneuver"]);
  });

  it("RHF-AUT-2 (FANGS module): the spacing is between every two targets, not from the first: −3, 0, 3 with the middle first is 6 m", async () => {
    const a = await area([3, 0, 6]);
    // The middle token targeted first: each other is 3 m from it, 6 m from each other.
    expect(await fire({ ...a, tokens: [a.tokens[0]!, a.tokens[1]!, a.tokens[2]!] }, [])).toBe(false);
    expect(world.notices.at(-1)).toMatch(/6 m apart/);
    expect(cards()).toHaveLength(0);
  });

  it("a withdrawing target keeps area fire off, whichever token was targeted first (its shot is its own, NC-MAN-21's +2)", async () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const a = await area([0, 1]);
      const [calm, retreating] = a.tokens.map((t) => t.actor as AnyActor) as [AnyActor, AnyActor];
      await combat(
        [a.troll, { maneuver: "attack" }],
        [calm, { maneuver: "attack" }],
        [retreating, { maneuver: "retreat" }],
      );
      const targets = order.map((i) => a.tokens[i]!);
      expect(await fire({ ...a, tokens: targets }, [12, 5, 12, 5])).toBe(false);
      expect(world.notices.at(-1)).toBe(
        "Target 2 is withdrawing: a shot at a retreating or disengaging fighter is fired at it alone, not in area fire.",
      );
      expect(cards()).toHaveLength(0);
    }
  });

  it("RHF-AUT-2 (FANGS module): targets more than 3 m apart are refused, before any die", async () => {
    const a = await area([0, 5]);
    expect(await fire(a, [12, 5, 12, 5])).toBe(false);
    expect(world.notices.at(-1)).toBe(
      "Area fire needs its targets within 3 m of each other: two of them are 5 m apart.",
    );
    expect(cards()).toHaveLength(0);
    expect(world.dice).toHaveLength(4);
  });

  it("RHF-AUT-2 (FANGS module): more targets than the GM's figure are refused", async () => {
    const a = await area([0, 1, 2], { areaFireModule: true, areaMaxTargets: 2 });
    expect(await fire(a, [12, 5, 12, 5, 12, 5])).toBe(false);
    expect(world.notices.at(-1)).toBe("Area fire sprays at most 2 targets: 3 are targeted.");
    expect(cards()).toHaveLength(0);
  });

  it("RHF-AUT-2 (FANGS module): a scene in feet measures in feet: ten feet apart is 3.05 m, refused; nine is allowed", async () => {
    const far = await area([0, 10], { areaFireModule: true }, "ft");
    expect(await fire(far, [])).toBe(false);
    expect(world.notices.at(-1)).toMatch(/3\.05 m apart/);
    const near = await area([0, 9], { areaFireModule: true }, "ft");
    expect(await fire(near, [12, 5, 12, 5])).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("RHF-AUT-2 (FANGS module): a scene in another unit is refused with a word to set its units", async () => {
    const a = await area([0, 1], { areaFireModule: true }, "km");
    expect(await fire(a, [])).toBe(false);
    expect(world.notices.at(-1)).toMatch(/counts in "km"/);
  });

  it("off, several targets are refused as before: one target only", async () => {
    const a = await area([0, 1], { areaFireModule: false });
    expect(await fire(a, [12])).toBe(false);
    expect(world.notices.at(-1)).toBe("Target only one token: 2 are targeted.");
    expect(cards()).toHaveLength(0);
  });

  it("the GM measures again: a forged request naming a far token as area fire is refused, and so is one with the module off", async () => {
    const a = await area([0, 1, 8]);
    const [first, near, far] = a.tokens as [TokenDocument, TokenDocument, TokenDocument];
    const payload = (others: TokenDocument[]) => ({
      userId: world.player.id,
      requestId: "req00000000000000000009",
      attackerUuid: a.troll.uuid,
      attackerTokenUuid: a.trollToken.uuid,
      weaponId: itemId(a.troll, "Blaster Rifle"),
      targetActorUuid: (first.actor as AnyActor).uuid,
      targetTokenUuid: first.uuid,
      free: null,
      answers: {
        situational: 0,
        attackToDamage: 0,
        parryToAttack: 0,
        attackToParry: 0,
        mode: "strike",
        subdual: false,
        rollMode: "publicroll",
        special: null,
      },
      areaTargets: others.map((t) => ({ actorUuid: (t.actor as AnyActor).uuid, tokenUuid: t.uuid })),
    });
    world.dice.push(12, 5, 12, 5);
    expect(await sendAttack(world.player, payload([far]))).toMatchObject({
      ok: false,
      key: "FANGS.AreaFire.TooFar",
    });
    expect(await sendAttack(world.player, payload([first]))).toMatchObject({
      ok: false,
      key: "FANGS.AreaFire.SameTarget",
    });
    // An actor that is not the token's is refused too.
    const lying = { ...payload([near]), areaTargets: [{ actorUuid: a.troll.uuid, tokenUuid: near.uuid }] };
    expect(await sendAttack(world.player, lying)).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Target.NoActor",
    });
    expect(cards()).toHaveLength(0);

    await game.settings.set("fangs", "rules", new RulesOptionsModel({ areaFireModule: false } as never));
    expect(await sendAttack(world.player, payload([near]))).toMatchObject({
      ok: false,
      key: "FANGS.AreaFire.ModuleOff",
    });
    expect(cards()).toHaveLength(0);
  });

  it("reads a scene's units as metres: metres and paces one, feet 0.3048, anything else refused", () => {
    expect(["m", "metres", "Meters", "paces", "pace", "", undefined].map(metresPerUnit)).toEqual([
      1, 1, 1, 1, 1, 1, 1,
    ]);
    expect(["ft", "feet", "ft."].map(metresPerUnit)).toEqual([0.3048, 0.3048, 0.3048]);
    expect(metresPerUnit("squares")).toBeNull();
    const cols = [0, 2, 3];
    expect(areaSpreadMetres(cols, (x, y) => Math.abs(x - y), "m")).toEqual({ ok: true, metres: 3 });
    expect(areaSpreadMetres(cols, () => null, "m")).toMatchObject({
      ok: false,
      key: "FANGS.AreaFire.NotOnScene",
    });
  });
});
