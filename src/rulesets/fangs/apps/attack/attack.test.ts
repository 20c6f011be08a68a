import { afterEach, describe, expect, it, vi } from "vitest";
import { weaponProfile } from "../../../../../test/support/fangs-fixtures";
import { nearestCells } from "../../../../apps/attack/geometry";
import { captureTarget } from "../../../../apps/attack/targets";
import { blowOptions } from "../../../../rules/fangs/blows";
import { attackOnWithdrawal } from "../../../../rules/fangs/special-defenses";
import { applyTrades } from "../../../../rules/fangs/trades";
import {
  type AnswerRoot,
  askAttack,
  attackDialogContext,
  type DialogFacts,
  defaultAnswers,
  parseAnswers,
  requireAnswer,
} from "./attack-dialog";
import { attackSetup, gate, specialChoices, specialRecord, tradeRefusal } from "./attack-setup";

/**
 * Starting an attack, the pure parts: the captured target, the distance
 * between tokens, what the enforcement setting makes of the rules' verdict,
 * the answers to a Retreat or a Disengage, the attack's setup, and the
 * modifier dialog's context and answers.
 */

const jenny = { uuid: "Scene.s.Token.j", name: "Pirate Jenny", img: "jenny.webp", actorUuid: "Actor.jenny" };
const gru = { uuid: "Scene.s.Token.g", name: "Gru", img: "gru.webp", actorUuid: "Actor.gru" };

describe("capturing the target", () => {
  it("takes exactly one targeted token, as UUIDs", () => {
    expect(captureTarget([jenny], "Actor.gru")).toEqual({
      ok: true,
      target: {
        tokenUuid: "Scene.s.Token.j",
        actorUuid: "Actor.jenny",
        name: "Pirate Jenny",
        img: "jenny.webp",
      },
    });
  });

  it("says what is wrong with none, several, an empty token or oneself", () => {
    expect(captureTarget([], "Actor.gru")).toMatchObject({ ok: false, key: "FANGS.Chat.Target.None" });
    expect(captureTarget([jenny, gru], "Actor.gru")).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Target.Many",
      data: { count: "2" },
    });
    expect(captureTarget([{ ...jenny, actorUuid: null }], "Actor.gru")).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Target.NoActor",
      data: { name: "Pirate Jenny" },
    });
    expect(captureTarget([gru], "Actor.gru")).toMatchObject({ ok: false, key: "FANGS.Chat.Target.Self" });
  });
});

describe("where two tokens come closest", () => {
  it("takes the nearest cells of each token", () => {
    const one = { col: 0, row: 0, width: 1, height: 1 };
    expect(nearestCells(one, { col: 1, row: 0, width: 1, height: 1 })).toEqual([
      { col: 0, row: 0 },
      { col: 1, row: 0 },
    ]);
    // A large creature (3 × 3 from 5,5): its nearest cell to a token at 2,6 is 5,6.
    expect(
      nearestCells({ col: 2, row: 6, width: 1, height: 1 }, { col: 5, row: 5, width: 3, height: 3 }),
    ).toEqual([
      { col: 2, row: 6 },
      { col: 5, row: 6 },
    ]);
    expect(
      nearestCells({ col: 5, row: 5, width: 3, height: 3 }, { col: 9, row: 1, width: 1, height: 1 }),
    ).toEqual([
      { col: 7, row: 5 },
      { col: 9, row: 1 },
    ]);
  });

  it("gives the same cell twice for overlapping tokens", () => {
    const [a, b] = nearestCells(
      { col: 0, row: 0, width: 2, height: 2 },
      { col: 1, row: 1, width: 2, height: 2 },
    );
    expect(a).toEqual(b);
  });
});

