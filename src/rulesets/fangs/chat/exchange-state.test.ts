import { describe, expect, it } from "vitest";
import type { DamageResult } from "../../../rules/fangs/damage";
import { decideOutcome, type ExchangeOutcome, rollAttack, rollDefense } from "../../../rules/fangs/outcome";
import type { AttackDeclaration, DefenseChoice } from "../../../rules/fangs/types";
import { ScriptedDice } from "../../../rules/kernel/dice";
import type { Effect } from "../../../rules/kernel/effects";
import {
  type Actor,
  checkIntent,
  createAttacked,
  createDeclined,
  type DamageRecord,
  type ExchangeEvent,
  ExchangeStage,
  type ExchangeState,
  isClosed,
  mayTake,
  type NewExchange,
  openIntents,
  RefusalCode,
  readState,
  transition,
} from "./exchange-state";

const init: NewExchange = {
  rollMode: "publicroll",
  attacker: { actorUuid: "Actor.att", tokenUuid: "Scene.s.Token.a", name: "Gru", img: "gru.png" },
  target: { actorUuid: "Actor.def", tokenUuid: "Scene.s.Token.d", name: "Jenny", img: "jenny.png" },
  weapon: {
    itemId: "sword",
    name: "Broadsword",
    img: "sword.png",
    kind: "melee",
    damage: "1d8+2",
    impales: false,
  },
  setup: {
    skill: 12,
    situational: 0,
    slotModifier: 0,
    specialModifier: 0,
    trades: {
      attackToDamage: 0,
      parryToAttack: 0,
      attackToParry: 0,
      attackModifier: 0,
      extraDamageModifier: 0,
      parryModifier: 0,
      dodgeModifier: 0,
    },
    totalModifiers: 0,
    mode: "strike",
    subdual: false,
    source: "maneuver",
    maneuver: "attack",
    combatId: null,
    round: null,
    phase: null,
  },
  declaration: undefined as unknown as AttackDeclaration,
  by: "userAttacker",
};

const declaration: AttackDeclaration = {
  attacker: { id: "Actor.att", st: 14, damageModifier: 2, luck: 12 },
  weapon: {
    id: "sword",
    name: "Broadsword",
    damage: "1d8+2",
    itemSp: { value: 20, max: 20 },
    impales: false,
    hands: 1,
    kind: "melee",
    extendedReload: false,
    autofire: false,
  },
  skill: { natural: 5, bought: 7, total: 12 },
  modifiers: 0,
  extraDamageModifier: 0,
  mode: "strike",
  subdual: false,
};
Object.assign(init, { declaration });

// Real rules data, rolled with scripted dice: a plain success (15 + 12 ≥ 20).
const attackRoll = rollAttack(declaration, new ScriptedDice([15]));
const defender = {
  id: "Actor.def",
  stunPoints: { value: 20, max: 20 },
  hitPoints: { value: 12, max: 12 },
  armorProtection: 2,
  co: 12,
  sz: 12,
  stunned: false,
};
function outcomeFor(choice: DefenseChoice, die: number): ExchangeOutcome {
  const roll =
    choice === "none"
      ? null
      : rollDefense(
          { defender, choice, skill: { natural: 4, bought: 4, total: 8 }, item: null, modifiers: 0 },
          new ScriptedDice([die]),
        );
  return decideOutcome(attackRoll, roll, new ScriptedDice([]));
}
const GM: Actor = { userId: "gm", isGM: true, ownsAttacker: false, ownsTarget: false };
const ATTACKER: Actor = { userId: "userAttacker", isGM: false, ownsAttacker: true, ownsTarget: false };
const DEFENDER: Actor = { userId: "userDefender", isGM: false, ownsAttacker: false, ownsTarget: true };
const STRANGER: Actor = { userId: "userOther", isGM: false, ownsAttacker: false, ownsTarget: false };

const damage: DamageRecord = {
  result: { kind: "hit", damage: 9 } as unknown as DamageResult,
  effects: [
    { kind: "pool", actorId: "Actor.def", pool: "stunPoints", amount: 9 },
    { kind: "pool", actorId: "Actor.def", pool: "hitPoints", amount: 5 },
  ],
};
const nothing: DamageRecord = {
  result: null,
  effects: [{ kind: "note", key: "FANGS.X", data: {} }] as Effect[],
};

