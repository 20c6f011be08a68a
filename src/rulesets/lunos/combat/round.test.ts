import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  giveStatus,
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInUser,
  type StandInWorld,
} from "../../../../test/foundry/combat-stand-in";
import { sendCombatAction } from "../../../../test/rulesets/toy-seats";
import { fighterSystem, LUNOS_FIGHTERS, roundOnePlans, SWORD } from "../quench/round-batch";

/**
 * Lunos's round on the tracker, through the unchanged Combat, the player's
 * query and the GM's check on the stand-in: four fighters (two players'
 * through the GM, two NPCs the GM declares for) open the round with
 * initiative from Reflexes as real Rolls with scripted dice, declare (one
 * lunges), roll their defenses once each, and the slots run in initiative
 * order, the tie at once, into a round where the lunge is paid for. A
 * declaration for a fighter the player does not own, a forged and a
 * replayed request, a second lunge and a player's own write of its
 * combatant are refused.
 */

let world: StandInWorld;
type CombatClass = typeof import("../../../documents/combat").FangsCombat;
let FangsCombat: CombatClass;
let request: typeof import("../../../combat/request");
let ask: typeof import("../../../combat/round-ask")["askRoundAction"];

beforeAll(async () => {
  world = installCombatStandIn();
  // Foundry's own client setting, which the stand-in leaves to the tests that roll.
  game.settings!.register("core", "rollMode", {
    scope: "client",
    config: false,
    type: String,
    default: "publicroll",
  } as never);
  ({ FangsCombat } = await import("../../../documents/combat"));
  request = await import("../../../combat/request");
  ({ askRoundAction: ask } = await import("../../../combat/round-ask"));
  const requester = await import("../../../requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  const { registerRulesetDefinition } = await import("../../registry");
  const { lunosDefinition } = await import("../index");
  registerRulesetDefinition(lunosDefinition);
  (await import("../../../config/document-classes")).configureDocuments();
});

beforeEach(() => {
  world.settings.set("fangs.ruleset", "lunos");
  world.warnings.length = 0;
  world.chat.length = 0;
  world.diceValues.length = 0;
});

afterEach(() => {
  world.settings.delete("fangs.ruleset");
  world.setUser(world.gm);
});

type Combat = StandInCombat & InstanceType<CombatClass>;
type Loose = Record<string, unknown>;
const IDS = { arden: "c-arden", brin: "c-brin", cole: "c-cole", dara: "c-dara" } as const;

/** A Lunos fighter of the batch's four in the combat as `c-<key>`, owned by `owners` (besides the GMs). */
function seat(f: (typeof LUNOS_FIGHTERS)[number], owners: string[]) {
  const actor = new StandInActor(f.key, f.name, fighterSystem(f), [SWORD], "lunosCharacter", owners);
  const combatant = new StandInCombatant(`c-${f.key}`, null, actor);
  combatant.type = "lunosCombatant";
  return combatant;
}

const [ARDEN, BRIN, COLE, DARA] = LUNOS_FIGHTERS;

/**
 * Round 1's initiative, one pool of Reflexes each (d6s, the last die the
 * d12 luck die; 4+ on a d6, 7+ on the d12, a success): Arden R3 5 6 8,
 * three; Brin R2 4 9, two; Cole R3 1 5 7, two; Dara R2 6 10, two. Cole's
 * two come before Brin's and Dara's by his Reflexes; Brin and Dara tie on
 * both and act at once.
 */
const ROUND_ONE = [5, 6, 8, 4, 9, 1, 5, 7, 6, 10];

/**
 * A combat of the four, begun with round 1's dice; Cole hidden from the
 * players when asked (then a player's declaration naming him is refused).
 */
async function fight(dice: number[] = ROUND_ONE, hideCole = false): Promise<Combat> {
  const combat = new FangsCombat() as unknown as Combat;
  combat
    .add(seat(ARDEN!, ["player"]))
    .add(seat(BRIN!, ["other"]))
    .add(seat(COLE!, []))
    .add(seat(DARA!, []));
  combat.combatants.get(IDS.cole)!.hidden = hideCole;
  world.combats.clear();
  world.combats.set(combat.id, combat);
  world.diceValues.push(...dice);
  await combat.startCombat();
  return combat;
}

let requests = 0;
function payload(combat: Combat, action: string, ids: string[], data: unknown, patch: Loose = {}): Loose {
  requests += 1;
  return {
    action,
    combatId: combat.id,
    userId: world.player.id,
    requestId: `lunos${String(requests).padStart(9, "0")}`,
    combatantIds: ids,
    expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
    data,
    ...patch,
  };
}

const send = (from: StandInUser, p: Loose) => sendCombatAction(world, from, p);
const asUser = (user: StandInUser, p: Loose) => send(user, { ...p, userId: user.id });
const records = (combat: Combat) => combat.system.records as Record<string, Loose>;
const shown = (combat: Combat, id: string) => records(combat)[id]!;
const fightOf = (combat: Combat) => records(combat).fight as Loose & { fighters: Loose[] };
const at = (combat: Combat) =>
  `${combat.round}:${String(combat.system.phase)}:${combat.combatant?.id ?? "-"}`;
const PLANS = roundOnePlans(IDS);

/** Round 1's declarations: the players' through the GM, the GM's own for Cole and Dara. */
async function declareAll(combat: Combat): Promise<void> {
  expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], PLANS.arden))).toEqual({
    ok: true,
  });
  expect(await asUser(world.other, payload(combat, "declare", [IDS.brin], PLANS.brin))).toEqual({ ok: true });
  const gm = combat as unknown as Combat.Implementation;
  expect(await ask(gm, "declare", [IDS.cole], PLANS.cole)).toBe(true);
  expect(await ask(gm, "declare", [IDS.dara], PLANS.dara)).toBe(true);
}

/**
 * The defense rolls, fighter by fighter: Arden's defense (Agility 3 +
 * Combat 2, five dice) 4 5 1 2 3, two; Brin's Full defense against three
 * (Agility 3 + Combat 3, six dice, no die off: one for the two extra
 * opponents, halved) 6 1 1 1 1 2, one and its bonus success, two; Cole
 * rolls none (a Power attack takes both actions); Dara's defense against
 * three (Agility 2 + Combat 2, one die off for the two extra) 5 4 8, three.
 */