describe("the enforcement setting", () => {
  const refused = { allowed: false };
  const allowed = { allowed: true };

  it("lets an allowed attack go, whatever the setting", () => {
    for (const mode of ["allow", "warn", "forbid"] as const) expect(gate(allowed, mode, false)).toBe("go");
    expect(gate(null, "forbid", false)).toBe("go");
  });

  it("allow says nothing, warn warns, forbid stops a player and only warns the GM", () => {
    expect(gate(refused, "allow", false)).toBe("go");
    expect(gate(refused, "warn", false)).toBe("warn");
    expect(gate(refused, "forbid", false)).toBe("stop");
    expect(gate(refused, "forbid", true)).toBe("warn");
  });
});

/** Gru's attack on Jenny, whose maneuver is `targetManeuver`; she went first unless told. */
function withdrawal(targetManeuver: string | null, targetWentFirst = true, melee = true) {
  return attackOnWithdrawal({
    attackerId: "Actor.gru",
    targetId: "Actor.jenny",
    round: 2,
    attackerMv: 15,
    attackerManeuver: "attack",
    targetManeuver,
    melee,
    targetWentFirst,
  });
}

describe("answering a Retreat or a Disengage", () => {
  it("NC-SPD-2: offers the three answers to a Retreat, NC-SPD-1: the two to a Disengage, none otherwise", () => {
    expect(specialChoices(withdrawal("retreat"))?.choices.map((c) => c.id)).toEqual([
      "attackAsItLeaves",
      "chase",
      "stay",
    ]);
    expect(specialChoices(withdrawal("disengage"))?.choices.map((c) => c.id)).toEqual(["follow", "letGo"]);
    expect(specialChoices(withdrawal("attack"))).toBeNull();
    expect(specialChoices(null)).toBeNull();
  });

  it("NC-MAN-16, NC-SPD-1: nothing to answer when the attacker went first: the +2 at a retreater, a plain attack at a disengager", () => {
    expect(specialChoices(withdrawal("retreat", false))).toBeNull();
    expect(specialRecord(withdrawal("retreat", false), null)?.result).toMatchObject({
      mayAttack: true,
      attackModifier: 2,
    });
    expect(specialChoices(withdrawal("disengage", false))).toBeNull();
    expect(specialRecord(withdrawal("disengage", false), null)?.result).toMatchObject({
      mayAttack: true,
      attackModifier: 0,
    });
  });

  it("NC-SPD-2: striking at a retreating foe is +4 and the attack goes on; chasing takes the attack away; no pick, no record", () => {
    const strike = specialRecord(withdrawal("retreat"), "attackAsItLeaves");
    expect(strike?.result).toMatchObject({ mayAttack: true, attackModifier: 4 });
    const chase = specialRecord(withdrawal("retreat"), "chase");
    expect(chase?.result).toMatchObject({ mayAttack: false, followPaces: 8 });
    expect(specialRecord(withdrawal("disengage"), "letGo")?.result.mayAttack).toBe(false);
    expect(specialRecord(withdrawal("retreat"), null)).toBeNull();
    expect(specialRecord(withdrawal("attack"), "chase")).toBeNull();
  });
});

