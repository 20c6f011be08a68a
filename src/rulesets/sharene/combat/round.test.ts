import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
import { SHARENE_DEFAULTS } from "../../../rules/sharene/config";
import { SHARENE_HIT_LOCATIONS } from "../../../rules/sharene/hit-locations";

/**
 * Sharene's round on the tracker, through the unchanged Combat, the
 * player's query and the GM's check on the stand-in: four fighters declare
 * (two players through the GM, the GM for two NPCs), initiative is rolled
 * as real Rolls with scripted dice and posted with its roll mode, the order
 * and the tie acting at once are the engine's, styles are chosen, the turns
 * run and a new round begins. A declaration for a fighter the player does
 * not own, a forged and a replayed request, and a player's own write of its
 * combatant are refused.
 */

let world: StandInWorld;
type CombatClass = typeof import("../../../documents/combat").FangsCombat;
let FangsCombat: CombatClass;
let request: typeof import("../../../combat/request");
let ask: typeof import("../../../combat/round-ask")["askRoundAction"];
let tracker: typeof import("../../../apps/combat-tracker/tracker");

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
  tracker = await import("../../../apps/combat-tracker/tracker");
  const requester = await import("../../../requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  const { registerRulesetDefinition } = await import("../../registry");
  const { shareneDefinition } = await import("../index");
  registerRulesetDefinition(shareneDefinition);
  (await import("../../../config/document-classes")).configureDocuments();
});

