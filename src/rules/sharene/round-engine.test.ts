import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expectRulesError,
  fighter,
  fresh,
  HALBERD,
  THROWING_KNIFE,
} from "../../../test/support/sharene-fixtures";
import { ScriptedDice, SeededDice } from "../kernel/dice";
import { rollLength, startTimer } from "../kernel/timed-status";
import { resolveShareneOptions, SHARENE_DEFAULTS, type ShareneOptions } from "./config";
import { shareneTimedStatuses } from "./effect-kinds";
import {
  acting,
  attacksOnTurn,
  beginActions,
  declareAction,
  declareStyle,
  declineRiposte,
  defenseOptions,
  endTurn,
  type FightView,
  offerAttack,
  offerRiposte,
  opponentsOf,
  resolveAttack,
  rollInitiative,
  type ShareneRound,
  type StyleDeclaration,
  startRound,
} from "./round-engine";
import { SHARENE_PHASES, shareneRuleset } from "./ruleset";
import type { ShareneCondition, ShareneFighter, Style } from "./types";

/*
 * Three fighters with round numbers: attack 14, parry 12, dodge 10 (the
 * Sword of the fixtures), AGI 13, DEX 12, 30 life points.
 */
const AL = fighter("al");
const BO = fighter("bo");
const CY = fighter("cy");

function viewOf(
  sheets: ShareneFighter[],
  conditions: Record<string, Partial<ShareneCondition>> = {},
): FightView {
  const byId = new Map(sheets.map((s) => [s.id, s]));
  return {
    sheet: (id) => byId.get(id)!,
    condition: (id) => fresh(byId.get(id)!, conditions[id] ?? {}),
  };
}

const DUEL = viewOf([AL, BO]);

/**
 * A round declared and rolled up to the action phase: `targets` says who
 * attacks whom, `styles` each one's style; the initiative d10s in fighter
 * order come from `initiative`.
 */
function ready(
  view: FightView,
  ids: string[],
  targets: Record<string, string | null>,
  styles: Record<string, Style | StyleDeclaration>,
  initiative: number[],
  options?: ShareneOptions,
): ShareneRound {
  const rules = resolveShareneOptions(options);
  let round = startRound(
    null,
    ids.map((id) => ({ id, outOfAction: false })),
  );
  for (const id of ids) round = declareAction(round, id, { target: targets[id] ?? null, action: "melee" });
  round = rollInitiative(round, view, new ScriptedDice(initiative), rules);
  for (const id of ids) {
    const s = styles[id]!;
    round = declareStyle(round, id, typeof s === "string" ? { style: s } : s, view, rules);
  }
  return beginActions(round);
}

describe("the round", () => {
  it("SHA-RND-1: a round lasts 3 seconds: out of combat, 1d10 rounds unconscious run on 3 s a round", () => {
    expect(SHARENE_DEFAULTS.secondsPerRound).toBe(3);
    const { length } = rollLength(SHARENE_DEFAULTS.durations.knockedOut, new ScriptedDice([4]));
    expect(
      startTimer(length, { worldTime: 100, combat: null, secondsPerRound: SHARENE_DEFAULTS.secondsPerRound }),
    ).toEqual({ clock: "seconds", startTime: 100, seconds: 12 });
  });

  it("SHA-RND-1: the kernel ruleset's three phases; only the action phase takes turns", () => {
    expect(shareneRuleset.id).toBe("sharene");
    expect(SHARENE_PHASES.map((p) => [p.id, p.takesTurns])).toEqual([
      ["declare", false],
      ["style", false],
      ["action", true],
    ]);
  });

  it("SHA-CON-1: a knockout's length is the GM's data: the timed statuses are built from the options", () => {
    const rules = resolveShareneOptions({
      durations: { ...SHARENE_DEFAULTS.durations, knockedOut: { dice: "1d6", unit: "rounds" } },
    });
    expect(shareneTimedStatuses(rules).find((d) => d.id === "sharene.knockedOut")?.duration).toEqual({
      dice: "1d6",
      unit: "rounds",
    });
    expectRulesError(
      () =>
        resolveShareneOptions({
          durations: { ...SHARENE_DEFAULTS.durations, coma: { dice: "1d6-1d6", unit: "minutes" } },
        }),
      "invalid-timed-status",
    );
  });
});