const DEFENSES = [4, 5, 1, 2, 3, 6, 1, 1, 1, 1, 2, 5, 4, 8];

/**
 * Round 2's initiative: Arden lunged, so his pool is two dice short: the
 * luck die alone, 9, one; Brin 4 2, one; Cole 5 5 5, two; Dara 1 1, a
 * disaster, none. Cole, then Arden before Brin by Reflexes, then Dara.
 */
const ROUND_TWO = [9, 4, 2, 5, 5, 5, 1, 1];

const rollsOf = (chat: Loose[]) =>
  chat.map((m) => ({
    flavor: m.flavor,
    formula: ((m.rolls as { formula: string }[])[0] ?? { formula: "" }).formula,
    whisper: m.whisper ?? [],
  }));

describe("a round of four Lunos fighters on the tracker", () => {
  it("LUN-RND-2: initiative from Reflexes as real Rolls, the order it gives, the ties at once", async () => {
    const combat = await fight(ROUND_ONE, true);
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe("1:declare:-");
    expect(combat.system.order).toEqual([IDS.arden, IDS.cole, IDS.brin, IDS.dara]);
    expect(combat.system.groups).toEqual([[IDS.brin, IDS.dara]]);
    expect(Object.values(IDS).map((id) => combat.combatants.get(id)!.initiative)).toEqual([3, 2, 2, 2]);
    expect(shown(combat, IDS.arden)).toMatchObject({
      initiative: 3,
      actions: 2,
      actionsMax: 2,
      declared: false,
    });
    // Each fighter's pool a real Roll, posted with its own formula; hidden Cole's to the GMs only.
    expect(rollsOf(world.chat)).toEqual([
      {
        flavor: 'LUNOS.Combat.Roll.Initiative {"name":"Arden","successes":"3"}',
        formula: "2d6 + 1d12",
        whisper: [],
      },
      {
        flavor: 'LUNOS.Combat.Roll.Initiative {"name":"Brin","successes":"2"}',
        formula: "1d6 + 1d12",
        whisper: [],
      },
      {
        flavor: 'LUNOS.Combat.Roll.Initiative {"name":"Cole","successes":"2"}',
        formula: "2d6 + 1d12",
        whisper: ["gm"],
      },
      {
        flavor: 'LUNOS.Combat.Roll.Initiative {"name":"Dara","successes":"2"}',
        formula: "1d6 + 1d12",
        whisper: [],
      },
    ]);
    // The engine's fight is the GM's copy on the Combat.
    expect(fightOf(combat)).toMatchObject({
      round: 1,
      phase: "declare",
      slots: [[IDS.arden], [IDS.cole], [IDS.brin, IDS.dara]],
    });
  });

  it("LUN-ACT-10, LUN-ACT-2: declared (one lunge), the defenses rolled once with their difficulties, the slots in order, the lunge paid for next round", async () => {
    const combat = await fight();
    await declareAll(combat);
    expect(shown(combat, IDS.arden)).toMatchObject({
      declared: true,
      lunging: true,
      actions: 0,
      actionsMax: 3,
    });
    expect(shown(combat, IDS.cole)).toMatchObject({
      declared: true,
      actions: 0,
      declaredActions: [{ kind: "powerAttack", targets: [IDS.arden] }],
    });
    // A Full defense takes both actions (LUN-ACT-9); Dara's attack and defense one each.
    expect(shown(combat, IDS.brin)).toMatchObject({ actions: 0, actionsMax: 2 });
    expect(shown(combat, IDS.dara)).toMatchObject({ actions: 0, actionsMax: 2 });

    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe(`1:attack:${IDS.arden}`);
    expect(shown(combat, IDS.arden).defense).toEqual({
      kind: "defense",
      successes: 2,
      difficulty: 3,
      against: [IDS.cole],
      outcome: "normal",
    });
    expect(shown(combat, IDS.brin).defense).toMatchObject({
      kind: "fullDefense",
      successes: 2,
      difficulty: 3,
    });
    expect(shown(combat, IDS.cole).defense).toBeNull();
    expect(shown(combat, IDS.dara).defense).toMatchObject({ kind: "defense", successes: 3, difficulty: 4 });
    expect(rollsOf(world.chat.slice(4)).map((r) => r.formula)).toEqual([
      "4d6 + 1d12",
      "5d6 + 1d12",
      "2d6 + 1d12",
    ]);

    // The slots: Arden, Cole, then Brin and Dara at once; each Next turn ends the slot (endSlot).
    await combat.nextTurn();
    expect(at(combat)).toBe(`1:attack:${IDS.cole}`);
    expect(fightOf(combat)).toMatchObject({ phase: "attack", slot: 1 });
    await combat.nextTurn();
    expect(at(combat)).toBe(`1:attack:${IDS.brin}`);
    expect(combat.actingIds).toEqual([IDS.brin, IDS.dara]);

    world.diceValues.push(...ROUND_TWO);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe("2:declare:-");
    expect(combat.system.order).toEqual([IDS.cole, IDS.arden, IDS.brin, IDS.dara]);
    expect(combat.system.groups).toEqual([]);
    // The lunge's debt: one action, two dice off every roll (his initiative: the luck die alone).
    expect(shown(combat, IDS.arden)).toMatchObject({
      lungeDebt: true,
      debtDice: 2,
      lunging: false,
      actions: 1,
      actionsMax: 2,
      declared: false,
      initiative: 1,
      defense: null,
    });
    expect(rollsOf(world.chat.slice(7))[0]).toMatchObject({ formula: "1d12" });
    expect(shown(combat, IDS.brin)).toMatchObject({ lungeDebt: false, actions: 2 });

    // No lunge two rounds running, and no two actions on one.
    const cole = IDS.cole;
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], {
          actions: [{ kind: "attack", targets: [cole] }],
          lunge: true,
        }),
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Combat.Refusal.LungeTwice" });
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], {
          actions: [
            { kind: "attack", targets: [cole] },
            { kind: "defense", against: [cole] },
          ],
        }),
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Combat.Refusal.TooManyActions" });
    expect(shown(combat, IDS.arden).declared).toBe(false);
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], { actions: [{ kind: "attack", targets: [cole] }] }),
      ),
    ).toEqual({ ok: true });
    expect(shown(combat, IDS.arden)).toMatchObject({ declared: true, actions: 0, actionsMax: 2 });
  });

  it("the declarations close only once every fighter in the fight has declared", async () => {
    const combat = await fight();
    await asUser(world.player, payload(combat, "declare", [IDS.arden], PLANS.arden));
    const updates = combat.updates.length;
    await combat.nextTurn();
    expect(world.warnings).toEqual(['LUNOS.Combat.Refusal.Undeclared {"name":"Brin"}']);
    expect(at(combat)).toBe("1:declare:-");
    expect(combat.updates.length).toBe(updates);
    expect(await combat.previousTurn()).toBe(combat);
  });

  it("a fighter out of the fight rolls no initiative, declares nothing, has no slot, and is listed apart with its condition", async () => {
    const { readLunosRow, lunosRowView } = await import("../tracker-row");
    const combat = new FangsCombat() as unknown as Combat;
    combat
      .add(seat(ARDEN!, ["player"]))
      .add(seat(BRIN!, ["other"]))
      .add(seat(COLE!, []))
      .add(seat(DARA!, []));
    giveStatus(combat.combatants.get(IDS.dara)!.actor as never, "unconscious");
    world.combats.clear();
    world.combats.set(combat.id, combat);
    world.diceValues.push(5, 6, 8, 4, 9, 1, 5, 7);
    await combat.startCombat();
    expect(world.diceValues).toEqual([]);
    expect(combat.system.order).toEqual([IDS.arden, IDS.cole, IDS.brin]);
    expect(shown(combat, IDS.dara)).toMatchObject({ initiative: null, condition: "unconscious" });
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "declare", [IDS.dara], { actions: [] })).toBe(false);
    expect(world.warnings).toEqual(['LUNOS.Combat.Refusal.OutOfAction {"name":"Dara"}']);
    const dara = combat.combatants.get(IDS.dara)! as unknown as Combatant.Implementation;
    const read = readLunosRow(dara, { isGM: true, owner: true });
    expect(read.outOfAction).toBe(true);
    const view = lunosRowView(
      read.data,
      {
        id: IDS.dara,
        name: "Dara",
        isGM: true,
        mayAct: true,
        started: true,
        phase: "declare",
        at: null,
        turn: null,
        active: false,
        acted: false,
        held: false,
        outOfAction: true,
      },
      (key) => key,
    );
    expect(view.cells).toMatchObject({
      condition: "LUNOS.Status.unconscious",
      canChoose: false,
      actions: null,
    });
    // The round does not wait on her.
    await ask(gm, "declare", [IDS.arden], PLANS.arden);
    await ask(gm, "declare", [IDS.brin], PLANS.brin);
    await ask(gm, "declare", [IDS.cole], PLANS.cole);
    world.warnings.length = 0;
    world.diceValues.push(4, 5, 1, 2, 3, 6, 1, 1, 1, 1, 2);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(at(combat)).toBe(`1:attack:${IDS.arden}`);
  });
});