const fumbleOutcome = decideOutcome(
  rollAttack(declaration, new ScriptedDice([1, 3])),
  null,
  new ScriptedDice([10]),
);
const missOutcome = decideOutcome(rollAttack(declaration, new ScriptedDice([3])), null, new ScriptedDice([]));

function attacked(): ExchangeState {
  return createAttacked(init, attackRoll, null, "attackRolled", [
    { step: "attack", dice: [{ faces: 20, result: 15 }] },
  ]);
}

function defendEvent(choice: DefenseChoice = "dodge", next: "damage" | "resolved" = "damage"): ExchangeEvent {
  // A failed dodge (4 + 8 < 20) lets the blow land; a good one (19) is a dodge.
  const outcome = outcomeFor(choice, next === "resolved" ? 12 : 4);
  const roll =
    choice === "none"
      ? { defenderId: "Actor.def", choice, itemId: null, itemType: null, check: null }
      : rollDefense(
          { defender, choice, skill: { natural: 4, bought: 4, total: 8 }, item: null, modifiers: 0 },
          new ScriptedDice([next === "resolved" ? 12 : 4]),
        );
  return {
    type: "defend",
    choice,
    defense: {
      roll,
      declaration: { choice, skill: { natural: 4, bought: 4, total: 8 }, item: null, modifiers: 0 },
      itemName: null,
      counted: true,
      dodgeInstead: null,
    },
    outcome,
    next,
    freeAttack: null,
    dice: choice === "none" ? [] : [{ step: "defense", dice: [{ faces: 20, result: 4 }] }],
  };
}

function must(result: ReturnType<typeof transition>): ExchangeState {
  if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
  return result.state;
}

function refusal(result: ReturnType<typeof transition>): string {
  if (result.ok) throw new Error(`expected a refusal, got stage ${result.state.stage}`);
  return result.refusal.code;
}

function toDamageRolled(): ExchangeState {
  const defended = must(transition(attacked(), defendEvent(), DEFENDER));
  return must(
    transition(defended, { type: "rollDamage", damage, next: "apply", freeAttack: null, dice: [] }, ATTACKER),
  );
}

const application = { effects: damage.effects, deltas: [], consequences: [], by: "gm" };

describe("exchange state: creation", () => {
  it("starts waiting for a defense after a successful attack", () => {
    const s = attacked();
    expect(s.stage).toBe(ExchangeStage.AttackRolled);
    expect(s.revision).toBe(0);
    expect(s.history).toEqual([{ revision: 0, event: "create", by: "userAttacker" }]);
    expect(s.dice[0]?.dice).toEqual([{ faces: 20, result: 15 }]);
  });

  it("goes straight to the GM's ruling after a fumble, and closes after a miss", () => {
    const fumbled = createAttacked(init, attackRoll, fumbleOutcome, "fumbled", []);
    expect(fumbled.stage).toBe(ExchangeStage.Fumbled);
    expect(fumbled.outcome?.kind).toBe("attackFumbled");
    const missed = createAttacked(init, attackRoll, missOutcome, "resolved", []);
    expect(missed.stage).toBe(ExchangeStage.Resolved);
    expect(isClosed(missed.stage)).toBe(true);
  });

  it("refuses to skip the defense without the rules' outcome", () => {
    expect(() => createAttacked(init, attackRoll, null, "fumbled", [])).toThrow(TypeError);
  });

  it("records a special defense that took the attack away, with nothing left to do", () => {
    const s = createDeclined(init, {
      kind: "disengage",
      response: "letGo",
      result: {
        mayAttack: false,
        attackModifier: 0,
        followPaces: 0,
        restrictions: [],
        noteKey: "FANGS.Rules.Special.DisengageLetGo",
      },
    });
    expect(s.stage).toBe(ExchangeStage.Declined);
    expect(s.attack).toBeNull();
    expect(openIntents(s)).toEqual([]);
  });
});