describe("initiative", () => {
  it("SHA-INI-1: 1d10 + AGI for a sword, + DEX for a throw; the highest attacks first", () => {
    const thrower = fighter("cy", { weapon: THROWING_KNIFE, dex: 16, agi: 9 });
    const view = viewOf([AL, BO, thrower]);
    let round = startRound(null, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
      { id: "cy", outOfAction: false },
    ]);
    round = declareAction(round, "al", { target: "bo", action: "melee" });
    round = declareAction(round, "bo", { target: "al", action: "melee" });
    round = declareAction(round, "cy", { target: "al", action: "thrown" });
    round = rollInitiative(round, view, new ScriptedDice([2, 6, 1]));
    expect(round.fighters.map((f) => f.initiative)).toEqual([
      { roll: 2, ability: "agi", abilityValue: 13, total: 15 },
      { roll: 6, ability: "agi", abilityValue: 13, total: 19 },
      { roll: 1, ability: "dex", abilityValue: 16, total: 17 },
    ]);
    expect(round.slots).toEqual(["bo", "cy", "al"]);
    expect(round.phase).toBe("style");
  });

  it("SHA-INI-1: initiative is rolled each round: a new round clears it, and rolls again", () => {
    let round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    expect(round.slots).toEqual(["al", "bo"]);
    round = startRound(round, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
    ]);
    expect(round.round).toBe(2);
    expect(round.fighters.every((f) => f.initiative === null && f.style === null)).toBe(true);
    round = declareAction(round, "al", { target: "bo", action: "melee" });
    round = declareAction(round, "bo", { target: "al", action: "melee" });
    expect(rollInitiative(round, DUEL, new ScriptedDice([1, 9])).slots).toEqual(["bo", "al"]);
  });

  it("SHA-INI-1: a tie goes to the higher ability added; a tie on both acts at once", () => {
    const quick = fighter("bo", { agi: 14 });
    const view = viewOf([AL, quick, CY]);
    let round = startRound(
      null,
      ["al", "bo", "cy"].map((id) => ({ id, outOfAction: false })),
    );
    for (const [id, target] of [
      ["al", "bo"],
      ["bo", "al"],
      ["cy", "al"],
    ] as const)
      round = declareAction(round, id, { target, action: "melee" });
    // al 5 + 13 = 18, bo 4 + 14 = 18, cy 5 + 13 = 18: bo first (AGI 14), then al and cy together.
    round = rollInitiative(round, view, new ScriptedDice([5, 4, 5]));
    expect(round.slots).toEqual(["bo", ["al", "cy"]]);
    expect(
      shareneRuleset.turnOrder("action", [
        { id: "x", orderValue: 12, outOfAction: true, facts: { ability: 9 } },
        { id: "y", orderValue: 12, outOfAction: false, facts: { ability: 9 } },
      ]),
    ).toEqual(["y"]);
  });

  it("SHA-INI-1: everyone declares first; an undeclared fighter, a bad target or action is refused", () => {
    let round = startRound(null, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
    ]);
    expectRulesError(() => declareAction(round, "al", { target: "al", action: "melee" }), "round-refused");
    expectRulesError(() => declareAction(round, "al", { target: "zed", action: "melee" }), "round-refused");
    expectRulesError(
      () => declareAction(round, "al", { target: "bo", action: "sorcery" as never }),
      "round-refused",
      /"sorcery" is not an action/,
    );
    round = declareAction(round, "al", { target: "bo", action: "melee" });
    expectRulesError(
      () => rollInitiative(round, DUEL, new ScriptedDice([1, 1])),
      "round-refused",
      /bo has not/,
    );
    expectRulesError(
      () => declareStyle(round, "al", { style: "fullAttack" }, DUEL),
      "round-refused",
      /phase/,
    );
  });
});