describe("the tracker's rows and the Token HUD palette", () => {
  it("each viewer sees its own declaration, others' once the declarations close; the HUD palette declares through the GM", async () => {
    const tracker = await import("../../../apps/combat-tracker/tracker");
    const hud = await import("../../../apps/combat-tracker/combat-hud");
    const { loadRuleset } = await import("../../../on-demand");
    const combat = await fight();
    const rows = () =>
      Object.fromEntries(
        tracker
          .combatView(combat as unknown as Combat.Implementation)
          .groups.flatMap((g) => g.rows)
          .map((r) => [r.id, r.part?.data as Loose | undefined]),
      );
    // The row part draws through the heavy part: once it has loaded, the rows carry Lunos's cells.
    rows();
    await loadRuleset("lunos");
    await Promise.resolve();
    await asUser(world.other, payload(combat, "declare", [IDS.brin], PLANS.brin));
    world.setUser(world.player);
    expect(rows()[IDS.brin]).toMatchObject({ declared: null, canChoose: false, initiative: { text: "2" } });
    expect(rows()[IDS.arden]).toMatchObject({
      canChoose: true,
      waiting: true,
      actions: { text: 'LUNOS.Combat.Tracker.Actions {"left":"2","of":"2"}' },
    });
    // The palette: the usual plans, for Arden's owner only; a click declares against those named before.
    const arden = combat.combatants.get(IDS.arden)! as unknown as Combatant.Implementation;
    expect(hud.tokenPaletteFor(arden)?.entries.map((e) => e.id)).toEqual([
      "plan:attackDefense",
      "plan:attackParry",
      "plan:powerAttack",
      "plan:fullDefense",
    ]);
    // Only what the engine accepts: Arden's Combat 2 is short of the Flurry's 3; Brin's 3 is not.
    world.setUser(world.gm);
    expect(
      hud
        .tokenPaletteFor(combat.combatants.get(IDS.brin)! as unknown as Combatant.Implementation)
        ?.entries.map((e) => e.id),
    ).toContain("plan:flurry");
    world.setUser(world.player);
    expect(
      hud.tokenPaletteFor(combat.combatants.get(IDS.brin)! as unknown as Combatant.Implementation),
    ).toBeNull();
    // No one targeted and no one named before: told whom to target, nothing asked.
    expect(await hud.choosePaletteEntry(arden, "plan:fullDefense")).toBe(false);
    expect(world.warnings).toEqual(["LUNOS.Combat.Palette.NoTargets"]);
    world.warnings.length = 0;
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], { actions: [{ kind: "attack", targets: [IDS.cole] }] }),
      ),
    ).toEqual({ ok: true });
    expect(await hud.choosePaletteEntry(arden, "plan:powerAttack")).toBe(true);
    world.setUser(world.gm);
    expect(shown(combat, IDS.arden).declaredActions).toEqual([{ kind: "powerAttack", targets: [IDS.cole] }]);
    const gm = combat as unknown as Combat.Implementation;
    await ask(gm, "declare", [IDS.cole], PLANS.cole);
    await ask(gm, "declare", [IDS.dara], PLANS.dara);
    // Arden's Power attack rolls no defense: the dice of Brin's and Dara's only.
    world.diceValues.push(6, 1, 1, 1, 1, 2, 5, 4, 8);
    await combat.nextTurn();
    expect(world.diceValues).toEqual([]);
    world.setUser(world.player);
    expect(rows()[IDS.brin]).toMatchObject({
      declared: "LUNOS.Action.fullDefense ← Arden, Cole, Dara",
      defense: { text: 'LUNOS.Combat.Tracker.Defense {"successes":"2","difficulty":"3"}' },
    });
    expect(hud.tokenPaletteFor(arden)?.entries).toEqual([]);
    // LUN-ACT-3: a Power attack rolls no defense, so any attack needs one success: the row says so.
    expect(rows()[IDS.arden]).toMatchObject({
      defense: { text: 'LUNOS.Combat.Tracker.NoDefense {"difficulty":"1"}', none: true },
    });
    expect(shown(combat, IDS.brin).noDefense).toBeNull();
  });
});