beforeEach(() => {
  world.settings.set("fangs.ruleset", "sharene");
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

function weapon(kind: string, damage: Loose) {
  return {
    type: "shareneWeapon",
    system: {
      kind,
      attack: { level: 4, natural: 9 },
      parry: { level: 3, natural: 9 },
      parries: kind === "melee",
      damage: { slash: "", thrust: "", special: "", ...damage },
      mainBlow: "slash" in damage ? "slash" : "thrust",
    },
  };
}

/** A Sharene fighter in the combat as `c-<id>`, owned by `owners` (besides the GMs). */
function seat(id: string, dex: number, agi: number, kind: string, owners: string[], styles: Loose = {}) {
  const damage = kind === "missile" ? { thrust: "1d8" } : { slash: "1d8", thrust: "1d6" };
  const actor = new StandInActor(
    id,
    id[0]!.toUpperCase() + id.slice(1),
    {
      characteristics: { dex, agi, end: 12 },
      lifePoints: { value: 30, max: 30 },
      dodge: { level: 3, natural: 9 },
      ...(Object.keys(styles).length ? { styles } : {}),
    },
    [weapon(kind, damage)],
    "shareneCharacter",
    owners,
  );
  const combatant = new StandInCombatant(`c-${id}`, null, actor);
  combatant.type = "shareneCombatant";
  return combatant;
}

/**
 * Arden (the player's: AGI 15, a sword), Brin (the other player's: DEX 16, a
 * bow), Cole (the GM's, hidden: AGI 14, a sword) and Dara (the GM's: DEX 14,
 * throwing knives). Brin knows no full attack.
 */
async function fight(): Promise<Combat> {
  const combat = new FangsCombat() as unknown as Combat;
  combat
    .add(seat("arden", 12, 15, "melee", ["player"]))
    .add(seat("brin", 16, 12, "missile", ["other"], { fullAttack: false }))
    .add(seat("cole", 10, 14, "melee", []))
    .add(seat("dara", 14, 11, "thrown", []));
  combat.combatants.get("c-cole")!.hidden = true;
  world.combats.clear();
  world.combats.set(combat.id, combat);
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
    requestId: `sharene${String(requests).padStart(9, "0")}`,
    combatantIds: ids,
    expected: { round: combat.round, turn: combat.turn, phase: combat.system.phase },
    data,
    ...patch,
  };
}

const send = (from: StandInUser, p: Loose) => sendCombatAction(world, from, p);
const asUser = (user: StandInUser, p: Loose) => send(user, { ...p, userId: user.id });
const record = (combat: Combat, id: string) => (combat.system.records as Record<string, Loose>)[id]!;
const shown = (combat: Combat, id: string) => combat.combatants.get(id)!.system as Loose;
const at = (combat: Combat) =>
  `${combat.round}:${String(combat.system.phase)}:${combat.combatant?.id ?? "-"}`;

/** The four declarations: the players' through the GM, the GM's own for Cole and Dara. */
async function declareAll(combat: Combat): Promise<void> {
  expect(
    await asUser(
      world.player,
      payload(combat, "declare", ["c-arden"], { action: "melee", target: "c-cole" }),
    ),
  ).toEqual({ ok: true });
  expect(
    await asUser(
      world.other,
      payload(combat, "declare", ["c-brin"], { action: "missile", target: "c-dara" }),
    ),
  ).toEqual({ ok: true });
  const gm = combat as unknown as Combat.Implementation;
  expect(await ask(gm, "declare", ["c-cole"], { action: "melee", target: "c-arden" })).toBe(true);
  expect(await ask(gm, "declare", ["c-dara"], { action: "thrown", target: "c-brin" })).toBe(true);
}

async function chooseStyles(combat: Combat): Promise<void> {
  expect(await asUser(world.player, payload(combat, "style", ["c-arden"], { style: "fullAttack" }))).toEqual({
    ok: true,
  });
  expect(await asUser(world.other, payload(combat, "style", ["c-brin"], { style: "fullParry" }))).toEqual({
    ok: true,
  });
  const gm = combat as unknown as Combat.Implementation;
  expect(await ask(gm, "style", ["c-cole"], { style: "attackParry" })).toBe(true);
  expect(await ask(gm, "style", ["c-dara"], { style: "parryRiposte" })).toBe(true);
}

/** The GM chooses Attack and Parry for each of these fighters. */
async function chooseStylesOf(combat: Combat, ids: string[]): Promise<void> {
  for (const id of ids)
    expect(
      await ask(combat as unknown as Combat.Implementation, "style", [id], { style: "attackParry" }),
    ).toBe(true);
}

describe("a round of four Sharene fighters on the tracker", () => {
  it("SHA-INI-1: declared, rolled with scripted dice as real Rolls, ordered as the engine orders, styled, played through to the next round", async () => {
    const combat = await fight();
    expect(at(combat)).toBe("1:declare:-");
    expect(combat.system.order).toEqual([]);
    await declareAll(combat);
    expect(record(combat, "c-arden")).toMatchObject({ action: "melee", target: "c-cole", declared: true });
    expect(shown(combat, "c-brin")).toMatchObject({ action: "missile", target: "c-dara", declared: true });

    // Arden 9 + AGI 15 = 24; Brin 4 + DEX 16 = 20; Cole 6 + AGI 14 = 20; Dara 6 + DEX 14 = 20.
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(world.diceValues).toEqual([]);
    expect(at(combat)).toBe("1:style:-");
    // Brin's 20 comes before Cole's and Dara's by the higher ability added; Cole and Dara tie on both: at once.
    expect(combat.system.order).toEqual(["c-arden", "c-brin", "c-cole", "c-dara"]);
    expect(combat.system.groups).toEqual([["c-cole", "c-dara"]]);
    expect(
      ["c-arden", "c-brin", "c-cole", "c-dara"].map((id) => combat.combatants.get(id)!.initiative),
    ).toEqual([24, 20, 20, 20]);
    expect(record(combat, "c-dara").initiativeRoll).toEqual({
      roll: 6,
      ability: "dex",
      abilityValue: 14,
      total: 20,
    });
    // One real Roll a fighter, each posted with its formula; hidden Cole's to the GMs only.
    const rolls = world.chat.map((m) => ({
      formula: ((m.rolls as { formula: string }[])[0] ?? { formula: "" }).formula,
      total: ((m.rolls as { total: number }[])[0] ?? { total: 0 }).total,
      whisper: m.whisper ?? [],
    }));
    expect(rolls).toEqual([
      { formula: "1d10 + 15", total: 24, whisper: [] },
      { formula: "1d10 + 16", total: 20, whisper: [] },
      { formula: "1d10 + 14", total: 20, whisper: ["gm"] },
      { formula: "1d10 + 14", total: 20, whisper: [] },
    ]);

    await chooseStyles(combat);
    expect(record(combat, "c-arden").style).toBe("fullAttack");
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-arden");
    expect(combat.actingIds).toEqual(["c-arden"]);
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-brin");
    expect(record(combat, "c-arden").acted).toBe(true);
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-cole");
    expect(combat.actingIds).toEqual(["c-cole", "c-dara"]);
    const view = tracker.combatView(combat as unknown as Combat.Implementation);
    expect(view.acting.filter((r) => r.active).map((r) => r.id)).toEqual(["c-cole", "c-dara"]);

    // After the last turn, a new round: declarations, initiative and styles cleared.
    await combat.nextTurn();
    expect(at(combat)).toBe("2:declare:-");
    expect(combat.system.order).toEqual([]);
    expect(combat.system.groups).toEqual([]);
    for (const id of ["c-arden", "c-brin", "c-cole", "c-dara"]) {
      expect(record(combat, id)).toMatchObject({
        declared: false,
        style: null,
        initiativeRoll: null,
        acted: false,
      });
      expect(combat.combatants.get(id)!.initiative).toBeNull();
    }
  });

  it("the declarations close only when every fighter in the fight has declared; the styles likewise", async () => {
    const combat = await fight();
    await asUser(world.player, payload(combat, "declare", ["c-arden"], { action: "melee", target: null }));
    const updates = combat.updates.length;
    await combat.nextTurn();
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.Undeclared {"name":"Brin"}']);
    expect(at(combat)).toBe("1:declare:-");
    expect(combat.updates.length).toBe(updates);
    await declareAll(combat);
    world.diceValues.push(1, 2, 3, 4);
    await combat.nextTurn();
    world.warnings.length = 0;
    await asUser(world.player, payload(combat, "style", ["c-arden"], { style: "attackParry" }));
    await combat.nextTurn();
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.NoStyle {"name":"Brin"}']);
    expect(at(combat)).toBe("1:style:-");
  });

  it("a fighter out of the fight declares nothing, rolls no initiative and has no turn", async () => {
    const combat = await fight();
    giveStatus(combat.combatants.get("c-dara")!.actor as never, "unconscious");
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "declare", ["c-dara"], { action: "thrown", target: "c-brin" })).toBe(false);
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.OutOfAction {"name":"Dara"}']);
    world.warnings.length = 0;
    await asUser(
      world.player,
      payload(combat, "declare", ["c-arden"], { action: "melee", target: "c-cole" }),
    );
    await asUser(
      world.other,
      payload(combat, "declare", ["c-brin"], { action: "missile", target: "c-cole" }),
    );
    expect(await ask(gm, "declare", ["c-cole"], { action: "melee", target: "c-arden" })).toBe(true);
    world.diceValues.push(9, 4, 6);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(combat.system.order).toEqual(["c-arden", "c-brin", "c-cole"]);
    expect(combat.system.groups).toEqual([]);
    expect(record(combat, "c-dara").initiativeRoll).toBeNull();
    // Cole drops between the styles and his turn: his turn is passed.
    await asUser(world.player, payload(combat, "style", ["c-arden"], { style: "attackParry" }));
    await asUser(world.other, payload(combat, "style", ["c-brin"], { style: "attackParry" }));
    expect(await ask(gm, "style", ["c-cole"], { style: "attackParry" })).toBe(true);
    await combat.nextTurn();
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-brin");
    giveStatus(combat.combatants.get("c-cole")!.actor as never, "dead");
    await combat.nextTurn();
    expect(at(combat)).toBe("2:declare:-");
  });
});