describe("styles", () => {
  it("SHA-STY-6: Attack and Parry changes nothing: attack at the skill, parry at the parry skill", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    const offer = offerAttack(round, "al", DUEL);
    expect(offer).toMatchObject({ ok: true, attack: { defenderId: "bo", dn: { dn: 14, dfRaw: 0 } } });
    if (!offer.ok) throw new Error("no offer");
    expect(defenseOptions(round, offer.attack, DUEL).map((o) => [o.defense, o.dn.dn])).toEqual([
      ["parry", 12],
      ["dodge", 10],
    ]);
  });

  it("SHA-STY-1: against one opponent, one attack and one parry or dodge a round", () => {
    let round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    // al attacks (d20 15: missed), bo parries (d20 3).
    let r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([15, 3]));
    expect(r.exchange.outcome).toBe("miss");
    round = endTurn(r.round);
    expect(acting(round)).toEqual(["bo"]);
    expectRulesError(
      () => resolveAttack(round, { attackerId: "al" }, null, DUEL, new ScriptedDice([])),
      "round-refused",
      /NotTheirTurn/,
    );
    // bo attacks; al parries: al has its one defense.
    r = resolveAttack(round, { attackerId: "bo" }, "dodge", DUEL, new ScriptedDice([15, 3]));
    expect(r.round.fighters.find((f) => f.id === "al")?.defenses).toBe(1);
    const offer = { attackerId: "bo", defenderId: "bo", riposte: false, dn: r.exchange.attack.dn };
    // bo has already used its one defense against its one opponent.
    expect(defenseOptions(r.round, { ...offer, defenderId: "bo" }, DUEL)).toEqual([]);
    expect(endTurn(r.round).phase).toBe("end");
  });

  it("SHA-STY-2: against several opponents, two defenses: −2 on the first, −4 on the second, then none", () => {
    const view = viewOf([AL, BO, CY]);
    let round = ready(
      view,
      ["al", "bo", "cy"],
      { al: "bo", bo: "al", cy: "al" },
      { al: "attackParry", bo: "attackParry", cy: "attackParry" },
      [1, 9, 5],
    );
    expect(round.slots).toEqual(["bo", "cy", "al"]);
    const r1 = resolveAttack(round, { attackerId: "bo" }, "parry", view, new ScriptedDice([18, 2]));
    expect(r1.exchange.defense?.dn).toMatchObject({ df: -2, dn: 10 });
    round = endTurn(r1.round);
    const offer = offerAttack(round, "cy", view);
    if (!offer.ok) throw new Error("no offer");
    expect(defenseOptions(round, offer.attack, view).map((o) => [o.defense, o.dn.dn])).toEqual([
      ["parry", 8],
      ["dodge", 6],
    ]);
    const r2 = resolveAttack(round, { attackerId: "cy" }, "dodge", view, new ScriptedDice([18, 2]));
    expect(r2.exchange.defense).toMatchObject({ kind: "dodge", dn: { df: -4, dn: 6 } });
    expect(defenseOptions(r2.round, offer.attack, view)).toEqual([]);
  });

  it("SHA-INI-1: the attack is made with a weapon of the kind declared: a sword after declaring a throw is refused", () => {
    let round = startRound(null, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
    ]);
    // al's sword is a melee weapon; declaring a throw would have added DEX to its initiative.
    round = declareAction(round, "al", { target: "bo", action: "thrown" });
    round = declareAction(round, "bo", { target: "al", action: "melee" });
    round = rollInitiative(round, DUEL, new ScriptedDice([9, 1]));
    round = declareStyle(round, "al", { style: "attackParry" }, DUEL);
    round = beginActions(declareStyle(round, "bo", { style: "attackParry" }, DUEL));
    expect(offerAttack(round, "al", DUEL)).toEqual({ ok: false, reason: "WrongWeapon" });
  });

  it("SHA-STY-2: an opponent downed after the first defense still counts: the second is at −4", () => {
    const view = viewOf([AL, BO, CY]);
    let round = ready(
      view,
      ["al", "bo", "cy"],
      { al: "cy", bo: "al", cy: "al" },
      { al: "attackParry", bo: "attackParry", cy: "attackParry" },
      [1, 9, 5],
    );
    const r1 = resolveAttack(round, { attackerId: "bo" }, "parry", view, new ScriptedDice([18, 2]));
    expect(r1.exchange.defense?.dn).toMatchObject({ df: -2 });
    // The table reads bo as out of the fight once a blow it took is applied.
    round = endTurn({
      ...r1.round,
      fighters: r1.round.fighters.map((f) => (f.id === "bo" ? { ...f, outOfAction: true } : f)),
    });
    const offer = offerAttack(round, "cy", view);
    if (!offer.ok) throw new Error("no offer");
    expect(defenseOptions(round, offer.attack, view).map((o) => [o.defense, o.dn.df])).toEqual([
      ["parry", -4],
      ["dodge", -4],
    ]);
  });

  it("SHA-STY-2: a split parry: each parry at −2, the DN divided by the parries, rounded down; no dodge", () => {
    const view = viewOf([AL, BO, CY]);
    const round = ready(
      view,
      ["al", "bo", "cy"],
      { al: "bo", bo: "al", cy: "al" },
      { al: { style: "attackParry", split: 2 }, bo: "attackParry", cy: "attackParry" },
      [1, 9, 5],
    );
    const offer = offerAttack(round, "bo", view);
    if (!offer.ok) throw new Error("no offer");
    // (12 − 2) / 2 = 5.
    expect(defenseOptions(round, offer.attack, view).map((o) => [o.defense, o.dn.dn])).toEqual([
      ["parry", 5],
    ]);
    const r = resolveAttack(round, { attackerId: "bo" }, "parry", view, new ScriptedDice([18, 2]));
    const again = endTurn(r.round);
    const offer2 = offerAttack(again, "cy", view);
    if (!offer2.ok) throw new Error("no offer");
    expect(defenseOptions(again, offer2.attack, view).map((o) => o.dn.dn)).toEqual([5]);
    const split3 = ready(
      view,
      ["al", "bo", "cy"],
      { al: "bo", bo: "al", cy: "al" },
      { al: { style: "attackParry", split: 3 }, bo: "attackParry", cy: "attackParry" },
      [1, 9, 5],
    );
    // (12 − 2) / 3 = 3.33 → 3.
    expect(defenseOptions(split3, offer.attack, view).map((o) => o.dn.dn)).toEqual([3]);
    expectRulesError(
      () =>
        ready(
          view,
          ["al", "bo", "cy"],
          { al: "bo", bo: "al", cy: "al" },
          {
            al: { style: "attackParry", split: 1 },
            bo: "attackParry",
            cy: "attackParry",
          },
          [1, 9, 5],
        ),
      "round-refused",
      /split parry/,
    );
  });

  it("SHA-STY-3: Full Attack: +1 to the attack, one reflex defense at −5, no split parry", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "fullAttack", bo: "attackParry" },
      [9, 1],
    );
    const offer = offerAttack(round, "al", DUEL);
    expect(offer).toMatchObject({ ok: true, attack: { dn: { dn: 15 } } });
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([18, 2]));
    const turn2 = endTurn(r.round);
    const back = offerAttack(turn2, "bo", DUEL);
    if (!back.ok) throw new Error("no offer");
    expect(defenseOptions(turn2, back.attack, DUEL).map((o) => [o.defense, o.dn.dn])).toEqual([
      ["parry", 7],
      ["dodge", 5],
    ]);
    expectRulesError(
      () => declareStyle(rollAgain(), "al", { style: "fullAttack", split: 2 }, DUEL),
      "round-refused",
      /Full Attack/,
    );
  });

  it("SHA-STY-3: whoever parries a Full Attack attacks at −4 afterwards; a dodge costs nothing", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "fullAttack", bo: "attackParry" },
      [9, 1],
    );
    const parried = endTurn(
      resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([18, 2])).round,
    );
    expect(offerAttack(parried, "bo", DUEL)).toMatchObject({
      ok: true,
      attack: { dn: { dn: 10, dfRaw: -4 } },
    });
    const dodged = endTurn(
      resolveAttack(round, { attackerId: "al" }, "dodge", DUEL, new ScriptedDice([18, 2])).round,
    );
    expect(offerAttack(dodged, "bo", DUEL)).toMatchObject({ ok: true, attack: { dn: { dn: 14 } } });
  });

  it("SHA-STY-3: a Full Attack allows no second defense, even against several opponents", () => {
    const view = viewOf([AL, BO, CY]);
    const round = ready(
      view,
      ["al", "bo", "cy"],
      { al: "bo", bo: "al", cy: "al" },
      { al: "fullAttack", bo: "attackParry", cy: "attackParry" },
      [1, 9, 5],
    );
    const r = resolveAttack(round, { attackerId: "bo" }, "parry", view, new ScriptedDice([18, 2]));
    expect(r.exchange.defense?.dn.dn).toBe(7);
    const next = endTurn(r.round);
    const offer = offerAttack(next, "cy", view);
    if (!offer.ok) throw new Error("no offer");
    expect(defenseOptions(next, offer.attack, view)).toEqual([]);
  });

  it("SHA-STY-4: Full Parry: +1 to the parry, no attack of its own", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "fullParry" },
      [1, 9],
    );
    expect(offerAttack(round, "bo", DUEL)).toEqual({ ok: false, reason: "StyleDoesNotAttack" });
    const next = endTurn(round);
    const offer = offerAttack(next, "al", DUEL);
    if (!offer.ok) throw new Error("no offer");
    expect(defenseOptions(next, offer.attack, DUEL).map((o) => [o.defense, o.dn.dn])).toEqual([
      ["parry", 13],
      ["dodge", 11],
    ]);
  });

  it("SHA-STY-4: after a made parry, a reflex riposte at −5; after a failed one, none", () => {
    const round = endTurn(
      ready(DUEL, ["al", "bo"], { al: "bo", bo: "al" }, { al: "attackParry", bo: "fullParry" }, [1, 9]),
    );
    const made = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([10, 12]));
    expect(made.exchange.outcome).toBe("parried");
    expect(made.round.pendingRiposte).toEqual({
      from: "bo",
      to: "al",
      parts: [{ source: "reflexRiposte", df: -5 }],
    });
    expect(offerRiposte(made.round, DUEL)?.dn.dn).toBe(9);
    // al missed and bo's parry (at 13) failed too: nothing to riposte from.
    const failed = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([16, 14]));
    expect(failed.round.pendingRiposte).toBeNull();
  });
});