describe("the round's dice", () => {
  it("a roll that does not finish changes nothing and is told; the next Next turn rolls it again", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // Round 1's dice, the last one missing.
      const combat = await fight(ROUND_ONE.slice(0, -1));
      expect(world.warnings).toEqual(["LUNOS.Combat.Roll.Failed"]);
      expect(at(combat)).toBe("1:declare:-");
      expect(fightOf(combat)).toMatchObject({ round: 0, phase: "end" });
      expect(shown(combat, IDS.arden)).toMatchObject({ initiative: null, declared: false });
      // Refused while the round has not opened.
      expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], PLANS.arden))).toMatchObject({
        ok: false,
        key: "LUNOS.Combat.Refusal.WrongPhase",
      });
      world.warnings.length = 0;
      world.diceValues.length = 0;
      world.diceValues.push(...ROUND_ONE);
      await combat.nextTurn();
      expect(world.warnings).toEqual([]);
      expect(at(combat)).toBe("1:declare:-");
      expect(combat.system.order).toEqual([IDS.arden, IDS.cole, IDS.brin, IDS.dara]);
      expect(fightOf(combat)).toMatchObject({ round: 1, phase: "declare" });
    } finally {
      error.mockRestore();
    }
  });
});

describe("a grapple at the round's start", () => {
  it("LUN-GRP-2: the grapple checks are rolled first, each a real Roll of its own, each costing an action; the loser may only speak or cast", async () => {
    const combat = await fight(ROUND_ONE, true);
    const gm = combat as unknown as Combat.Implementation;
    const plain = {
      actions: [
        { kind: "attack", targets: [IDS.cole] },
        { kind: "defense", against: [IDS.cole] },
      ],
    };
    expect(await ask(gm, "declare", [IDS.arden], plain)).toBe(true);
    for (const id of [IDS.brin, IDS.cole, IDS.dara] as const)
      expect(await ask(gm, "declare", [id], PLANS[id.slice(2) as keyof typeof PLANS])).toBe(true);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    // Arden and Cole end the round in a grapple (as a Grapple bought by the attack card would leave them).
    const stored = fightOf(combat);
    await combat.update({
      system: {
        records: {
          fight: { ...stored, grapples: [{ a: IDS.arden, b: IDS.cole, pinnedBy: null, choke: null }] },
        },
      },
    } as never);
    await combat.nextTurn();
    await combat.nextTurn();
    world.chat.length = 0;
    /*
     * The checks (LUN-GRP-1, the lowest two of Agility, Brawl and Body): Arden Brawl 0 + Body 3,
     * three dice, 4 4 8, three; Cole Agility 2 + Brawl 0, two dice, 1 1, a disaster, none. Then
     * round 1's initiative dice again.
     */
    world.diceValues.push(4, 4, 8, 1, 1, ...ROUND_ONE);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe("2:declare:-");
    expect(rollsOf(world.chat).slice(0, 3)).toEqual([
      {
        flavor: 'LUNOS.Combat.Roll.GrappleCheck {"name":"Arden","successes":"3"}',
        formula: "2d6 + 1d12",
        whisper: [],
      },
      {
        flavor: 'LUNOS.Combat.Roll.GrappleCheck {"name":"Cole","successes":"0"}',
        formula: "1d6 + 1d12",
        whisper: ["gm"],
      },
      {
        flavor: 'LUNOS.Combat.Roll.Initiative {"name":"Arden","successes":"3"}',
        formula: "2d6 + 1d12",
        whisper: [],
      },
    ]);
    expect(shown(combat, IDS.arden)).toMatchObject({ actions: 1, actionsMax: 2 });
    expect(shown(combat, IDS.cole)).toMatchObject({ actions: 1 });
    // The rows say who grapples whom.
    expect(shown(combat, IDS.arden).states).toEqual({
      prone: false,
      stunned: false,
      grappling: [IDS.cole],
      pinnedBy: null,
    });
    expect(shown(combat, IDS.cole).states).toMatchObject({ grappling: [IDS.arden], pinnedBy: null });
    expect(
      await ask(gm, "declare", [IDS.cole], { actions: [{ kind: "attack", targets: [IDS.arden] }] }),
    ).toBe(false);
    expect(world.warnings).toEqual(['LUNOS.Combat.Refusal.CannotActInGrapple {"name":"Cole"}']);
    expect(await ask(gm, "declare", [IDS.cole], { actions: [{ kind: "other", task: "speak" }] })).toBe(true);
  });
});

/** Arden's spell not yet begun again (a second declaration would continue the first). */
async function patchArdenMagicOff(combat: Combat): Promise<void> {
  const stored = fightOf(combat);
  await combat.update({
    system: {
      records: {
        fight: {
          ...stored,
          fighters: stored.fighters.map((f) =>
            f.id === IDS.arden ? { ...f, lastMagic: -1, lastMagicKills: false } : f,
          ),
        },
      },
    },
  } as never);
}