describe("a player declares through the GM", () => {
  it("a declaration for a fighter the player does not own is refused, nothing written", async () => {
    const combat = await fight();
    const answer = await asUser(
      world.player,
      payload(combat, "declare", ["c-brin"], { action: "melee", target: "c-arden" }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "notOwner" });
    expect(record(combat, "c-brin")?.declared ?? false).toBe(false);
    // The GM's NPC too.
    expect(
      await asUser(world.player, payload(combat, "style", ["c-cole"], { style: "fullAttack" })),
    ).toMatchObject({ ok: false, reason: "notOwner" });
  });

  it("a forged or replayed declaration is refused", async () => {
    const combat = await fight();
    // Naming the other player, whose client never asked.
    const forged = payload(
      combat,
      "declare",
      ["c-brin"],
      { action: "melee", target: null },
      { userId: world.other.id },
    );
    expect(await send(world.player, forged)).toMatchObject({ ok: false, reason: "unconfirmed" });
    // Straight to the handler, nobody pending.
    expect(
      await request.handleCombatAction(
        payload(combat, "declare", ["c-arden"], { action: "melee", target: null }),
      ),
    ).toMatchObject({ ok: false, reason: "unconfirmed" });
    const sent = payload(combat, "declare", ["c-arden"], { action: "thrown", target: null });
    expect(await send(world.player, sent)).toEqual({ ok: true });
    // Its confirmation is spent: the same request again is refused, and a changed one sent as it was too.
    expect(await request.handleCombatAction(sent)).toMatchObject({ ok: false });
    expect(
      await request.handleCombatAction({ ...sent, data: { action: "missile", target: null } }),
    ).toMatchObject({
      ok: false,
    });
    expect(record(combat, "c-arden")).toMatchObject({ action: "thrown" });
    expect(record(combat, "c-brin")?.declared ?? false).toBe(false);
  });

  it("malformed data, the wrong phase, a style the sheet does not know: refused with the round's words", async () => {
    const combat = await fight();
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", ["c-arden"], { action: "sorcery", target: null }),
      ),
    ).toMatchObject({ ok: false, reason: "malformed" });
    expect(
      await asUser(
        world.player,
        payload(combat, "declare", ["c-arden"], { action: "melee", target: "c-arden" }),
      ),
    ).toMatchObject({ ok: false, key: "SHARENE.Combat.Refusal.BadTarget" });
    expect(
      await asUser(world.player, payload(combat, "style", ["c-arden"], { style: "fullAttack" })),
    ).toMatchObject({ ok: false, key: "SHARENE.Combat.Refusal.WrongPhase" });
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    expect(
      await asUser(world.other, payload(combat, "style", ["c-brin"], { style: "fullAttack" })),
    ).toMatchObject({ ok: false, key: "SHARENE.Combat.Refusal.StyleNotKnown" });
    expect(
      await asUser(world.player, payload(combat, "declare", ["c-arden"], { action: "melee", target: null })),
    ).toMatchObject({ ok: false, key: "SHARENE.Combat.Refusal.WrongPhase" });
    expect(record(combat, "c-brin").style).toBeNull();
  });

  it("a player's own write of its combatant is put back, and the GM plans from its record", async () => {
    const { shareneTable } = await import("./sharene-table");
    const hook = (c: unknown, changed: unknown, options: unknown, userId: string) =>
      shareneTable.records?.onUpdate?.(c as never, changed as never, options, userId);
    Hooks.on("updateCombatant", hook as never);
    try {
      const combat = await fight();
      await declareAll(combat);
      world.setUser(world.player);
      await combat.combatants.get("c-arden")!.update({ system: { action: "missile", declared: true } });
      world.setUser(world.gm);
      const { writesSettled } = await import("../../../documents/write-queue");
      await writesSettled();
      expect(shown(combat, "c-arden").action).toBe("melee");
      world.diceValues.push(9, 4, 6, 6);
      await combat.nextTurn();
      // Melee adds AGI 15: the record's action, not the forged one.
      expect(record(combat, "c-arden").initiativeRoll).toMatchObject({ ability: "agi", total: 24 });
      // Foundry's initiative, which the tracker shows and sorts by, is put back from the record too.
      world.setUser(world.player);
      await combat.combatants.get("c-arden")!.update({ initiative: 99 });
      world.setUser(world.gm);
      await writesSettled();
      expect(combat.combatants.get("c-arden")!.initiative).toBe(24);
    } finally {
      Hooks.off("updateCombatant", hook as never);
    }
  });
});

describe("the round's step back", () => {
  it("goes one turn back in the actions only; the declarations and initiative stand", async () => {
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    await combat.previousTurn();
    expect(world.warnings).toEqual(["SHARENE.Combat.Refusal.NoStepBack {}"]);
    expect(at(combat)).toBe("1:style:-");
    await chooseStyles(combat);
    await combat.nextTurn();
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-brin");
    await combat.previousTurn();
    expect(at(combat)).toBe("1:action:c-arden");
    expect(record(combat, "c-arden").acted).toBe(false);
  });
});