describe("Parry and Riposte", () => {
  const pr = (options?: ShareneOptions) =>
    endTurn(
      ready(
        DUEL,
        ["al", "bo"],
        { al: "bo", bo: "al" },
        { al: "attackParry", bo: "parryRiposte" },
        [1, 9],
        options,
      ),
    );
  // al attacks at 14, bo parries at 12. A roll's margin sets its level: 0–4 Normal, 5–9 High, 10+ Special.
  const riposte = (attackRoll: number, parryRoll: number, options?: ShareneOptions) => {
    const dice = new ScriptedDice([attackRoll, parryRoll]);
    const r = resolveAttack(
      pr(options),
      { attackerId: "al" },
      "parry",
      DUEL,
      dice,
      resolveShareneOptions(options),
    );
    return r.round.pendingRiposte?.parts;
  };

  it.each([
    ["a parry of a higher level than the attack: no penalty", 12, 2, 0, "better"],
    ["an equal level: −4", 12, 10, -4, "notBetter"],
    ["a lower level: −4", 4, 10, -4, "notBetter"],
    ["a missed attack and any made parry: no penalty", 16, 10, 0, "better"],
    ["a failed parry: −8", 16, 13, -8, "failed"],
  ])("SHA-STY-5: %s", (_what, attackRoll, parryRoll, df, reading) => {
    expect(riposte(attackRoll, parryRoll)).toEqual([{ source: `riposte:${reading}`, df }]);
  });

  it.each([
    ["a parry of a lower level opens it", 4, 10, 0, "better"],
    ["an equal level: −4", 12, 10, -4, "notBetter"],
    ["a higher level: −4", 12, 2, -4, "notBetter"],
    ["a failed parry: −8", 16, 13, -8, "failed"],
  ])("SHA-STY-5: read as written (a GM option), %s", (_what, attackRoll, parryRoll, df, reading) => {
    expect(riposte(attackRoll, parryRoll, { riposteReading: "asWritten" })).toEqual([
      { source: `riposte:${reading}`, df },
    ]);
  });

  it("SHA-STY-5: no attack of its own; the riposte is −4 to parry, once a round, and deals half damage", () => {
    const start = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "parryRiposte" },
      [1, 9],
    );
    expect(offerAttack(start, "bo", DUEL)).toEqual({ ok: false, reason: "StyleDoesNotAttack" });
    const round = endTurn(start);
    const parried = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([12, 2]));
    const offer = offerRiposte(parried.round, DUEL)!;
    expect(offer).toMatchObject({ attackerId: "bo", defenderId: "al", riposte: true, dn: { dn: 14 } });
    expect(defenseOptions(parried.round, offer, DUEL).map((o) => [o.defense, o.dn.dn])).toEqual([
      ["parry", 8],
      ["dodge", 6],
    ]);
    // bo ripostes (d20 7), al parries (d20 9: fails at 8). Slash (d10 2), torso (d20 10), 1d8: 8 → 4.
    const dice = new ScriptedDice([7, 9, 2, 10, 8]);
    const hit = resolveAttack(parried.round, { attackerId: "bo", riposte: true }, "parry", DUEL, dice);
    expect(hit.exchange).toMatchObject({ riposte: true, outcome: "hit", damage: { rolled: 4, damage: 4 } });
    expect(dice.remaining).toBe(0);
    expect(hit.round.pendingRiposte).toBeNull();
    expect(hit.round.fighters.find((f) => f.id === "bo")?.riposted).toBe(true);
    expectRulesError(
      () => resolveAttack(hit.round, { attackerId: "bo", riposte: true }, null, DUEL, new ScriptedDice([])),
      "round-refused",
      /no riposte/,
    );
  });

  it("SHA-STY-5: wounded through a failed parry, the riposte still comes, at −8", () => {
    // al hits at 12; bo's parry 13 fails; slash (d10 1), torso (d20 10), 1d8: 3.
    const dice = new ScriptedDice([12, 13, 1, 10, 3]);
    const r = resolveAttack(pr(), { attackerId: "al" }, "parry", DUEL, dice);
    expect(r.exchange).toMatchObject({ outcome: "hit", damage: { damage: 3 } });
    expect(r.round.pendingRiposte?.parts).toEqual([{ source: "riposte:failed", df: -8 }]);
    expect(offerRiposte(r.round, DUEL)?.dn.dn).toBe(6);
    expect(dice.remaining).toBe(0);
  });

  it("SHA-STY-5: a dodge opens no riposte; a riposte must be taken or declined before the round goes on", () => {
    const dodged = resolveAttack(pr(), { attackerId: "al" }, "dodge", DUEL, new ScriptedDice([12, 2]));
    expect(dodged.round.pendingRiposte).toBeNull();
    const parried = resolveAttack(pr(), { attackerId: "al" }, "parry", DUEL, new ScriptedDice([12, 2]));
    expectRulesError(() => endTurn(parried.round), "round-refused", /riposte waits/);
    expect(endTurn(declineRiposte(parried.round)).phase).toBe("end");
  });

  it("SHA-STY-5: a riposte after parrying a Full Attack carries the −4 too", () => {
    const round = endTurn(
      ready(DUEL, ["al", "bo"], { al: "bo", bo: "al" }, { al: "fullAttack", bo: "parryRiposte" }, [1, 9]),
    );
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([12, 2]));
    expect(r.round.pendingRiposte?.parts).toEqual([
      { source: "riposte:better", df: 0 },
      { source: "parriedFullAttack", df: -4 },
    ]);
    // al defends the riposte with its one reflex defense: −5 and −4.
    expect(defenseOptions(r.round, offerRiposte(r.round, DUEL)!, DUEL).map((o) => o.dn.dn)).toEqual([3, 1]);
  });

  it("SHA-STY-5: a riposter the blow knocks out or disarms ripostes no more", () => {
    const round = pr();
    // al hits: parry failed; torso, slash 1d8: 8 against bo at 9 life points: 1 left, out for hours.
    const view = viewOf([AL, BO], { bo: { lifePoints: 9 } });
    const r = resolveAttack(round, { attackerId: "al" }, "parry", view, new ScriptedDice([12, 13, 1, 10, 8]));
    expect(r.exchange.damage?.consciousness).toEqual({ kind: "lastPoint" });
    expect(r.round.pendingRiposte).toBeNull();
  });
});