describe("a player declares through the GM", () => {
  it("a declaration for a fighter the player does not own is refused, nothing written", async () => {
    const combat = await fight();
    expect(await asUser(world.player, payload(combat, "declare", [IDS.brin], PLANS.brin))).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(await asUser(world.player, payload(combat, "declare", [IDS.cole], PLANS.cole))).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(shown(combat, IDS.brin).declared).toBe(false);
    expect(shown(combat, IDS.cole).declared).toBe(false);
  });

  it("a player's declaration naming a combatant hidden from the players is refused as one not there; the GM's own may name him", async () => {
    const combat = await fight(ROUND_ONE, true);
    const before = JSON.stringify(combat.system.records);
    for (const plan of [
      PLANS.arden,
      { actions: [{ kind: "defense", against: [IDS.brin, IDS.cole] }] },
      { actions: [{ kind: "other", task: "tend", target: IDS.cole }] },
    ])
      expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], plan))).toEqual({
        ok: false,
        reason: "refused",
        key: "FANGS.Combat.Refusal.UnknownCombatant",
      });
    // An id not in the combat at all gets the very same answer: the refusal tells the two apart by nothing.
    const ghost = await asUser(
      world.player,
      payload(combat, "declare", [IDS.arden], { actions: [{ kind: "attack", targets: ["c-ghost"] }] }),
    );
    expect(ghost).toMatchObject({
      ok: false,
      reason: "refused",
      key: "FANGS.Combat.Refusal.UnknownCombatant",
    });
    expect((ghost as { data?: unknown }).data ?? {}).toEqual({});
    // Data the check cannot read is the plan's reading's to refuse, as malformed, not a thrown error.
    for (const data of [{ actions: "x" }, { actions: [null] }, undefined, [1]])
      expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], data))).toMatchObject({
        ok: false,
        reason: "malformed",
      });
    expect(JSON.stringify(combat.system.records)).toBe(before);
    // Naming only those the player sees is declared as before.
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], { actions: [{ kind: "attack", targets: [IDS.brin] }] }),
      ),
    ).toEqual({ ok: true });
    expect(await ask(combat as never, "declare", [IDS.arden], PLANS.arden)).toBe(true);
  });

  it("LUN-HLT-5: whether a dying caster's spell heals is the GM's ruling: a player's declaration saying so is refused, the GM's is taken", async () => {
    const combat = await fight();
    const stored = fightOf(combat);
    await combat.update({
      system: {
        records: {
          fight: {
            ...stored,
            fighters: stored.fighters.map((f) => (f.id === IDS.arden ? { ...f, dying: 0 } : f)),
          },
        },
      },
    } as never);
    const healing = { actions: [{ kind: "magic", healing: true }] };
    expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], healing))).toEqual({
      ok: false,
      reason: "refused",
      key: "LUNOS.Combat.Refusal.HealingSpell",
    });
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.arden)).toMatchObject({ lastMagic: -1 });
    // The player's plain spell kills the caster when it ends; the GM's ruling spares it.
    expect(
      await asUser(world.player, payload(combat, "declare", [IDS.arden], { actions: [{ kind: "magic" }] })),
    ).toEqual({ ok: true });
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.arden)).toMatchObject({ lastMagicKills: true });
    await patchArdenMagicOff(combat);
    expect(await ask(combat as never, "declare", [IDS.arden], healing)).toBe(true);
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.arden)).toMatchObject({ lastMagicKills: false });
    // The row keeps the ruling, so the GM's menu draws it again on a change.
    expect(shown(combat, IDS.arden).declaredActions).toEqual([{ kind: "magic", targets: [], healing: true }]);
  });

  it("a forged or replayed declaration is refused", async () => {
    const combat = await fight();
    // Naming the other player, whose client never asked.
    const forged = payload(combat, "declare", [IDS.brin], PLANS.brin, { userId: world.other.id });
    expect(await send(world.player, forged)).toMatchObject({ ok: false, reason: "unconfirmed" });
    // Straight to the handler, nobody pending.
    expect(
      await request.handleCombatAction(payload(combat, "declare", [IDS.arden], PLANS.arden)),
    ).toMatchObject({
      ok: false,
      reason: "unconfirmed",
    });
    const sent = payload(combat, "declare", [IDS.arden], {
      actions: [{ kind: "fullDefense", against: [IDS.cole] }],
    });
    expect(await send(world.player, sent)).toEqual({ ok: true });
    // Its confirmation is spent: the same request again is refused, and a changed one sent as it was too.
    expect(await request.handleCombatAction(sent)).toMatchObject({ ok: false });
    expect(await request.handleCombatAction({ ...sent, data: PLANS.arden })).toMatchObject({ ok: false });
    expect(shown(combat, IDS.arden).declaredActions).toEqual([{ kind: "fullDefense", targets: [IDS.cole] }]);
    expect(shown(combat, IDS.brin).declared).toBe(false);
  });

  it("malformed plans and plans the engine refuses: refused with the round's words, nothing written", async () => {
    const combat = await fight();
    for (const data of [
      { actions: [{ kind: "sorcery" }] },
      { actions: [{ kind: "attack", targets: [] }] },
      { actions: [{ kind: "attack", targets: [IDS.cole], extra: 1 }] },
      { actions: [], lunge: "yes" },
      { actions: [{ kind: "move", feet: -5 }] },
    ])
      expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], data))).toMatchObject({
        ok: false,
        reason: "malformed",
      });
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], { actions: [{ kind: "attack", targets: [IDS.arden] }] }),
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Combat.Refusal.BadTarget" });
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], {
          actions: [
            { kind: "attack", targets: [IDS.cole] },
            { kind: "powerAttack", targets: [IDS.cole] },
          ],
          lunge: true,
        }),
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Combat.Refusal.SecondAttack" });
    // Flurry needs Combat 3: Arden has 2.
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], {
          actions: [{ kind: "flurry", targets: [IDS.cole], against: [IDS.cole] }],
        }),
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Combat.Refusal.FlurryNeedsCombat" });
    // LUN-ACT-5: a Move farther than 20 + 2 × Athletics feet (Arden: none, so 20) is refused with the figure.
    expect(shown(combat, IDS.arden).moveMax).toBe(20);
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], { actions: [{ kind: "move", feet: 25 }] }),
      ),
    ).toMatchObject({
      ok: false,
      key: "LUNOS.Combat.Refusal.MoveTooFar",
      data: { name: "Arden", max: "20" },
    });
    expect(shown(combat, IDS.arden).declared).toBe(false);
    // A Move within reach is kept with its feet, which the menu draws again on a change.
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], { actions: [{ kind: "move", feet: 15 }] }),
      ),
    ).toEqual({ ok: true });
    expect(shown(combat, IDS.arden).declaredActions).toEqual([{ kind: "move", targets: [], feet: 15 }]);
  });

  it("a player's own write of its combatant's initiative is put back from the GM's record, which the GM plans from", async () => {
    const { lunosTable } = await import("./lunos-table");
    const hook = (c: unknown, changed: unknown, options: unknown, userId: string) =>
      lunosTable.records?.onUpdate?.(c as never, changed as never, options, userId);
    Hooks.on("updateCombatant", hook as never);
    try {
      const combat = await fight();
      world.setUser(world.player);
      await combat.combatants
        .get(IDS.arden)!
        .update({ system: { actions: 9, declared: true }, initiative: 99 });
      world.setUser(world.gm);
      const { writesSettled } = await import("../../../documents/write-queue");
      await writesSettled();
      expect(combat.combatants.get(IDS.arden)!.initiative).toBe(3);
      // The GM plans from its record: the forged write changed nothing there.
      expect(shown(combat, IDS.arden)).toMatchObject({ actions: 2, declared: false });
    } finally {
      Hooks.off("updateCombatant", hook as never);
    }
  });
});