describe("the tracker and the Token HUD", () => {
  it("each viewer sees its own choices, others' once their phase is over; the HUD palette declares and styles", async () => {
    const hud = await import("../../../apps/combat-tracker/combat-hud");
    const combat = await fight();
    await asUser(
      world.other,
      payload(combat, "declare", ["c-brin"], { action: "missile", target: "c-dara" }),
    );
    world.setUser(world.player);
    const rows = () =>
      Object.fromEntries(
        tracker
          .combatView(combat as unknown as Combat.Implementation)
          .groups.flatMap((g) => g.rows)
          .map((r) => [r.id, r.part?.data as Loose | undefined]),
      );
    // Brin's action is the other player's until the declarations close; Arden's button waits for a choice.
    expect(rows()["c-brin"]).toMatchObject({ action: null, canChoose: false });
    expect(rows()["c-arden"]).toMatchObject({ canChoose: true, waiting: true });
    // The palette: the actions of Arden's equipped weapons (a sword: melee, SHA-INI-1); a click declares
    // through the GM against the declared target (none yet).
    const arden = combat.combatants.get("c-arden")! as unknown as Combatant.Implementation;
    expect(hud.tokenPaletteFor(arden)?.entries.map((e) => e.id)).toEqual(["action:melee"]);
    // Not the other player's fighter.
    expect(
      hud.tokenPaletteFor(combat.combatants.get("c-brin")! as unknown as Combatant.Implementation),
    ).toBeNull();
    expect(await hud.choosePaletteEntry(arden, "action:melee")).toBe(true);
    world.setUser(world.gm);
    expect(record(combat, "c-arden")).toMatchObject({ action: "melee", declared: true, target: null });
    const gm = combat as unknown as Combat.Implementation;
    await ask(gm, "declare", ["c-cole"], { action: "melee", target: "c-arden" });
    await ask(gm, "declare", ["c-dara"], { action: "thrown", target: "c-brin" });
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    world.setUser(world.player);
    expect(rows()["c-brin"]).toMatchObject({ action: "SHARENE.ActionKind.missile", target: "Dara" });
    expect(rows()["c-arden"]).toMatchObject({ initiative: { text: "9 + 15 = 24" }, waiting: true });
    // In the styles, Brin's palette offers the styles his sheet knows (no full attack).
    world.setUser(world.other);
    const brin = combat.combatants.get("c-brin")! as unknown as Combatant.Implementation;
    expect(hud.tokenPaletteFor(brin)?.entries.map((e) => e.id)).toEqual([
      "style:fullParry",
      "style:parryRiposte",
      "style:attackParry",
      "options:style",
    ]);
    expect(await hud.choosePaletteEntry(brin, "style:fullAttack")).toBe(false);
    expect(await hud.choosePaletteEntry(brin, "style:fullParry")).toBe(true);
    world.setUser(world.gm);
    expect(record(combat, "c-brin").style).toBe("fullParry");
    // The player does not see Brin's style before the actions begin.
    world.setUser(world.player);
    expect(rows()["c-brin"]).toMatchObject({ style: null });
  });

  it("the initiative rolls follow the GM's roll mode: a private roll goes to the GMs", async () => {
    const combat = await fight();
    // A name is text in the roll's flavor.
    Object.defineProperty(combat.combatants.get("c-dara")!, "name", { value: "<i>Dara</i>" });
    await declareAll(combat);
    await game.settings!.set("core", "rollMode", "gmroll");
    try {
      world.diceValues.push(9, 4, 6, 6);
      await combat.nextTurn();
    } finally {
      await game.settings!.set("core", "rollMode", "publicroll");
    }
    expect(world.chat.map((m) => m.whisper)).toEqual([["gm"], ["gm"], ["gm"], ["gm"]]);
    // Each says whose roll it is, what it adds and why, as text.
    expect(world.chat[0]!.flavor).toBe(
      'SHARENE.Combat.Initiative.Flavor {"name":"Arden","action":"SHARENE.ActionKind.melee","ability":"SHARENE.Characteristic.agi","faces":"10"}',
    );
    expect(world.chat[3]!.flavor).toContain('"name":"&lt;i&gt;Dara&lt;/i&gt;"');
    expect(combat.system.order).toEqual(["c-arden", "c-brin", "c-cole", "c-dara"]);
  });
});

describe("the round's start and end", () => {
  it("a knock-out timed in rounds by the world's durations runs out as a new round begins; the fighter declares again", async () => {
    const { watchTimedStatuses } = await import("../../../effects/timed-status-effects");
    const { applyTimedStatus } = await import("../../../effects/timed-status-writes");
    const { writesSettled } = await import("../../../documents/write-queue");
    const { applyShareneRules } = await import("../config/rules-apply");
    const { resolveShareneOptions } = await import("../../../rules/sharene/config");
    watchTimedStatuses();
    // The world's Sharene options, as its setting's reading applies them: a knock-out lasts 2 rounds.
    const durations = { ...SHARENE_DEFAULTS.durations, knockedOut: { dice: "2", unit: "rounds" as const } };
    applyShareneRules(resolveShareneOptions({ durations }));
    try {
      const combat = await fight();
      const dara = combat.combatants.get("c-dara")!.actor!;
      game.actors!.set(dara.id!, dara as never);
      expect((await applyTimedStatus(dara as never, "sharene.knockedOut")).length).toEqual({
        clock: "rounds",
        amount: 2,
      });
      const gm = combat as unknown as Combat.Implementation;
      expect(await ask(gm, "declare", ["c-dara"], { action: "thrown", target: null })).toBe(false);
      await combat.nextRound();
      await writesSettled();
      expect(at(combat)).toBe("2:declare:-");
      expect(dara.statuses.has("unconscious")).toBe(true);
      await combat.nextRound();
      await writesSettled();
      expect(at(combat)).toBe("3:declare:-");
      expect(dara.statuses.has("unconscious")).toBe(false);
      expect(await ask(gm, "declare", ["c-dara"], { action: "thrown", target: null })).toBe(true);
    } finally {
      applyShareneRules(SHARENE_DEFAULTS);
    }
  });
});

describe("a fighter leaves the combat", () => {
  it("on its turn: the turn goes to the next still here, the order without it", async () => {
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    await chooseStyles(combat);
    await combat.nextTurn();
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-brin");
    await combat.deleteCombatants(["c-brin"]);
    const { writesSettled } = await import("../../../documents/write-queue");
    await writesSettled();
    expect(combat.system.order).toEqual(["c-arden", "c-cole", "c-dara"]);
    expect(combat.system.groups).toEqual([["c-cole", "c-dara"]]);
    expect(at(combat)).toBe("1:action:c-cole");
    await combat.nextTurn();
    expect(at(combat)).toBe("2:declare:-");
  });
});