describe("the attack's setup", () => {
  it("NC-TAC-1: sums the situation, the slot, a retreat's bonus and the trades (Gru moves 7 points to damage)", () => {
    const answers = { ...defaultAnswers(facts()), situational: -2, attackToDamage: 7 };
    const trade = applyTrades(
      { attackSkill: { natural: 8, bought: 7, total: 15 }, weaponBaseDamage: "1d8+2" },
      { attackToDamage: 7 },
    );
    const setup = attackSetup({
      skill: 15,
      answers,
      slot: {
        source: "offHand",
        phase: "postMelee",
        hand: "off",
        modifier: -10,
        initiativeModifier: -10,
        penaltyMayMove: false,
      },
      trade,
      special: specialRecord(withdrawal("retreat"), "attackAsItLeaves"),
      maneuver: "attack",
      combat: { id: "c", round: 1, phase: "postMelee" },
    });
    expect(setup).toMatchObject({
      situational: -2,
      slotModifier: -10,
      specialModifier: 4,
      trades: { attackToDamage: 7, attackModifier: -7, extraDamageModifier: 7 },
      totalModifiers: -2 - 10 + 4 - 7,
      source: "offHand",
      maneuver: "attack",
      combatId: "c",
      phase: "postMelee",
    });
    expect("shot" in setup).toBe(false);
  });

  it("RHF-REC-1 (FANGS module): carries the shot's number past the first for the recoil module, and adds nothing to the sum itself", () => {
    const answers = defaultAnswers(facts());
    const trade = applyTrades(
      { attackSkill: { natural: 8, bought: 7, total: 15 }, weaponBaseDamage: "2d6" },
      {},
    );
    const base = { skill: 15, answers, slot: null, trade, special: null, maneuver: "attack", combat: null };
    expect(attackSetup({ ...base, shot: 3 })).toMatchObject({ shot: 3, totalModifiers: 0 });
    expect("shot" in attackSetup({ ...base, shot: 1 })).toBe(false);
  });

  it("RHF-AIM-1 (FANGS module): carries the aim's bonus for the aiming module, and adds nothing to the sum itself", () => {
    const answers = defaultAnswers(facts());
    const trade = applyTrades(
      { attackSkill: { natural: 8, bought: 7, total: 15 }, weaponBaseDamage: "2d6" },
      {},
    );
    const base = { skill: 15, answers, slot: null, trade, special: null, maneuver: "attack", combat: null };
    expect(attackSetup({ ...base, aimBonus: 10 })).toMatchObject({ aimBonus: 10, totalModifiers: 0 });
    expect("aimBonus" in attackSetup({ ...base, aimBonus: 0 })).toBe(false);
  });
});

function facts(overrides: Partial<DialogFacts> = {}): DialogFacts {
  return {
    attackerName: "Gru",
    weaponName: "Broadsword",
    targetName: "Pirate Jenny",
    skill: { natural: 8, bought: 7, total: 15 },
    parrySkill: { natural: 6, bought: 4, total: 10 },
    blows: blowOptions(weaponProfile(), false),
    grapple: false,
    damageTrade: true,
    warningKey: null,
    slotModifier: 0,
    special: null,
    rollModes: { publicroll: "P", gmroll: "G" },
    rollMode: "publicroll",
    ...overrides,
  };
}

const echo = (key: string, data?: Record<string, string | number>) =>
  data ? `${key} ${JSON.stringify(data)}` : key;