describe("the attack resolved", () => {
  it("SHA-RES-1: attack and defense are rolled together, each under its own DN", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    const dice = new ScriptedDice([14, 12]);
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, dice);
    expect(r.exchange.attack.check).toMatchObject({ dn: 14, roll: 14, success: true, level: "normal" });
    expect(r.exchange.defense?.check).toMatchObject({ dn: 12, roll: 12, success: true, level: "normal" });
    expect(dice.remaining).toBe(0);
  });

  it("SHA-RES-1: the DF table's situations add to the roll they are named for", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    const r = resolveAttack(
      round,
      { attackerId: "al", situations: ["fromBehind"], defenseSituations: ["unstableFooting"] },
      "parry",
      DUEL,
      new ScriptedDice([18, 2]),
    );
    expect(r.exchange.attack.dn.dn).toBe(17);
    expect(r.exchange.defense?.dn.dn).toBe(10);
  });

  it("SHA-RES-1: a situation signed for the attacker (from behind) is refused on the defense's roll", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    expectRulesError(
      () =>
        resolveAttack(
          round,
          { attackerId: "al", defenseSituations: ["fromBehind"] },
          "parry",
          DUEL,
          new ScriptedDice([18, 2]),
        ),
      "invalid-value",
      /fromBehind/,
    );
  });

  it("SHA-RES-2: a parry made at any level stops an attack of a higher level", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    // Attack Special (margin 12), parry Normal (margin 0): parried.
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([2, 12]));
    expect(r.exchange).toMatchObject({ outcome: "parried", damage: null, effects: [] });
  });

  it("SHA-RES-2: a made attack at a Normal level hits when the parry fails; a missed attack never does", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    // 14 against 14: made; parry 13 fails. Torso, thrust (d10 6), 1d6: 4.
    const hit = resolveAttack(
      round,
      { attackerId: "al" },
      "parry",
      DUEL,
      new ScriptedDice([14, 13, 6, 11, 4]),
    );
    expect(hit.exchange).toMatchObject({ outcome: "hit", damage: { blow: { blow: "thrust" }, damage: 4 } });
    expect(hit.effects).toEqual([{ kind: "pool", actorId: "bo", pool: "lifePoints", amount: 4 }]);
    const miss = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([15, 20]));
    expect(miss.exchange.outcome).toBe("miss");
    const undefended = resolveAttack(round, { attackerId: "al" }, null, DUEL, new ScriptedDice([15]));
    expect(undefended.exchange).toMatchObject({ outcome: "miss", defense: null });
  });

  it("SHA-BLW-1: a stated blow is −2 to the attack and rolls no d10", () => {
    const view = viewOf([fighter("al", { weapon: HALBERD }), BO]);
    const round = ready(
      view,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: { style: "attackParry", statedBlow: "thrust" }, bo: "attackParry" },
      [9, 1],
    );
    // 13 − 2 = 11; d20 3 hits, no defense; torso; thrust 1d10: 7.
    const dice = new ScriptedDice([3, 10, 7]);
    const r = resolveAttack(round, { attackerId: "al" }, null, view, dice);
    expect(r.exchange.attack.dn).toMatchObject({ dn: 11, parts: [{ source: "statedBlow", df: -2 }] });
    expect(r.exchange.damage).toMatchObject({ blow: { blow: "thrust", roll: null }, damage: 7 });
    expect(dice.remaining).toBe(0);
    expectRulesError(
      () =>
        ready(
          DUEL,
          ["al", "bo"],
          { al: "bo", bo: "al" },
          {
            al: { style: "attackParry", statedBlow: "special" as never },
            bo: "attackParry",
          },
          [9, 1],
        ),
      "round-refused",
      /cannot state/,
    );
  });

  it("SHA-BLW-1: an unstated blow rolls the d10 in the exchange: a 9 with a halberd is its special attack", () => {
    const view = viewOf([fighter("al", { weapon: HALBERD }), BO]);
    const round = ready(
      view,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    // d20 6 (margin 7, High), no defense; d10 9: special 2d8 (3, 4); torso.
    const r = resolveAttack(round, { attackerId: "al" }, null, view, new ScriptedDice([6, 9, 12, 3, 4]));
    expect(r.exchange.damage).toMatchObject({
      blow: { blow: "special", roll: 9 },
      location: "torso",
      damage: 7,
    });
  });

  it("SHA-CAL-1: a called shot below the level it needs fails completely, unparried or not", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: { style: "attackParry", called: { kind: "location", location: "leftLeg" } }, bo: "attackParry" },
      [9, 1],
    );
    // Margin 4: Normal, below the High a leg needs.
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([10, 20]));
    expect(r.exchange).toMatchObject({ outcome: "calledMissed", damage: null, effects: [] });
  });

  it("SHA-CAL-1: a called location reached is hit without the location roll", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: { style: "attackParry", called: { kind: "location", location: "leftLeg" } }, bo: "attackParry" },
      [9, 1],
    );
    // Margin 5: High. Parry fails. Slash (d10 1), 1d8: 6. No d20 for the location.
    const dice = new ScriptedDice([9, 20, 1, 6]);
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, dice);
    expect(r.exchange.damage).toMatchObject({ location: "leftLeg", locationRoll: null, damage: 6 });
    expect(dice.remaining).toBe(0);
  });

  it("SHA-CAL-1: the head and a disarm need a Special level; a disarm reached does no damage", () => {
    const called = (c: StyleDeclaration["called"]) =>
      ready(
        DUEL,
        ["al", "bo"],
        { al: "bo", bo: "al" },
        { al: { style: "attackParry", called: c }, bo: "attackParry" },
        [9, 1],
      );
    const head = resolveAttack(
      called({ kind: "location", location: "head" }),
      { attackerId: "al" },
      null,
      DUEL,
      new ScriptedDice([5]),
    );
    expect(head.exchange.outcome).toBe("calledMissed");
    const disarm = called({ kind: "effect", effect: "disarm" });
    expect(
      resolveAttack(disarm, { attackerId: "al" }, null, DUEL, new ScriptedDice([5])).exchange.outcome,
    ).toBe("calledMissed");
    const made = resolveAttack(disarm, { attackerId: "al" }, null, DUEL, new ScriptedDice([4]));
    expect(made.exchange).toMatchObject({
      outcome: "calledEffect",
      damage: null,
      effects: [{ kind: "note", key: "SHARENE.Called.disarm", data: { attacker: "al", defender: "bo" } }],
    });
    expectRulesError(() => called({ kind: "location", location: "tail" }), "round-refused", /no called shot/);
  });
});