describe("who fights", () => {
  it("an actor fights once: a second combatant of Arden's actor gets no initiative, no slot, no declaration, and is listed apart", async () => {
    const { readLunosRow } = await import("../tracker-row");
    const combat = new FangsCombat() as unknown as Combat;
    const arden = seat(ARDEN!, ["player"]);
    const again = new StandInCombatant("c-arden2", null, arden.actor as never);
    again.type = "lunosCombatant";
    combat
      .add(arden)
      .add(again)
      .add(seat(BRIN!, ["other"]))
      .add(seat(COLE!, []))
      .add(seat(DARA!, []));
    world.combats.clear();
    world.combats.set(combat.id, combat);
    world.diceValues.push(...ROUND_ONE);
    await combat.startCombat();
    expect(world.diceValues).toEqual([]);
    expect(combat.system.order).toEqual([IDS.arden, IDS.cole, IDS.brin, IDS.dara]);
    expect(fightOf(combat).fighters.map((f) => f.id)).toEqual([IDS.arden, IDS.brin, IDS.cole, IDS.dara]);
    expect(records(combat)["c-arden2"]).toBeUndefined();
    expect(await asUser(world.player, payload(combat, "declare", ["c-arden2"], PLANS.arden))).toMatchObject({
      ok: false,
      key: "LUNOS.Combat.Refusal.NotAFighter",
    });
    const row = readLunosRow(combat.combatants.get("c-arden2")! as unknown as Combatant.Implementation, {
      isGM: false,
      owner: true,
    });
    expect(row.outOfAction).toBe(true);
  });
});

describe("a fighter leaves the combat", () => {
  it("on its slot: the slot goes to the next still here, the order and the fight without it", async () => {
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    await combat.nextTurn();
    expect(at(combat)).toBe(`1:attack:${IDS.cole}`);
    await combat.deleteCombatants([IDS.cole]);
    const { writesSettled } = await import("../../../documents/write-queue");
    await writesSettled();
    expect(combat.system.order).toEqual([IDS.arden, IDS.brin, IDS.dara]);
    expect(combat.system.groups).toEqual([[IDS.brin, IDS.dara]]);
    expect(at(combat)).toBe(`1:attack:${IDS.brin}`);
    expect(fightOf(combat).fighters.map((f) => f.id)).toEqual([IDS.arden, IDS.brin, IDS.dara]);
    expect(fightOf(combat)).toMatchObject({ slot: 1, slots: [[IDS.arden], [IDS.brin, IDS.dara]] });
    world.diceValues.push(9, 4, 2, 1, 1);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(at(combat)).toBe("2:declare:-");
  });
});

describe("the GM's moves", () => {
  it("Next round passes the rest of the round; a prone fighter's roll to stand is its own Roll, before its defense", async () => {
    const combat = await fight();
    const gm = combat as unknown as Combat.Implementation;
    await declareAll(combat);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    expect(at(combat)).toBe(`1:attack:${IDS.arden}`);
    // Arden ends the round down (as a Trip bought by the attack card would leave him).
    const stored = fightOf(combat);
    await combat.update({
      system: {
        records: {
          fight: {
            ...stored,
            fighters: stored.fighters.map((f) => (f.id === IDS.arden ? { ...f, prone: true } : f)),
          },
        },
      },
    } as never);
    world.diceValues.push(...ROUND_TWO);
    await combat.nextRound();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe("2:declare:-");
    expect(combat.system.order).toEqual([IDS.cole, IDS.arden, IDS.brin, IDS.dara]);
    // Arden (one action, after his lunge) rolls to stand instead of spending it: Agility 3, two dice off, one die.
    expect(
      await ask(gm, "declare", [IDS.arden], {
        actions: [{ kind: "defense", against: [IDS.cole] }],
        standByRoll: true,
      }),
    ).toBe(true);
    for (const id of [IDS.brin, IDS.cole, IDS.dara] as const)
      expect(
        await ask(gm, "declare", [id], { actions: [{ kind: "fullDefense", against: [IDS.arden] }] }),
      ).toBe(true);
    world.chat.length = 0;
    /*
     * Arden: to stand, the luck die alone, 12 (a dramatic success, two: not the three it needs); his
     * defense, Agility 3 + Combat 2 less two, three dice, 4 4 4, two. Brin's Full defense, six dice:
     * 1 1 1 1 1 7, one and its bonus; Cole's, Agility 2 + Combat 2, four: 1 1 1 7; Dara's, four: 4 1 1 1.
     */
    world.diceValues.push(12, 4, 4, 4, 1, 1, 1, 1, 1, 7, 1, 1, 1, 7, 4, 1, 1, 1);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(rollsOf(world.chat).map((r) => [r.flavor, r.formula])).toEqual([
      // Two successes of the three it needs: said, with the figure.
      ['LUNOS.Combat.Roll.StandUpFailed {"name":"Arden","difficulty":"3"}', "1d12"],
      ['LUNOS.Combat.Roll.Defense {"name":"Arden","successes":"2"}', "2d6 + 1d12"],
      ['LUNOS.Combat.Roll.Defense {"name":"Brin","successes":"2"}', "5d6 + 1d12"],
      ['LUNOS.Combat.Roll.Defense {"name":"Cole","successes":"2"}', "3d6 + 1d12"],
      ['LUNOS.Combat.Roll.Defense {"name":"Dara","successes":"2"}', "3d6 + 1d12"],
    ]);
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.arden)).toMatchObject({ prone: true });
  });
});