describe("the modifier dialog", () => {
  it("RHF-MAT-2 (FANGS module): names the multiple attacks module's part of the attack's own modifier, and only when it has one", () => {
    const plain = attackDialogContext(facts({ slotModifier: -10 }), echo);
    expect(plain.slotNote).toBe('FANGS.Chat.Dialog.SlotModifier {"value":"-10","quickness":"0"}');
    const quick = attackDialogContext(facts({ slotModifier: -15, quicknessPenalty: -5 }), echo);
    expect(quick.slotNote).toBe('FANGS.Chat.Dialog.SlotModifierQuickness {"value":"-15","quickness":"-5"}');
    expect(attackDialogContext(facts({ quicknessPenalty: 0 }), echo).slotNote).toBeNull();
  });

  it("offers each trade up to the bought points it draws on, and no trade without bought points", () => {
    const context = attackDialogContext(facts(), echo);
    expect(context.trades?.map((t) => [t.name, t.max])).toEqual([
      ["attackToDamage", 7],
      ["attackToParry", 7],
      ["parryToAttack", 4],
    ]);
    const untrained = attackDialogContext(
      facts({ skill: { natural: 8, bought: 0, total: 8 }, parrySkill: null }),
      echo,
    );
    expect(untrained.trades).toBeNull();
  });

  it("offers the flat of the blade only with a made melee weapon that is not a grapple", () => {
    expect(attackDialogContext(facts(), echo).modes).not.toBeNull();
    const bow = weaponProfile({ kind: "missile" });
    expect(attackDialogContext(facts({ blows: blowOptions(bow, false) }), echo).modes).toBeNull();
    expect(attackDialogContext(facts({ blows: blowOptions(weaponProfile(), true) }), echo).modes).toBeNull();
  });

  it("NC-SUB-4, NC-SUB-1: a weapon offers the flat of the blade and no subdual; bare hands offer subdual", () => {
    const sword = attackDialogContext(facts(), echo);
    expect([sword.modes !== null, sword.subdual]).toEqual([true, false]);
    // A subdual answer for a broadsword (a stale form, a macro) is not taken: its edge would harm all the same.
    expect(parseAnswers({ subdual: "on" }, facts()).subdual).toBe(false);
    const fist = facts({
      weaponName: "Fist",
      blows: blowOptions(weaponProfile({ natural: true, itemSp: null }), false),
    });
    const hands = attackDialogContext(fist, echo);
    expect([hands.modes, hands.subdual]).toEqual([null, true]);
    expect(parseAnswers({ subdual: "on", mode: "flatOfBlade" }, fist)).toMatchObject({
      subdual: true,
      mode: "strike",
    });
  });

  it("CORE-CHR-8, NC-TAC-1: a shot missile offers no attack points to damage, and none is read", () => {
    const bow = facts({
      weaponName: "Short bow",
      blows: blowOptions(weaponProfile({ kind: "missile" }), false),
      damageTrade: false,
    });
    expect(attackDialogContext(bow, echo).trades?.map((t) => t.name)).toEqual([
      "attackToParry",
      "parryToAttack",
    ]);
    expect(parseAnswers({ attackToDamage: "3" }, bow).attackToDamage).toBe(0);
  });

  it("NC-SPD-2: shows the rules' refusal as a warning, and a retreat's answers with none chosen", () => {
    const retreat = specialChoices(withdrawal("retreat"))!;
    const context = attackDialogContext(
      facts({ warningKey: "FANGS.Rules.Attack.Refusal.NotEngaged", special: retreat }),
      echo,
    );
    expect(context.warning).toBe("FANGS.Rules.Attack.Refusal.NotEngaged");
    expect(context.special?.choices.map((c) => c.checked)).toEqual([false, false, false]);
    expect(defaultAnswers(facts({ special: retreat })).special).toBeNull();
  });

  it("NC-SPD-1: reads the answers as whole numbers, never a negative trade, and falls back on unknown choices (no answer to a Disengage)", () => {
    const answers = parseAnswers(
      {
        situational: "-3",
        attackToDamage: "2.7",
        parryToAttack: "-4",
        attackToParry: "",
        mode: "flatOfBlade",
        subdual: "on",
        rollMode: "nonsense",
        special: "fly",
      },
      facts({ special: specialChoices(withdrawal("disengage")) }),
    );
    expect(answers).toEqual({
      situational: -3,
      attackToDamage: 2,
      parryToAttack: 0,
      attackToParry: 0,
      mode: "flatOfBlade",
      // A broadsword: subdual is not offered, so it is not taken (NC-SUB-4).
      subdual: false,
      rollMode: "publicroll",
      special: null,
    });
    expect(
      parseAnswers(
        { mode: "flatOfBlade" },
        facts({ grapple: true, blows: blowOptions(weaponProfile(), true) }),
      ).mode,
    ).toBe("grapple");
  });
});

/** The rendered dialog as `requireAnswer` sees it: the Roll button and the answer's radios. */
function renderedDialog(answers: number) {
  const roll = { disabled: false };
  const radios = Array.from({ length: answers }, () => {
    const listeners: (() => void)[] = [];
    return {
      checked: false,
      addEventListener: (_type: "change", listener: () => void) => listeners.push(listener),
      check() {
        this.checked = true;
        for (const l of listeners) l();
      },
    };
  });
  const root: AnswerRoot = {
    querySelector: (selector) => (selector === 'button[data-action="roll"]' ? roll : null),
    querySelectorAll: (selector) => (selector === 'input[name="special"]' ? radios : []),
  };
  return { root, roll, radios };
}