describe("exchange state: defend", () => {
  it("moves to defenseRolled when the defender's owner rolls a defense", () => {
    const s = must(transition(attacked(), defendEvent("dodge"), DEFENDER));
    expect(s.stage).toBe(ExchangeStage.DefenseRolled);
    expect(s.revision).toBe(1);
    expect(s.defense?.roll.choice).toBe("dodge");
    expect(s.outcome?.kind).toBe("hit");
    expect(s.dice.map((d) => d.step)).toEqual(["attack", "defense"]);
    expect(s.history.at(-1)).toEqual({ revision: 1, event: "defend", by: "userDefender" });
  });

  it("moves to defenseChosen when the defender takes the blow", () => {
    const s = must(transition(attacked(), defendEvent("none"), DEFENDER));
    expect(s.stage).toBe(ExchangeStage.DefenseChosen);
    expect(s.dice).toHaveLength(1);
  });

  it("closes the exchange when the rules say nothing follows (a dodge)", () => {
    const s = must(transition(attacked(), defendEvent("dodge", "resolved"), DEFENDER));
    expect(s.stage).toBe(ExchangeStage.Resolved);
    expect(openIntents(s)).toEqual([]);
  });

  it("lets the GM answer for the defender", () => {
    expect(must(transition(attacked(), defendEvent(), GM)).stage).toBe(ExchangeStage.DefenseRolled);
  });

  it("refuses the attacker's owner and strangers", () => {
    expect(refusal(transition(attacked(), defendEvent(), ATTACKER))).toBe(RefusalCode.NotPermitted);
    expect(refusal(transition(attacked(), defendEvent(), STRANGER))).toBe(RefusalCode.NotPermitted);
  });

  it("refuses a second defense (two clicks, or the GM and the player at once)", () => {
    const once = must(transition(attacked(), defendEvent(), DEFENDER));
    expect(refusal(transition(once, defendEvent(), GM))).toBe(RefusalCode.WrongStage);
  });

  it("refuses a click made on an older revision of the card", () => {
    const s = attacked();
    const moved = { ...s, revision: 3 };
    expect(refusal(transition(moved, defendEvent(), DEFENDER, 2))).toBe(RefusalCode.Stale);
  });

  it("refuses a malformed intent", () => {
    expect(checkIntent(attacked(), { type: "defend" }, DEFENDER, 0)?.code).toBe(RefusalCode.Invalid);
    expect(checkIntent(attacked(), { type: "explode" }, GM, 0)?.code).toBe(RefusalCode.Invalid);
    expect(checkIntent(attacked(), null, GM, 0)?.code).toBe(RefusalCode.Invalid);
    expect(checkIntent(attacked(), "apply", GM, 0)?.code).toBe(RefusalCode.Invalid);
  });
});

describe("exchange state: damage", () => {
  it("moves to damageRolled when the damage changes something", () => {
    const s = toDamageRolled();
    expect(s.stage).toBe(ExchangeStage.DamageRolled);
    expect(s.revision).toBe(2);
    expect(s.damage?.effects).toHaveLength(2);
  });

  it("closes when the damage changes nothing (only notes)", () => {
    const defended = must(transition(attacked(), defendEvent(), DEFENDER));
    const s = must(
      transition(
        defended,
        { type: "rollDamage", damage: nothing, next: "resolved", freeAttack: null, dice: [] },
        ATTACKER,
      ),
    );
    expect(s.stage).toBe(ExchangeStage.Resolved);
  });

  it("records a Charge's free attack when the rules offer one", () => {
    const defended = must(transition(attacked(), defendEvent("none"), DEFENDER));
    const s = must(
      transition(
        defended,
        {
          type: "rollDamage",
          damage: nothing,
          next: "resolved",
          freeAttack: {
            attackerId: "Actor.def",
            targetId: "Actor.att",
            reasonKey: "FANGS.Rules.Special.ChargeFreeAttack",
          },
          dice: [],
        },
        ATTACKER,
      ),
    );
    expect(s.freeAttack).toEqual({
      attackerId: "Actor.def",
      targetId: "Actor.att",
      reasonKey: "FANGS.Rules.Special.ChargeFreeAttack",
      taken: false,
    });
    expect(openIntents(s)).toEqual(["takeFreeAttack"]);
  });

  it("lets either party roll the damage, but not a stranger, and not before the defense", () => {
    const defended = must(transition(attacked(), defendEvent(), DEFENDER));
    const event: ExchangeEvent = { type: "rollDamage", damage, next: "apply", freeAttack: null, dice: [] };
    expect(transition(defended, event, DEFENDER).ok).toBe(true);
    expect(refusal(transition(defended, event, STRANGER))).toBe(RefusalCode.NotPermitted);
    expect(refusal(transition(attacked(), event, ATTACKER))).toBe(RefusalCode.WrongStage);
  });
});