describe("a fighter joins the combat", () => {
  it("mid-round: it sits the round out (no slot, no defense, nothing to declare), and rolls initiative from the next round", async () => {
    const combat = new FangsCombat() as unknown as Combat;
    combat
      .add(seat(ARDEN!, ["player"]))
      .add(seat(BRIN!, ["other"]))
      .add(seat(COLE!, []));
    world.combats.clear();
    world.combats.set(combat.id, combat);
    world.diceValues.push(...ROUND_ONE.slice(0, 8));
    await combat.startCombat();
    combat.add(seat(DARA!, []));
    const gm = combat as unknown as Combat.Implementation;
    const plain = {
      actions: [
        { kind: "attack", targets: [IDS.cole] },
        { kind: "defense", against: [IDS.cole] },
      ],
    };
    expect(await ask(gm, "declare", [IDS.arden], plain)).toBe(true);
    expect(await ask(gm, "declare", [IDS.brin], PLANS.brin)).toBe(true);
    expect(await ask(gm, "declare", [IDS.cole], PLANS.cole)).toBe(true);
    world.diceValues.push(4, 5, 1, 2, 3, 6, 1, 1, 1, 1, 2);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(combat.system.order).toEqual([IDS.arden, IDS.cole, IDS.brin]);
    expect(shown(combat, IDS.dara)).toMatchObject({ initiative: null, defense: null, declaredActions: [] });
    await combat.nextTurn();
    await combat.nextTurn();
    world.diceValues.push(...ROUND_ONE);
    await combat.nextTurn();
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe("2:declare:-");
    expect(combat.system.order).toEqual([IDS.arden, IDS.cole, IDS.brin, IDS.dara]);
    expect(shown(combat, IDS.dara)).toMatchObject({ initiative: 2, actions: 2, declared: false });
  });
});

describe("the fight's record on the Combat", () => {
  it("a stored fight with an id or a figure off is refused whole, nothing written", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const combat = await fight();
    await declareAll(combat);
    const fight0 = fightOf(combat);
    const bad = { ...fight0, fighters: fight0.fighters.map((f, i) => (i === 0 ? { ...f, actions: -1 } : f)) };
    await combat.update({ system: { records: { fight: bad } } } as never);
    const updates = combat.updates.length;
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    expect(world.warnings).toEqual(["LUNOS.Combat.Refusal.BadRecord {}"]);
    expect(combat.updates.length).toBe(updates);
    expect(at(combat)).toBe("1:declare:-");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("actions is -1"));
    warn.mockRestore();
  });

  it("fightAccessOf: the attack card's access reads the fight and commits the engine's next one, on the active GM only", async () => {
    const { fightAccessOf } = await import("./fight-access");
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    world.setUser(world.player);
    expect(fightAccessOf(combat as unknown as Combat.Implementation)).toBeNull();
    world.setUser(world.gm);
    const access = fightAccessOf(combat as unknown as Combat.Implementation)!;
    expect(access.fight()).toMatchObject({ round: 1, phase: "attack", slot: 0 });
    expect(access.view().sheet(IDS.cole).abilities.reflexes).toBe(3);
    expect(access.rules().actionsPerRound).toBe(2);
    const now = access.fight();
    // What the card commits: here a fighter marked as having made its attack roll.
    const next = {
      ...now,
      fighters: now.fighters.map((f) => (f.id === IDS.arden ? { ...f, attacked: true } : f)),
    };
    await access.commit(next);
    expect(access.fight().fighters.find((f) => f.id === IDS.arden)?.attacked).toBe(true);
    expect(at(combat)).toBe(`1:attack:${IDS.arden}`);
  });
});