describe("the fighter's sheet", () => {
  it("shows the round's choice to its owner while the round asks for it; a choice goes through the GM", async () => {
    const { shareneSheetRound } = await import("../apps/sheets/round-panel");
    const { ShareneActorSheet } = await import("../apps/sheets/actor-sheet");
    const { shareneActorData } = await import("../apps/sheets/sheet-data");
    const { shareneActorSheetContext } = await import("../apps/sheets/actor-context");
    const { SHARENE_ACTOR_PARTS } = await import("../apps/sheets/parts");
    const { createTemplateRenderer } = await import("../../../../test/handlebars/render");
    const html = await import("../../../../test/handlebars/html");
    const { SHARENE_DEFAULTS } = await import("../../../rules/sharene/config");
    const combat = await fight();
    const arden = combat.combatants.get("c-arden")!.actor! as unknown as Actor.Implementation;
    world.setUser(world.player);
    const panel = shareneSheetRound(arden, "sheet-arden")!;
    expect(panel).toMatchObject({
      combatantId: "c-arden",
      phase: "declare",
      targetName: "sheet-arden-sharene-target",
    });
    expect(panel.actions.map((a) => a.id)).toEqual(["melee", "thrown", "missile"]);
    // Another player's fighter: no panel for this player.
    expect(shareneSheetRound(combat.combatants.get("c-brin")!.actor! as never, "sheet-brin")).toBeNull();

    // Drawn from the real templates: a named group of targets, named buttons, every word known.
    const renderer = createTemplateRenderer();
    const context = {
      ...shareneActorSheetContext(shareneActorData(arden)!, {
        editable: true,
        idPrefix: "sheet-arden",
        rules: SHARENE_DEFAULTS,
      }),
      round: panel,
    };
    const drawn = Object.values(SHARENE_ACTOR_PARTS)
      .map((part) => renderer.render(part.template, context))
      .join("\n");
    expect(renderer.i18n.missing).toEqual(new Set());
    expect(html.unlabelledControls(drawn)).toEqual([]);
    expect(html.badButtons(drawn)).toEqual([]);
    expect(html.duplicateIds(drawn)).toEqual([]);
    const root = html.parse(drawn);
    expect(html.byAttr(root, "data-action", "shareneRound").map((b) => b.attribs["data-choice"])).toEqual([
      "melee",
      "thrown",
      "missile",
    ]);
    expect(html.text(html.byTag(root, "legend")[0]!)).toBe("SHARENE.Combat.Menu.Target");

    // The sheet's button: the declaration, against the target picked, through the active GM.
    const onRound = ShareneActorSheet.DEFAULT_OPTIONS.actions!.shareneRound as unknown as (
      this: unknown,
      event: unknown,
      target: unknown,
    ) => Promise<void>;
    const panelElement = {
      dataset: { combatantId: "c-arden", phase: "declare" },
      querySelector: () => ({ value: "c-dara" }),
    };
    const button = { dataset: { choice: "missile" }, closest: () => panelElement };
    await onRound.call({}, {}, button);
    world.setUser(world.gm);
    expect(record(combat, "c-arden")).toMatchObject({ action: "missile", target: "c-dara", declared: true });
    // Once the round asks for nothing (the actions), the panel is gone.
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    await chooseStyles(combat);
    await combat.nextTurn();
    expect(shareneSheetRound(arden, "sheet-arden")).toBeNull();
  });
});

describe("the targets offered", () => {
  it("the row's menu and the sheet offer only fighters still in the fight, as the engine accepts", async () => {
    const { shareneSheetRound } = await import("../apps/sheets/round-panel");
    const { declarableTargets } = await import("./round-menu");
    const combat = await fight();
    giveStatus(combat.combatants.get("c-dara")!.actor as never, "unconscious");
    const arden = combat.combatants.get("c-arden")!;
    // The GM sees hidden Cole; Dara, knocked out, is offered to no one.
    expect(declarableTargets(arden as never).map((t) => t.id)).toEqual(["c-brin", "c-cole"]);
    const panel = shareneSheetRound(arden.actor as never, "sheet-arden")!;
    expect(panel.targets.map((t) => t.id)).toEqual(["", "c-brin", "c-cole"]);
    // What is offered the engine takes; what is not, it refuses.
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "declare", ["c-arden"], { action: "melee", target: "c-dara" })).toBe(false);
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.BadTarget {"name":"Arden"}']);
    for (const t of panel.targets.filter((t) => t.id !== ""))
      expect(await ask(gm, "declare", ["c-arden"], { action: "melee", target: t.id })).toBe(true);
  });

  it("no one is ticked only once declared so; the GM hears of a declaration against no one as the roll closes them", async () => {
    const { shareneSheetRound } = await import("../apps/sheets/round-panel");
    const combat = await fight();
    const arden = combat.combatants.get("c-arden")!;
    const noOne = () => shareneSheetRound(arden.actor as never, "sheet-arden")!.targets[0]!;
    expect(noOne()).toMatchObject({ id: "", checked: false });
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "declare", ["c-arden"], { action: "melee", target: null })).toBe(true);
    expect(noOne()).toMatchObject({ id: "", checked: true });
    expect(await ask(gm, "declare", ["c-brin"], { action: "missile", target: "c-dara" })).toBe(true);
    expect(await ask(gm, "declare", ["c-cole"], { action: "melee", target: "c-arden" })).toBe(true);
    expect(await ask(gm, "declare", ["c-dara"], { action: "thrown", target: "c-brin" })).toBe(true);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    expect(world.warnings).toEqual(['SHARENE.Combat.NoOneToAttack {"names":"Arden"}']);
    expect(combat.system.phase).toBe("style");
  });

  it("two fighters of one name are numbered in the list, in the combat's order", async () => {
    const { declarableTargets } = await import("./round-menu");
    const combat = await fight();
    // Two tokens of one creature: the same name on two combatants.
    for (const id of ["c-brin", "c-dara"])
      Object.defineProperty(combat.combatants.get(id)!, "name", { value: "Wolf" });
    expect(declarableTargets(combat.combatants.get("c-arden")! as never)).toEqual([
      { id: "c-brin", name: "Wolf (1)" },
      { id: "c-cole", name: "Cole" },
      { id: "c-dara", name: "Wolf (2)" },
    ]);
  });
});