describe("special hits", () => {
  // al's Halberd (attack 13, special 2d8, slash 2d6) against bo, who does not defend. BO: END 12.
  const view = viewOf([fighter("al", { weapon: HALBERD }), BO]);
  const strike = (rolls: number[], specialHit: "successLevel" | "specialBlow") => {
    const options = { specialHit } as const;
    const round = ready(
      view,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
      options,
    );
    return resolveAttack(
      round,
      { attackerId: "al" },
      null,
      view,
      new ScriptedDice(rolls),
      resolveShareneOptions(options),
    ).exchange.damage!;
  };

  it("SHA-DMG-2: by default a Special Success Level multiplies, a special blow does not", () => {
    // d20 12 (Normal), d10 9 (special blow), d20 10 torso, 2d8 5+5 = 10: ×1; END×2 24, rolled 5.
    expect(strike([12, 9, 10, 5, 5, 5], "successLevel")).toMatchObject({ multiplier: 1, damage: 10 });
    // d20 3 (margin 10: Special), d10 1 (slash), torso, 2d6 3+3 = 6: ×1.5 = 9.
    expect(strike([3, 1, 10, 3, 3], "successLevel")).toMatchObject({ multiplier: 1.5, damage: 9 });
  });

  it("SHA-DMG-2: the other reading multiplies the special blow, and not the Special level", () => {
    // 10 × 1.5 = 15: half the life points, END×1.5 18, rolled 5.
    expect(strike([12, 9, 10, 5, 5, 5], "specialBlow")).toMatchObject({ multiplier: 1.5, damage: 15 });
    expect(strike([3, 1, 10, 3, 3], "specialBlow")).toMatchObject({ multiplier: 1, damage: 6 });
  });
});