describe("exchange state: fumble", () => {
  const fumbled = () => createAttacked(init, attackRoll, fumbleOutcome, "fumbled", []);

  it("lets only the GM rule a fumble", () => {
    const event: ExchangeEvent = {
      type: "resolveFumble",
      option: "dropWeapon",
      fumble: { option: "dropWeapon", victim: null },
      damage: nothing,
      next: "resolved",
      dice: [],
    };
    expect(refusal(transition(fumbled(), event, ATTACKER))).toBe(RefusalCode.NotPermitted);
    const s = must(transition(fumbled(), event, GM));
    expect(s.fumble?.option).toBe("dropWeapon");
    expect(s.stage).toBe(ExchangeStage.Resolved);
  });

  it("goes to damageRolled when the fumble hurts someone", () => {
    const s = must(
      transition(
        fumbled(),
        {
          type: "resolveFumble",
          option: "hitSelf",
          fumble: { option: "hitSelf", victim: null },
          damage,
          next: "apply",
          dice: [],
        },
        GM,
      ),
    );
    expect(s.stage).toBe(ExchangeStage.DamageRolled);
  });

  it("refuses a fumble ruling on a card that was not fumbled", () => {
    const event: ExchangeEvent = {
      type: "resolveFumble",
      option: "hitSelf",
      fumble: { option: "hitSelf", victim: null },
      damage,
      next: "apply",
      dice: [],
    };
    expect(refusal(transition(attacked(), event, GM))).toBe(RefusalCode.WrongStage);
  });
});

describe("exchange state: apply and undo", () => {
  it("applies once: a second apply is refused as already applied", () => {
    const s = toDamageRolled();
    const applied = must(transition(s, { type: "apply", application, dice: [] }, DEFENDER));
    expect(applied.stage).toBe(ExchangeStage.Applied);
    expect(applied.application?.by).toBe("gm");
    expect(refusal(transition(applied, { type: "apply", application, dice: [] }, GM))).toBe(
      RefusalCode.AlreadyApplied,
    );
    // The same click replayed with the revision it saw is refused the same way.
    expect(refusal(transition(applied, { type: "apply", application, dice: [] }, GM, s.revision))).toBe(
      RefusalCode.AlreadyApplied,
    );
  });

  it("refuses an apply from a stranger", () => {
    expect(refusal(transition(toDamageRolled(), { type: "apply", application, dice: [] }, STRANGER))).toBe(
      RefusalCode.NotPermitted,
    );
  });

  it("refuses an apply before the damage is known", () => {
    expect(refusal(transition(attacked(), { type: "apply", application, dice: [] }, GM))).toBe(
      RefusalCode.WrongStage,
    );
  });

  it("lets only the GM undo, only what was applied, and only once", () => {
    const applied = must(transition(toDamageRolled(), { type: "apply", application, dice: [] }, GM));
    expect(refusal(transition(applied, { type: "undo" }, DEFENDER))).toBe(RefusalCode.NotPermitted);
    const undone = must(transition(applied, { type: "undo" }, GM));
    expect(undone.stage).toBe(ExchangeStage.Undone);
    expect(refusal(transition(undone, { type: "undo" }, GM))).toBe(RefusalCode.WrongStage);
    expect(refusal(transition(toDamageRolled(), { type: "undo" }, GM))).toBe(RefusalCode.NotApplied);
  });

  it("lets only the GM apply again what the GM undid", () => {
    const applied = must(transition(toDamageRolled(), { type: "apply", application, dice: [] }, ATTACKER));
    const undone = must(transition(applied, { type: "undo" }, GM));
    expect(refusal(transition(undone, { type: "apply", application, dice: [] }, ATTACKER))).toBe(
      RefusalCode.NotPermitted,
    );
    expect(refusal(transition(undone, { type: "apply", application, dice: [] }, DEFENDER))).toBe(
      RefusalCode.NotPermitted,
    );
    const again = must(transition(undone, { type: "apply", application, dice: [] }, GM));
    expect(again.stage).toBe(ExchangeStage.Applied);
    expect(again.history.map((h) => h.event)).toEqual([
      "create",
      "defend",
      "rollDamage",
      "apply",
      "undo",
      "apply",
    ]);
  });
});