describe("a macro's round", () => {
  it("combatant.round declares and chooses a style as the row does, through the GM for a player", async () => {
    const combat = await fight();
    const arden = combat.combatants.get("c-arden")! as unknown as { round: Loose };
    const round = arden.round as {
      state: Loose;
      declare(action: string, target?: string | null): Promise<boolean>;
      chooseStyle(style: string): Promise<boolean>;
    };
    world.setUser(world.player);
    expect(await round.declare("melee", "c-cole")).toBe(true);
    expect(round.state).toMatchObject({ action: "melee", target: "c-cole", declared: true });
    // The style belongs to the next phase: refused, in the round's words.
    expect(await round.chooseStyle("fullAttack")).toBe(false);
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.WrongPhase {"name":"Arden"}']);
    // Not the player's fighter: refused by the GM.
    const brin = (combat.combatants.get("c-brin")! as unknown as { round: typeof round }).round;
    expect(await brin.declare("melee", null)).toBe(false);
    world.setUser(world.gm);
    expect(record(combat, "c-brin")?.declared ?? false).toBe(false);
  });
});

describe("a roll that does not finish", () => {
  it("leaves the styles closed until the next Next turn rolls initiative again", async () => {
    const combat = await fight();
    await declareAll(combat);
    // Two dice only: the third Roll fails (the stand-in's scripted dice run out).
    world.diceValues.push(9, 4);
    await expect(combat.nextTurn()).rejects.toThrow(/ran out/);
    world.diceValues.length = 0;
    expect(at(combat)).toBe("1:style:-");
    expect(combat.system.order).toEqual([]);
    expect(
      await asUser(world.player, payload(combat, "style", ["c-arden"], { style: "fullAttack" })),
    ).toMatchObject({
      ok: false,
      key: "SHARENE.Combat.Refusal.InitiativePending",
    });
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    expect(combat.system.order).toEqual(["c-arden", "c-brin", "c-cole", "c-dara"]);
    expect(
      await asUser(world.player, payload(combat, "style", ["c-arden"], { style: "fullAttack" })),
    ).toEqual({
      ok: true,
    });
  });
});

describe("a fighter without a roll this round", () => {
  it("one out at the roll and back in the styles: no style, no turn, and no second roll for everyone", async () => {
    const combat = await fight();
    await declareAll(combat);
    const dara = combat.combatants.get("c-dara")!.actor! as unknown as {
      effects: Map<string, unknown>;
      prepareData(): void;
    };
    giveStatus(dara as never, "unconscious");
    world.diceValues.push(9, 4, 6);
    await combat.nextTurn();
    expect(combat.system.order).toEqual(["c-arden", "c-brin", "c-cole"]);
    // Dara comes to in the styles.
    dara.effects.clear();
    dara.prepareData();
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "style", ["c-dara"], { style: "attackParry" })).toBe(false);
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.NoTurnThisRound {"name":"Dara"}']);
    await chooseStylesOf(combat, ["c-arden", "c-brin", "c-cole"]);
    await combat.nextTurn();
    // No die was rolled again; the order stands.
    expect(at(combat)).toBe("1:action:c-arden");
    expect(combat.system.order).toEqual(["c-arden", "c-brin", "c-cole"]);
    expect(world.chat.length).toBe(3);
  });

  it("one joining in the styles does not hold the round up; it declares next round", async () => {
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    combat.add(seat("eve", 12, 12, "melee", ["player"]));
    await chooseStyles(combat);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(at(combat)).toBe("1:action:c-arden");
  });
});

describe("styles and what goes with them", () => {
  it("a sheet that knows no style is offered all four, and the round does not wait on it", async () => {
    const hud = await import("../../../apps/combat-tracker/combat-hud");
    const combat = await fight();
    const none = { fullAttack: false, fullParry: false, parryRiposte: false, attackParry: false };
    combat.add(seat("fenn", 12, 13, "melee", [], none));
    await declareAll(combat);
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "declare", ["c-fenn"], { action: "melee", target: "c-arden" })).toBe(true);
    world.diceValues.push(9, 4, 6, 6, 1);
    await combat.nextTurn();
    const fenn = combat.combatants.get("c-fenn")! as unknown as Combatant.Implementation;
    expect(hud.tokenPaletteFor(fenn)?.entries.map((e) => e.id)).toEqual([
      "style:fullAttack",
      "style:fullParry",
      "style:parryRiposte",
      "style:attackParry",
      "options:style",
    ]);
    await chooseStyles(combat);
    expect(await ask(gm, "style", ["c-fenn"], { style: "fullParry" })).toBe(true);
    await combat.nextTurn();
    expect(world.warnings).toEqual([]);
    expect(String(combat.system.phase)).toBe("action");
  });

  it("a stated blow and a split parry chosen by macro are kept when a click names only the style", async () => {
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    const gm = combat as unknown as Combat.Implementation;
    expect(await ask(gm, "style", ["c-cole"], { style: "attackParry", split: 2, statedBlow: "slash" })).toBe(
      true,
    );
    expect(await ask(gm, "style", ["c-cole"], { style: "fullParry" })).toBe(true);
    expect(record(combat, "c-cole")).toMatchObject({ style: "fullParry", split: 2, statedBlow: "slash" });
    // A Full Attack splits no parry (SHA-STY-3): the split goes, the stated blow stays.
    expect(await ask(gm, "style", ["c-cole"], { style: "fullAttack" })).toBe(true);
    expect(record(combat, "c-cole")).toMatchObject({ style: "fullAttack", split: 0, statedBlow: "slash" });
    // Said outright, none.
    expect(await ask(gm, "style", ["c-cole"], { style: "attackParry", statedBlow: null })).toBe(true);
    expect(record(combat, "c-cole")).toMatchObject({ statedBlow: null });
  });
});