describe("the modifier dialog waits for the answer to a Retreat or a Disengage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("NC-SPD-2: Roll stays disabled until an answer is checked; with nothing to answer it is left alone", () => {
    const dialog = renderedDialog(3);
    requireAnswer(dialog.root);
    expect(dialog.roll.disabled).toBe(true);
    dialog.radios[1]!.check();
    expect(dialog.roll.disabled).toBe(false);
    const plain = renderedDialog(0);
    requireAnswer(plain.root);
    expect(plain.roll.disabled).toBe(false);
  });

  it("NC-SPD-2: the dialog shown guards Roll when it renders, and Cancel still closes it with no attack", async () => {
    const dialog = renderedDialog(3);
    let buttons: { action: string }[] = [];
    vi.stubGlobal("foundry", {
      utils: { randomID: () => "abcdef" },
      applications: {
        handlebars: { renderTemplate: async () => "" },
        api: {
          DialogV2: {
            wait: async (config: {
              render?: (event: unknown, d: unknown) => void;
              buttons: { action: string }[];
            }) => {
              buttons = config.buttons;
              config.render?.({}, { element: dialog.root });
              // The player cancels.
              return "cancel";
            },
          },
        },
      },
    });
    const retreat = specialChoices(withdrawal("retreat"))!;
    expect(await askAttack(facts({ special: retreat }), echo)).toBeNull();
    expect(dialog.roll.disabled).toBe(true);
    expect(buttons.map((b) => b.action)).toEqual(["roll", "cancel"]);
  });

  it("NC-SPD-2: the Shift hint is not shown while an answer is to be chosen (Shift does not skip it then)", () => {
    expect(attackDialogContext(facts(), echo).footHint).toBe("FANGS.Chat.Dialog.ShiftHint");
    const retreat = specialChoices(withdrawal("retreat"))!;
    expect(attackDialogContext(facts({ special: retreat }), echo).footHint).toBe(
      "FANGS.Chat.Dialog.ChooseToRoll",
    );
  });
});

describe("the dialog's trades follow the world's rules options", () => {
  /** Little bought in the attack (3 of 15), more in the parry (7 of 10). */
  const lopsided = {
    skill: { natural: 12, bought: 3, total: 15 },
    parrySkill: { natural: 3, bought: 7, total: 10 },
  };

  it('NC-TAC-3: under parryToAttackCap "boughtPoints" the parry→attack maximum is the attack\'s bought points', () => {
    const byDefault = attackDialogContext(facts(lopsided), echo).trades?.find(
      (t) => t.name === "parryToAttack",
    );
    expect(byDefault?.max).toBe(7);
    const bought = attackDialogContext(
      facts({ ...lopsided, rules: { parryToAttackCap: "boughtPoints" } }),
      echo,
    ).trades?.find((t) => t.name === "parryToAttack");
    expect(bought?.max).toBe(3);
    expect(bought?.hint).toBe('FANGS.Chat.Dialog.ParryToAttackHint {"max":3}');
  });

  it("NC-TAC-3: the rules core's refusal becomes a lang key with its figures", () => {
    let error: unknown;
    try {
      applyTrades(
        { attackSkill: lopsided.skill, parrySkill: lopsided.parrySkill, weaponBaseDamage: "1d8+2" },
        { parryToAttack: 7 },
        { parryToAttackCap: "boughtPoints" },
      );
    } catch (e) {
      error = e;
    }
    expect(tradeRefusal(error as Parameters<typeof tradeRefusal>[0])).toEqual({
      key: "FANGS.Chat.Trade.Refusal.AttackCapBought",
      data: { base: "3" },
    });
  });
});

describe("a shield bash", () => {
  it("NC-DEF-9, NC-SUB-4: the rules core offers a shield bash neither the flat of the blade nor subdual", () => {
    expect(blowOptions(weaponProfile({ shield: true }), false)).toEqual({
      flatOfBlade: false,
      subdual: false,
    });
    const shield = facts({
      weaponName: "Round Shield",
      blows: blowOptions(weaponProfile({ shield: true }), false),
    });
    expect(attackDialogContext(shield, echo).modes).toBeNull();
    expect(parseAnswers({ mode: "flatOfBlade" }, shield).mode).toBe("strike");
  });
});