describe("exchange state: cancel and free attacks", () => {
  it("lets the GM cancel an open exchange, nobody else, and nothing once applied", () => {
    expect(refusal(transition(attacked(), { type: "cancel" }, ATTACKER))).toBe(RefusalCode.NotPermitted);
    expect(must(transition(attacked(), { type: "cancel" }, GM)).stage).toBe(ExchangeStage.Cancelled);
    const applied = must(transition(toDamageRolled(), { type: "apply", application, dice: [] }, GM));
    expect(refusal(transition(applied, { type: "cancel" }, GM))).toBe(RefusalCode.WrongStage);
  });

  it("lets the charged target take its free attack once", () => {
    const defended = must(transition(attacked(), defendEvent("none"), DEFENDER));
    const offered = must(
      transition(
        defended,
        {
          type: "rollDamage",
          damage: nothing,
          next: "resolved",
          freeAttack: { attackerId: "Actor.def", targetId: "Actor.att", reasonKey: "k" },
          dice: [],
        },
        ATTACKER,
      ),
    );
    expect(refusal(transition(offered, { type: "takeFreeAttack" }, ATTACKER))).toBe(RefusalCode.NotPermitted);
    const taken = must(transition(offered, { type: "takeFreeAttack" }, DEFENDER));
    expect(taken.freeAttack?.taken).toBe(true);
    expect(taken.stage).toBe(offered.stage);
    expect(refusal(transition(taken, { type: "takeFreeAttack" }, DEFENDER))).toBe(RefusalCode.NoOffer);
  });

  it("refuses a free attack nobody offered", () => {
    const s = must(transition(attacked(), defendEvent("dodge", "resolved"), DEFENDER));
    expect(refusal(transition(s, { type: "takeFreeAttack" }, GM))).toBe(RefusalCode.NoOffer);
  });
});

describe("exchange state: who may do what, and what is open", () => {
  it("gives the GM every step and strangers none", () => {
    for (const intent of [
      "defend",
      "rollDamage",
      "resolveFumble",
      "apply",
      "undo",
      "cancel",
      "takeFreeAttack",
    ] as const) {
      expect(mayTake(intent, GM)).toBe(true);
      expect(mayTake(intent, STRANGER)).toBe(false);
    }
  });

  it("names the steps open at each stage", () => {
    expect(openIntents(attacked())).toEqual(["defend", "cancel"]);
    expect(openIntents(toDamageRolled())).toEqual(["apply", "cancel"]);
    const applied = must(transition(toDamageRolled(), { type: "apply", application, dice: [] }, GM));
    expect(openIntents(applied)).toEqual(["undo"]);
  });

  it("gives every refusal a localisation key under FANGS.Chat.Refusal", () => {
    const r = checkIntent(attacked(), { type: "undo" }, GM, 0);
    expect(r).toEqual({ code: "not-applied", messageKey: "FANGS.Chat.Refusal.NotApplied" });
  });
});

describe("exchange state: reading a stored card", () => {
  it("accepts a stored state and refuses damaged ones", () => {
    const s = attacked();
    expect(readState(JSON.parse(JSON.stringify(s)))?.stage).toBe("attackRolled");
    expect(readState(null)).toBeNull();
    expect(readState({ ...s, stage: "exploded" })).toBeNull();
    expect(readState({ ...s, revision: -1 })).toBeNull();
    expect(readState({ ...s, attacker: null })).toBeNull();
    expect(readState({ ...s, history: "x" })).toBeNull();
  });
});