describe("the style's dialog", () => {
  type Config = { window: { title: string }; content: string; buttons: { action: string }[] };

  /**
   * Foundry's dialog for the style as the player answers it: the real
   * template drawn, and the form sent back with `answer`, each value one
   * the drawn dialog offers (unless `forged`: a form tampered with).
   */
  async function answering(answer: Record<string, string>, forged = false) {
    const { createTemplateRenderer } = await import("../../../../test/handlebars/render");
    const html = await import("../../../../test/handlebars/html");
    const renderer = createTemplateRenderer();
    const apps = foundry.applications as unknown as {
      handlebars: { renderTemplate: unknown };
      api: { DialogV2?: unknown };
    };
    const saved = { render: apps.handlebars.renderTemplate, dialog: apps.api.DialogV2 };
    const shown: Config[] = [];
    apps.handlebars.renderTemplate = async (path: string, context: object) => renderer.render(path, context);
    apps.api.DialogV2 = {
      wait: async (config: Config) => {
        shown.push(config);
        const root = html.parse(config.content);
        for (const [name, value] of Object.entries(answer)) {
          const offered = html
            .byAttr(root, "name", name)
            .flatMap((el) => (el.name === "select" ? html.byTag(el, "option") : [el]))
            .map((el) => el.attribs.value);
          if (!forged) expect(offered).toContain(value);
        }
        return { ...answer };
      },
    };
    return {
      shown,
      restore() {
        apps.handlebars.renderTemplate = saved.render;
        apps.api.DialogV2 = saved.dialog;
      },
    };
  }

  async function rolled(): Promise<Combat> {
    const combat = await fight();
    await declareAll(combat);
    world.diceValues.push(9, 4, 6, 6);
    await combat.nextTurn();
    return combat;
  }

  const rowsAs = (combat: Combat, user: StandInUser) => {
    world.setUser(user);
    return Object.fromEntries(
      tracker
        .combatView(combat as unknown as Combat.Implementation)
        .groups.flatMap((g) => g.rows)
        .map((r) => [r.id, r.part?.data as Loose | undefined]),
    );
  };

  it("SHA-STY-2: a player's style with a split parry, a stated blow (SHA-BLW-1) and a called shot (SHA-CAL-1), from the Token HUD, reaches the GM's record; the row shows them to the owner and the GM only", async () => {
    const hud = await import("../../../apps/combat-tracker/combat-hud");
    const combat = await rolled();
    world.setUser(world.player);
    const arden = combat.combatants.get("c-arden")! as unknown as Combatant.Implementation;
    expect(hud.tokenPaletteFor(arden)?.entries.at(-1)).toMatchObject({
      id: "options:style",
      label: "SHARENE.Combat.Style.Open",
      active: false,
    });
    const dialog = await answering({
      style: "parryRiposte",
      split: "2",
      statedBlow: "thrust",
      called: "location:head",
    });
    try {
      expect(await hud.choosePaletteEntry(arden, "options:style")).toBe(true);
    } finally {
      dialog.restore();
    }
    expect(dialog.shown.map((d) => d.window.title)).toEqual(['SHARENE.Combat.Style.Title {"name":"Arden"}']);
    expect(dialog.shown[0]!.buttons.map((b) => b.action)).toEqual(["choose", "cancel"]);
    expect(world.warnings).toEqual([]);
    world.setUser(world.gm);
    expect(record(combat, "c-arden")).toMatchObject({
      style: "parryRiposte",
      split: 2,
      statedBlow: "thrust",
      called: { kind: "location", location: "head" },
    });
    const options =
      'SHARENE.Combat.Tracker.Split {"count":"2"} · SHARENE.Blow.thrust · SHARENE.Location.head';
    expect(rowsAs(combat, world.gm)["c-arden"]).toMatchObject({ styleOptions: options });
    expect(rowsAs(combat, world.player)["c-arden"]).toMatchObject({
      style: "SHARENE.Style.parryRiposte",
      styleOptions: options,
    });
    // The other player sees neither before the actions begin, as the row hides the style.
    expect(rowsAs(combat, world.other)["c-arden"]).toMatchObject({ style: null, styleOptions: null });
    world.setUser(world.player);
    expect(hud.tokenPaletteFor(arden)?.entries.at(-1)).toMatchObject({ active: true });
    world.setUser(world.gm);
    await chooseStylesOf(combat, ["c-brin", "c-cole", "c-dara"]);
    await combat.nextTurn();
    expect(at(combat)).toBe("1:action:c-arden");
    expect(rowsAs(combat, world.other)["c-arden"]).toMatchObject({ styleOptions: options });
  });

  it("SHA-BLW-1: a stated blow the weapon does not deal is refused in the dialog and at the GM, nothing written", async () => {
    const hud = await import("../../../apps/combat-tracker/combat-hud");
    const combat = await rolled();
    // Brin's bow only thrusts: the dialog offers no slash, and a tampered form asking one is refused before it is sent.
    world.setUser(world.other);
    const brin = combat.combatants.get("c-brin")! as unknown as Combatant.Implementation;
    const dialog = await answering({ style: "fullParry", split: "0", statedBlow: "slash", called: "" }, true);
    try {
      expect(await hud.choosePaletteEntry(brin, "options:style")).toBe(false);
    } finally {
      dialog.restore();
    }
    expect(dialog.shown[0]!.content).not.toContain('value="slash"');
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.BlowNotDealt {"name":"Brin"}']);
    world.setUser(world.gm);
    expect(record(combat, "c-brin")).toMatchObject({ style: null, statedBlow: null });
    // Sent anyway, straight to the GM: refused by the round's rules, in the same words.
    expect(
      await asUser(
        world.other,
        payload(combat, "style", ["c-brin"], { style: "fullParry", statedBlow: "slash" }),
      ),
    ).toMatchObject({ ok: false, key: "SHARENE.Combat.Refusal.BlowNotDealt" });
    expect(record(combat, "c-brin")).toMatchObject({ style: null, statedBlow: null });
  });

  it("the row's menu: Style… closes the menu, opens the dialog, and its answer is the style action", async () => {
    const { openShareneRoundMenu } = await import("./round-menu-open");
    const combat = await rolled();
    const dara = combat.combatants.get("c-dara")! as unknown as Combatant.Implementation;
    // The menu's element as the browser makes it, reduced to what the menu touches.
    let drawn = "";
    let onClick: ((event: unknown) => Promise<void>) | null = null;
    let removed = 0;
    const menu = {
      addEventListener: (_: string, f: (event: unknown) => Promise<void>) => {
        onClick = f;
      },
      remove: () => {
        removed += 1;
      },
      querySelector: () => null,
    };
    const holder = {
      set innerHTML(value: string) {
        drawn = value;
      },
      firstElementChild: menu,
    };
    const saved = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = { createElement: () => holder };
    const dialog = await answering({
      style: "parryRiposte",
      split: "0",
      statedBlow: "thrust",
      called: "effect:cutEquipment",
    });
    try {
      const gm = combat as unknown as Combat.Implementation;
      expect(
        await openShareneRoundMenu({
          combatant: dara,
          target: {} as HTMLElement,
          viewer: { isGM: true, owner: true } as never,
          ask: (action, data) => ask(gm, action, ["c-dara"], data),
        }),
      ).toBe(menu);
      expect(drawn).toContain("data-style-options");
      const options = { disabled: false, dataset: { styleOptions: "" } };
      let stopped = false;
      await onClick!({ target: { closest: () => options }, stopPropagation: () => (stopped = true) });
      expect([stopped, removed]).toEqual([true, 1]);
    } finally {
      dialog.restore();
      (globalThis as { document?: unknown }).document = saved;
    }
    expect(dialog.shown.map((d) => d.window.title)).toEqual(['SHARENE.Combat.Style.Title {"name":"Dara"}']);
    expect(record(combat, "c-dara")).toMatchObject({
      style: "parryRiposte",
      split: 0,
      statedBlow: "thrust",
      called: { kind: "effect", effect: "cutEquipment" },
    });
  });

  it("SHA-STY-3: the sheet's Style…: a split with a Full Attack is refused and changes nothing; the GM's choice is written", async () => {
    const { ShareneActorSheet } = await import("../apps/sheets/actor-sheet");
    const { shareneSheetRound } = await import("../apps/sheets/round-panel");
    const combat = await rolled();
    const cole = combat.combatants.get("c-cole")!.actor! as unknown as Actor.Implementation;
    const panel = shareneSheetRound(cole, "sheet-cole")!;
    expect(panel.options).toMatchObject({ label: "SHARENE.Combat.Style.Open" });
    // Drawn from the real template: Style... is a named button after the styles, reached with the keyboard.
    const { createTemplateRenderer } = await import("../../../../test/handlebars/render");
    const html = await import("../../../../test/handlebars/html");
    const { shareneActorSheetContext } = await import("../apps/sheets/actor-context");
    const { shareneActorData } = await import("../apps/sheets/sheet-data");
    const { SHARENE_ACTOR_PARTS } = await import("../apps/sheets/parts");
    const { SHARENE_DEFAULTS } = await import("../../../rules/sharene/config");
    const renderer = createTemplateRenderer();
    const context = {
      ...shareneActorSheetContext(shareneActorData(cole)!, {
        editable: true,
        idPrefix: "sheet-cole",
        rules: SHARENE_DEFAULTS,
      }),
      round: panel,
    };
    const drawn = Object.values(SHARENE_ACTOR_PARTS)
      .map((part) => renderer.render(part.template, context))
      .join("\n");
    expect(html.badButtons(drawn)).toEqual([]);
    expect(html.mouseOnlyActions(drawn)).toEqual([]);
    const [styleButton] = html.byAttr(html.parse(drawn), "data-action", "shareneStyleOptions");
    expect(styleButton?.name).toBe("button");
    expect(styleButton?.attribs["aria-haspopup"]).toBe("dialog");
    expect(html.text(styleButton!)).toBe("SHARENE.Combat.Style.Open");
    const onOptions = ShareneActorSheet.DEFAULT_OPTIONS.actions!.shareneStyleOptions as unknown as (
      this: unknown,
      event: unknown,
      target: unknown,
    ) => Promise<void>;
    const button = { closest: () => ({ dataset: { combatantId: "c-cole" } }) };
    const full = await answering({ style: "fullAttack", split: "2", statedBlow: "", called: "" });
    try {
      await onOptions.call({}, {}, button);
    } finally {
      full.restore();
    }
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.BadSplit {"name":"Cole"}']);
    expect(record(combat, "c-cole")).toMatchObject({ style: null, split: 0 });
    const chosen = await answering({
      style: "attackParry",
      split: "3",
      statedBlow: "slash",
      called: "effect:disarm",
    });
    try {
      await onOptions.call({}, {}, button);
    } finally {
      chosen.restore();
    }
    expect(record(combat, "c-cole")).toMatchObject({
      style: "attackParry",
      split: 3,
      statedBlow: "slash",
      called: { kind: "effect", effect: "disarm" },
    });
  });

  it("SHA-CAL-1: a called shot is checked against the world's location table, the one its blow is rolled on", async () => {
    const { registerFangsConfig } = await import("../../../config/fangs-config");
    const { calledChoices } = await import("./style-dialog");
    registerFangsConfig();
    const hitLocations = (CONFIG as unknown as { FANGS: { hitLocations: Record<string, unknown> } }).FANGS
      .hitLocations;
    const saved = hitLocations["sharene.d20"];
    // A world whose legs are one location: no blow can land on the right leg.
    hitLocations["sharene.d20"] = {
      ...SHARENE_HIT_LOCATIONS,
      locations: [
        ...SHARENE_HIT_LOCATIONS.locations.filter((l) => !l.id.endsWith("Leg")),
        { id: "legs", labelKey: "FANGS.HitLocation.RightLeg", limb: true },
      ],
      ranges: [...SHARENE_HIT_LOCATIONS.ranges.slice(0, 4), { from: 13, to: 20, location: "legs" }],
    };
    try {
      const combat = await rolled();
      expect(
        calledChoices(SHARENE_DEFAULTS).some(
          (c) => c.shot.kind === "location" && c.shot.location === "rightLeg",
        ),
      ).toBe(false);
      expect(
        await asUser(
          world.player,
          payload(combat, "style", ["c-arden"], {
            style: "attackParry",
            called: { kind: "location", location: "rightLeg" },
          }),
        ),
      ).toMatchObject({ ok: false, key: "SHARENE.Combat.Refusal.UnknownCalledShot" });
      expect(record(combat, "c-arden")).toMatchObject({ style: null, called: null });
    } finally {
      hitLocations["sharene.d20"] = saved;
    }
  });
});