describe("critical failures and refusals", () => {
  it("SHA-RES-1: a critically failed attack costs the next one (next round)", () => {
    let round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    const r = resolveAttack(round, { attackerId: "al" }, null, DUEL, new ScriptedDice([20]));
    expect(r.exchange.attack.check.criticalFailure).toBe(true);
    round = endTurn(endTurn(r.round));
    round = startRound(round, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
    ]);
    round = declareAction(round, "al", { target: "bo", action: "melee" });
    round = declareAction(round, "bo", { target: "al", action: "melee" });
    round = rollInitiative(round, DUEL, new ScriptedDice([9, 1]));
    round = beginActions(
      declareStyle(
        declareStyle(round, "al", { style: "attackParry" }, DUEL),
        "bo",
        { style: "attackParry" },
        DUEL,
      ),
    );
    expect(offerAttack(round, "al", DUEL)).toEqual({ ok: false, reason: "LostAttack" });
    round = endTurn(round);
    expect(round.fighters.find((f) => f.id === "al")?.loseNextAttack).toBe(false);
  });

  it("SHA-RES-1: blows of a tie land together: a fumbled defense costs the next round's attack, not the one underway", () => {
    const view = viewOf([AL, BO]);
    // Both 9 + 13 = 22 with AGI 13: one slot, al then bo.
    const round = ready(
      view,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 9],
    );
    expect(round.slots).toEqual([["al", "bo"]]);
    // al's 10 hits (DN 14); bo's parry rolls a natural 20.
    const first = resolveAttack(
      round,
      { attackerId: "al" },
      "parry",
      view,
      new ScriptedDice([10, 20, 1, 10, 4]),
    );
    expect(first.exchange.defense?.check.criticalFailure).toBe(true);
    const bo = first.round.fighters.find((f) => f.id === "bo")!;
    expect(bo).toMatchObject({ loseNextAttack: true, lossAfterTurn: true });
    expect(offerAttack(first.round, "bo", view).ok).toBe(true);
    const second = resolveAttack(first.round, { attackerId: "bo" }, null, view, new ScriptedDice([15]));
    let next = endTurn(second.round);
    expect(next.fighters.find((f) => f.id === "bo")).toMatchObject({
      loseNextAttack: true,
      lossAfterTurn: false,
    });
    next = startRound(next, [
      { id: "al", outOfAction: false },
      { id: "bo", outOfAction: false },
    ]);
    next = declareAction(declareAction(next, "al", { target: "bo", action: "melee" }), "bo", {
      target: "al",
      action: "melee",
    });
    next = rollInitiative(next, view, new ScriptedDice([9, 1]));
    next = beginActions(
      declareStyle(
        declareStyle(next, "al", { style: "attackParry" }, view),
        "bo",
        { style: "attackParry" },
        view,
      ),
    );
    next = endTurn(next);
    expect(offerAttack(next, "bo", view)).toEqual({ ok: false, reason: "LostAttack" });
  });

  it("SHA-RES-1: a tie fighter who fumbles and then makes no attack still owes the next one", () => {
    const view = viewOf([AL, BO]);
    const round = ready(
      view,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 9],
    );
    const first = resolveAttack(round, { attackerId: "al" }, "parry", view, new ScriptedDice([16, 20]));
    expect(endTurn(first.round).fighters.find((f) => f.id === "bo")?.loseNextAttack).toBe(true);
  });

  it("SHA-STY-5: a critically failed parry costs the riposte it would have opened", () => {
    const round = endTurn(
      ready(DUEL, ["al", "bo"], { al: "bo", bo: "al" }, { al: "attackParry", bo: "parryRiposte" }, [1, 9]),
    );
    const r = resolveAttack(round, { attackerId: "al" }, "parry", DUEL, new ScriptedDice([16, 20]));
    expect(r.round.pendingRiposte).toBeNull();
    expect(r.round.fighters.find((f) => f.id === "bo")?.loseNextAttack).toBe(false);
  });

  it("refuses a defense not offered, an unknown style, a fighter out of the fight", () => {
    const round = ready(
      DUEL,
      ["al", "bo"],
      { al: "bo", bo: "al" },
      { al: "attackParry", bo: "attackParry" },
      [9, 1],
    );
    const knifeView = viewOf([AL, fighter("bo", { weapon: THROWING_KNIFE })]);
    expectRulesError(
      () => resolveAttack(round, { attackerId: "al" }, "parry", knifeView, new ScriptedDice([1, 1])),
      "round-refused",
      /cannot parry/,
    );
    expectRulesError(
      () => declareStyle(rollAgain(), "al", { style: "berserk" as never }, DUEL),
      "round-refused",
    );
    expectRulesError(
      () => resolveAttack(round, { attackerId: "al" }, "block" as never, DUEL, new ScriptedDice([1, 1])),
      "round-refused",
      /cannot block/,
    );
    const down = viewOf([AL, BO], { bo: { lifePoints: 0 } });
    expect(offerAttack(round, "al", down)).toEqual({ ok: false, reason: "TargetOut" });
    const armless = viewOf([AL, BO], { al: { statuses: new Set(["rightArmUseless"]) } });
    expect(offerAttack(round, "al", armless)).toEqual({ ok: false, reason: "WeaponArmLost" });
  });
});