describe("the round's rulings at the table", () => {
  /** Rewrites the stored fight's fighters (as blows the attack card applied would have left them). */
  async function patchFight(combat: Combat, patch: (f: Loose) => Loose, more: Loose = {}): Promise<void> {
    const stored = fightOf(combat);
    await combat.update({
      system: { records: { fight: { ...stored, fighters: stored.fighters.map(patch), ...more } } },
    } as never);
  }
  /** The fighters' actors as world actors, which the shared applier finds by their UUID. */
  async function fightOfWorldActors(): Promise<Combat> {
    const combat = await fight();
    const actors = game.actors as unknown as Map<string, unknown>;
    for (const c of combat.combatants) actors.set(c.actor!.id!, c.actor);
    return combat;
  }
  const statusesOf = (combat: Combat, id: string) =>
    [...((combat.combatants.get(id)!.actor as unknown as { statuses: Set<string> }).statuses ?? [])].sort();

  it("LUN-ACT-6, LUN-MNV-3: a tripped, disarmed fighter declares standing up and picking up its weapon from the menu, through the GM; the tokens lose prone and disarmed", async () => {
    const { planFromMenu } = await import("./round-menu");
    const combat = await fightOfWorldActors();
    await declareAll(combat);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    // Arden ends the round down and disarmed, his token marked so.
    await patchFight(combat, (f) => (f.id === IDS.arden ? { ...f, prone: true, weapon: "lying" } : f));
    const arden = combat.combatants.get(IDS.arden)!.actor as never;
    giveStatus(arden, "prone");
    giveStatus(arden, "disarmed");
    world.diceValues.push(...ROUND_TWO);
    await combat.nextRound();
    expect(statusesOf(combat, IDS.arden)).toEqual(["disarmed", "prone"]);
    // His row shows him down.
    expect(shown(combat, IDS.arden).states).toMatchObject({ prone: true, stunned: false, grappling: [] });
    // His one action (after the lunge) and the lunge's debt: he stands by the action, no Move yet.
    const menu = {
      attack: "",
      defense: "",
      targets: [],
      against: [],
      move: null,
      tasks: ["standUp"],
      tend: "",
      standByRoll: false,
      magic: false,
      lunge: false,
    };
    expect(await asUser(world.player, payload(combat, "declare", [IDS.arden], planFromMenu(menu)))).toEqual({
      ok: true,
    });
    expect(shown(combat, IDS.arden)).toMatchObject({
      declaredActions: [{ kind: "other", task: "standUp", targets: [] }],
    });
    for (const id of [IDS.brin, IDS.cole, IDS.dara] as const)
      expect(
        await ask(combat as never, "declare", [id], { actions: [{ kind: "other", task: "task" }] }),
      ).toBe(true);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.arden)).toMatchObject({ prone: false });
    expect(statusesOf(combat, IDS.arden)).toEqual(["disarmed"]);
    // The next round he picks the weapon up: the token's disarmed comes off as the defenses are rolled.
    // Round 3's initiative: Arden 3 dice, Brin 2, Cole 3, Dara 2, none a success.
    world.diceValues.push(...Array<number>(10).fill(1));
    await combat.nextRound();
    expect(world.diceValues).toEqual([]);
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", [IDS.arden], planFromMenu({ ...menu, tasks: ["recoverWeapon"] })),
      ),
    ).toEqual({ ok: true });
    for (const id of [IDS.brin, IDS.cole, IDS.dara] as const)
      await ask(combat as never, "declare", [id], { actions: [{ kind: "other", task: "task" }] });
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.arden)).toMatchObject({ weapon: "held" });
    expect(statusesOf(combat, IDS.arden)).toEqual([]);
  });

  it("LUN-MNV-3, LUN-GRP-3: the round's start takes off a spent stun, a tag, the grapple and the choke its choker's fall ended; a threat not kept up lapses from the token", async () => {
    const combat = await fightOfWorldActors();
    await declareAll(combat);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    // As the card would leave them: Brin stunned this round (counts next round), Dara stunned last round
    // (spent) and tagged, Cole choking Brin but now out, Arden threatening Dara.
    await patchFight(
      combat,
      (f) =>
        f.id === IDS.brin ? { ...f, stunned: true } : f.id === IDS.cole ? { ...f, unconscious: true } : f,
      {
        grapples: [
          {
            a: IDS.cole,
            b: IDS.brin,
            pinnedBy: IDS.cole,
            choke: { by: IDS.cole, victim: IDS.brin, rounds: 0 },
          },
        ],
        threats: [{ by: IDS.arden, target: IDS.dara, margin: 2, since: 1 }],
      },
    );
    const actor = (id: string) => combat.combatants.get(id)!.actor as never;
    for (const s of ["stunned", "grappled", "pinned", "choking"]) giveStatus(actor(IDS.brin), s);
    for (const s of ["stunned", "tagged", "threatened"]) giveStatus(actor(IDS.dara), s);
    giveStatus(actor(IDS.cole), "grappled");
    // Round 2's initiative without Cole (out): Arden 9, Brin 4 2, Dara 1 1.
    world.diceValues.push(9, 4, 2, 1, 1);
    await combat.nextRound();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(fightOf(combat).grapples).toEqual([]);
    // Brin's stun counts this round (one action): it stays; Dara's was spent, and the tag was a moment's show.
    expect(statusesOf(combat, IDS.brin)).toEqual(["stunned"]);
    expect(statusesOf(combat, IDS.cole)).toEqual([]);
    expect(statusesOf(combat, IDS.dara)).toEqual(["threatened"]);
    // Arden keeps no action on his threat: it lapses as the defenses are rolled, and so does the token's mark.
    for (const id of [IDS.arden, IDS.brin, IDS.dara] as const)
      await ask(combat as never, "declare", [id], { actions: [{ kind: "other", task: "task" }] });
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(fightOf(combat).threats).toEqual([]);
    expect(statusesOf(combat, IDS.dara)).toEqual([]);
    // The next round's start takes Brin's spent stun off.
    // Round 3's initiative without Cole: Arden 3 dice, Brin 2, Dara 2, none a success.
    world.diceValues.push(...Array<number>(7).fill(1));
    await combat.nextRound();
    expect(world.diceValues).toEqual([]);
    expect(statusesOf(combat, IDS.brin)).toEqual([]);
  });

  it("LUN-HLT-4: a dying fighter still awake does not hold the round up; tended, its dying clock stops and the status stays", async () => {
    const { applyTimedStatus } = await import("../../../effects/timed-status-writes");
    const { LUNOS_TIMED } = await import("../../../rules/lunos/timed-statuses");
    const combat = await fightOfWorldActors();
    await declareAll(combat);
    world.diceValues.push(...DEFENSES);
    await combat.nextTurn();
    // Dara's every level used, her Willpower holding her awake; her token's dying clock running.
    await patchFight(combat, (f) => (f.id === IDS.dara ? { ...f, dying: 0 } : f));
    const dara = combat.combatants.get(IDS.dara)!.actor as unknown as Actor.Implementation & {
      effects: Map<string, { flags?: Loose; statuses: Set<string> }>;
    };
    await applyTimedStatus(dara, LUNOS_TIMED.dying, { combat: combat as never });
    const clocks = () =>
      [...dara.effects.values()]
        .filter((e) => e.statuses.has("dying"))
        .map((e) => e.flags?.fangs !== undefined);
    expect(clocks()).toEqual([true]);
    // Round 2's initiative without Dara (dying): Arden 9, Brin 4 2, Cole 5 5 5.
    world.diceValues.push(9, 4, 2, 5, 5, 5);
    await combat.nextRound();
    expect(shown(combat, IDS.dara)).toMatchObject({ condition: "dying", minorOnly: true });
    // Brin tends her; she declares nothing, and the declarations close without her.
    await ask(combat as never, "declare", [IDS.brin], {
      actions: [{ kind: "other", task: "tend", target: IDS.dara }],
    });
    for (const id of [IDS.arden, IDS.cole] as const)
      await ask(combat as never, "declare", [id], { actions: [{ kind: "other", task: "task" }] });
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(combat.system.phase).toBe("attack");
    expect(fightOf(combat).fighters.find((f) => f.id === IDS.dara)).toMatchObject({ tended: true });
    // The dying status stays, without the timed effect that would have run it out to "dead".
    expect(clocks()).toEqual([false]);
    expect(dara.statuses.has("dying")).toBe(true);
  });
});