/** A round of al and bo in its style phase. */
function rollAgain(): ShareneRound {
  let round = startRound(null, [
    { id: "al", outOfAction: false },
    { id: "bo", outOfAction: false },
  ]);
  round = declareAction(round, "al", { target: "bo", action: "melee" });
  round = declareAction(round, "bo", { target: "al", action: "melee" });
  return rollInitiative(round, DUEL, new ScriptedDice([9, 1]));
}

describe("the engine's limits hold in any round (properties)", () => {
  const ids = ["al", "bo", "cy"];
  const view = viewOf([AL, BO, CY]);
  const STYLE_LIST: Style[] = ["fullAttack", "fullParry", "parryRiposte", "attackParry"];

  it("SHA-STY-1, SHA-STY-2, SHA-STY-3: never more defenses than the style and the opponents allow, one attack and one riposte a round", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.constantFrom(0, 2, 3), { minLength: 3, maxLength: 3 }),
        fc.integer(),
        (targetPicks, stylePicks, splits, seed) => {
          const dice = new SeededDice(seed);
          let round = startRound(
            null,
            ids.map((id) => ({ id, outOfAction: false })),
          );
          ids.forEach((id, i) => {
            const others = ids.filter((o) => o !== id);
            round = declareAction(round, id, { target: others[targetPicks[i]! % 2]!, action: "melee" });
          });
          round = rollInitiative(round, view, dice);
          ids.forEach((id, i) => {
            const style = STYLE_LIST[stylePicks[i]!]!;
            const split = style === "fullAttack" ? 0 : splits[i]!;
            round = declareStyle(round, id, { style, split }, view);
          });
          round = beginActions(round);
          const attacks = new Map<string, number>();
          const ripostes = new Map<string, number>();
          const checkDn = (dn: { df: number }) => {
            expect(dn.df).toBeGreaterThanOrEqual(-10);
            expect(dn.df).toBeLessThanOrEqual(5);
          };
          while (round.phase === "action") {
            for (const id of acting(round)) {
              const offer = offerAttack(round, id, view);
              if (!offer.ok) continue;
              checkDn(offer.attack.dn);
              const options = defenseOptions(round, offer.attack, view);
              for (const o of options) checkDn(o.dn);
              const r = resolveAttack(round, { attackerId: id }, options[0]?.defense ?? null, view, dice);
              attacks.set(id, (attacks.get(id) ?? 0) + 1);
              round = r.round;
              if (round.pendingRiposte) {
                const riposte = offerRiposte(round, view)!;
                checkDn(riposte.dn);
                const back = defenseOptions(round, riposte, view);
                round = resolveAttack(
                  round,
                  { attackerId: riposte.attackerId, riposte: true },
                  back[0]?.defense ?? null,
                  view,
                  dice,
                ).round;
                ripostes.set(riposte.attackerId, (ripostes.get(riposte.attackerId) ?? 0) + 1);
              }
            }
            round = endTurn(round);
          }
          // Who faces whom, counted here from the declarations, not by the engine's opponentsOf.
          const facing = (id: string, i: number) =>
            new Set([
              ids.filter((o) => o !== id)[targetPicks[i]! % 2]!,
              ...ids.filter((o, j) => o !== id && ids.filter((x) => x !== o)[targetPicks[j]! % 2] === id),
            ]).size;
          for (const [i, f] of round.fighters.entries()) {
            const style = STYLE_LIST[stylePicks[i]!]!;
            const split = style === "fullAttack" ? 0 : splits[i]!;
            expect(opponentsOf(round, f.id)).toHaveLength(facing(f.id, i));
            const allowed = style === "fullAttack" ? 1 : split > 0 ? split : facing(f.id, i) > 1 ? 2 : 1;
            expect(f.defenses).toBeLessThanOrEqual(allowed);
            expect(attacks.get(f.id) ?? 0).toBeLessThanOrEqual(attacksOnTurn(style) ? 1 : 0);
            expect(ripostes.get(f.id) ?? 0).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
