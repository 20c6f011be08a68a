import { describe, expect, it } from "vitest";
import {
  attackDeclaration,
  combatantState,
  defenderProfile,
  GRU_SWORD,
  parryItem,
  weaponProfile,
} from "../../../test/support/fangs-fixtures";
import { ScriptedDice } from "../kernel/dice";
import { type Effect, poolTotal } from "../kernel/effects";
import { RulesError } from "../kernel/errors";
import { resolveExchange } from "./exchange";
import {
  type AttackRoll,
  type DefenseRoll,
  decideOutcome,
  OutcomeKind,
  rollAttack,
  rollDefense,
} from "./outcome";
import {
  type AttackDeclaration,
  type CheckResult,
  type DefenseChoice,
  type DefenseDeclaration,
  SuccessLevel,
} from "./types";

/*
 * The outcome matrix, cell by cell, with every die scripted. Gru attacks
 * with a Broadsword (1d8+2, DM +1 flat: no DM die) at skill 12; Dagmar
 * (Stun 20, HP 10, armor 4, CO 10, SZ 10) defends at skill 12 with a
 * dagger (SP 6, 1d4+2) or a buckler (SP 6, 1d4), or as a monster.
 * Broadsword: d8 6 → 9 damage; maximum 11.
 */

const broadsword = weaponProfile();
const dagger = parryItem({
  id: "dagger",
  name: "Dagger",
  type: "weapon",
  itemSp: { value: 6, max: 6 },
  damage: "1d4+2",
});
const buckler = parryItem({ id: "buckler", name: "Buckler", itemSp: { value: 6, max: 6 } });
const skill12 = GRU_SWORD;

function attackOf(over: Partial<AttackDeclaration> = {}): AttackDeclaration {
  return attackDeclaration({
    attacker: {
      id: "gru",
      st: 14,
      damageModifier: 1,
      luck: null,
      state: combatantState({ co: 12, sz: 11 }),
    },
    ...over,
  });
}

function defenseOf(choice: DefenseChoice, over: Partial<DefenseDeclaration> = {}): DefenseDeclaration {
  const item = choice === "weaponParry" ? dagger : choice === "shieldParry" ? buckler : null;
  return {
    defender: defenderProfile({ armorProtection: 4 }),
    choice,
    skill: choice === "none" ? null : skill12,
    item,
    modifiers: 0,
    ...over,
  };
}

const ATTACK = {
  Fumble: [1, 7],
  Failure: [5],
  Success: [10],
  Special: [19, 2],
  Critical: [19, 10],
} as const;
const DEFENSE = {
  none: [],
  failed: [5],
  fumbled: [1, 3],
  success: [10],
  special: [19, 2],
  critical: [20, 10],
} as const;
type AttackLevelName = keyof typeof ATTACK;
type DefenseLevelName = keyof typeof DEFENSE;

interface Cell {
  readonly clause: string;
  readonly attack: AttackLevelName;
  readonly choice: DefenseChoice;
  readonly defense: DefenseLevelName;
  /** Dice after the attack and defense dice (confirmation, damage, consequences). */
  readonly more: readonly number[];
  readonly kind: OutcomeKind;
  readonly stun: number;
  readonly hp: number;
  readonly wear?: readonly [string, string, number, string];
  readonly counter?: readonly [number, number];
  readonly prone?: boolean;
  readonly level?: SuccessLevel;
}

const K = OutcomeKind;
const parries: DefenseChoice[] = ["weaponParry", "shieldParry"];
const itemOf = (choice: DefenseChoice) => (choice === "weaponParry" ? "dagger" : "buckler");

function cells(): Cell[] {
  const out: Cell[] = [];
  // A normal success.
  out.push({
    clause: "NC-DMG-1",
    attack: "Success",
    choice: "none",
    defense: "none",
    more: [6],
    kind: K.Hit,
    stun: 5,
    hp: 1,
  });
  for (const choice of ["dodge", ...parries, "monsterParry"] as DefenseChoice[]) {
    out.push({
      clause: "NC-DMG-3",
      attack: "Success",
      choice,
      defense: "failed",
      more: [6],
      kind: K.Hit,
      stun: 5,
      hp: 1,
    });
    out.push({
      clause: "NC-DMG-22",
      attack: "Success",
      choice,
      defense: "fumbled",
      more: [5],
      kind: K.SpecialHit,
      stun: 7,
      hp: 2,
      level: SuccessLevel.Special,
    });
  }
  for (const defense of ["success", "special", "critical"] as const) {
    out.push({
      clause: "NC-DMG-4",
      attack: "Success",
      choice: "dodge",
      defense,
      more: [],
      kind: K.Dodged,
      stun: 0,
      hp: 0,
    });
  }
  for (const choice of parries) {
    out.push({
      clause: "NC-DMG-6",
      attack: "Success",
      choice,
      defense: "success",
      more: [8],
      kind: K.Parried,
      stun: 1,
      hp: 0,
      wear: ["dagmar", itemOf(choice), -1, "nick"],
    });
  }
  // Special parry: dagger 1d4+2 (3 → 5), buckler 1d4 (3 → 3) off the Broadsword.
  out.push({
    clause: "NC-DMG-18",
    attack: "Success",
    choice: "weaponParry",
    defense: "special",
    more: [3],
    kind: K.SpecialParry,
    stun: 0,
    hp: 0,
    wear: ["gru", "broadsword", -5, "specialParry"],
  });
  out.push({
    clause: "NC-DMG-18",
    attack: "Success",
    choice: "shieldParry",
    defense: "special",
    more: [3],
    kind: K.SpecialParry,
    stun: 0,
    hp: 0,
    wear: ["gru", "broadsword", -3, "specialParry"],
  });
  out.push({
    clause: "NC-DMG-19",
    attack: "Success",
    choice: "weaponParry",
    defense: "critical",
    more: [3],
    kind: K.CriticalParry,
    stun: 0,
    hp: 0,
    counter: [5, 3],
  });
  out.push({
    clause: "NC-DMG-19",
    attack: "Success",
    choice: "shieldParry",
    defense: "critical",
    more: [3],
    kind: K.CriticalParry,
    stun: 0,
    hp: 0,
    counter: [3, 2],
  });
  out.push({
    clause: "NC-DEF-8",
    attack: "Success",
    choice: "monsterParry",
    defense: "success",
    more: [],
    kind: K.Parried,
    stun: 0,
    hp: 0,
  });
  out.push({
    clause: "NC-DEF-8",
    attack: "Success",
    choice: "monsterParry",
    defense: "special",
    more: [],
    kind: K.SpecialParry,
    stun: 0,
    hp: 0,
    wear: ["gru", "broadsword", -1, "specialParry"],
  });
  out.push({
    clause: "NC-DEF-8",
    attack: "Success",
    choice: "monsterParry",
    defense: "critical",
    more: [],
    kind: K.CriticalParry,
    stun: 0,
    hp: 0,
  });

  // Special (non-impaling: maximum 11, less armor 4 → 7 Stun, 6 − 4 = 2 HP) and Critical (no armor: 11/6).
  for (const attack of ["Special", "Critical"] as const) {
    const crit = attack === "Critical";
    // A Critical's 11 Stun is more than half of 20: CO check (10 + CO 10 = 20, made).
    const co = crit ? [10] : [];
    const hitStun = crit ? 11 : 7;
    const hitHp = crit ? 6 : 2;
    out.push({
      clause: crit ? "NC-DMG-14" : "NC-DMG-10",
      attack,
      choice: "none",
      defense: "none",
      more: co,
      kind: K.SpecialHit,
      stun: hitStun,
      hp: hitHp,
    });
    for (const choice of ["dodge", ...parries, "monsterParry"] as DefenseChoice[]) {
      out.push({
        clause: crit ? "NC-DMG-14" : "NC-DMG-10",
        attack,
        choice,
        defense: "failed",
        more: co,
        kind: K.SpecialHit,
        stun: hitStun,
        hp: hitHp,
      });
      // Fumbled defense: 11 to Stun and 11 to HP, no armor; HP 10 → −1: dying, so no CO check.
      const fumbled: Cell = {
        clause: "NC-DMG-23",
        attack,
        choice,
        defense: "fumbled",
        more: [],
        kind: K.FumbledDefenseHit,
        stun: 11,
        hp: 11,
      };
      if (choice === "dodge") out.push({ ...fumbled, prone: true });
      else if (choice === "monsterParry") out.push(fumbled);
      else out.push({ ...fumbled, wear: ["dagmar", itemOf(choice), -6, "broken"] });
    }
    out.push({
      clause: "NC-DMG-15",
      attack,
      choice: "dodge",
      defense: "success",
      more: [6],
      kind: K.Hit,
      stun: 5,
      hp: 1,
      level: SuccessLevel.Success,
    });
    out.push({
      clause: "NC-DMG-16",
      attack,
      choice: "dodge",
      defense: "special",
      more: [],
      kind: K.Dodged,
      stun: 0,
      hp: 0,
    });
    out.push({
      clause: "NC-DMG-16",
      attack,
      choice: "dodge",
      defense: "critical",
      more: [],
      kind: K.Dodged,
      stun: 0,
      hp: 0,
    });
    // Parried: 11 against SP 6 → 5 through (Special: less armor → 1 Stun, 0 HP; Critical: 5/3).
    out.push({
      clause: "NC-DMG-17",
      attack,
      choice: "weaponParry",
      defense: "success",
      more: [],
      kind: K.ParriedSpecial,
      stun: crit ? 5 : 1,
      hp: crit ? 3 : 0,
      wear: ["dagmar", "dagger", -6, "broken"],
    });
    out.push({
      clause: "NC-DMG-17",
      attack,
      choice: "shieldParry",
      defense: "success",
      more: [],
      kind: K.ParriedSpecial,
      stun: crit ? 5 : 1,
      hp: crit ? 3 : 0,
      wear: ["dagmar", "buckler", -5, "excess"],
    });
    for (const defense of ["special", "critical"] as const) {
      for (const choice of parries) {
        out.push({
          clause: "NC-DMG-20",
          attack,
          choice,
          defense,
          more: [8],
          kind: K.Parried,
          stun: 1,
          hp: 0,
          wear: ["dagmar", itemOf(choice), -1, "nick"],
          level: SuccessLevel.Success,
        });
      }
      out.push({
        clause: "NC-DEF-8",
        attack,
        choice: "monsterParry",
        defense,
        more: [],
        kind: K.Parried,
        stun: 0,
        hp: 0,
      });
    }
    out.push({
      clause: "NC-DEF-8",
      attack,
      choice: "monsterParry",
      defense: "success",
      more: [],
      kind: K.ParriedSpecial,
      stun: 0,
      hp: 0,
    });
  }
  return out;
}

function durability(effects: readonly Effect[]) {
  return effects.filter((e) => e.kind === "itemDurability");
}

describe("the outcome matrix (resolveExchange, every die scripted)", () => {
  const all = cells();

  it("the matrix covers every attack level × defense level × defense kind that rolls damage", () => {
    // Success, Special, Critical × (none + 5 defense levels × 4 kinds).
    expect(all.length).toBe(3 * (1 + 5 * 4));
    const keys = new Set(all.map((c) => `${c.attack}/${c.choice}/${c.defense}`));
    expect(keys.size).toBe(all.length);
  });

  const label = (c: Cell) =>
    [`${c.attack} attack vs ${c.defense} ${c.choice} → ${c.kind} (${c.stun} Stun, ${c.hp} HP)`, c] as const;
  const cellsOf = (clause: string) => all.filter((c) => c.clause === clause).map(label);
  const check = (_title: string, cell: Cell) => {
    const script = [...ATTACK[cell.attack], ...DEFENSE[cell.defense], ...cell.more];
    const dice = new ScriptedDice(script);
    const result = resolveExchange({ attack: attackOf(), defense: defenseOf(cell.choice) }, dice);
    expect(dice.remaining).toBe(0);
    expect(result.outcome.kind).toBe(cell.kind);
    expect(poolTotal(result.effects, "dagmar", "stunPoints")).toBe(cell.stun);
    expect(poolTotal(result.effects, "dagmar", "hitPoints")).toBe(cell.hp);
    expect(result.damage.stunDamage).toBe(cell.stun);
    expect(result.damage.hitPointDamage).toBe(cell.hp);
    const wear = durability(result.effects);
    if (cell.wear) {
      expect(wear).toEqual([
        {
          kind: "itemDurability",
          actorId: cell.wear[0],
          itemId: cell.wear[1],
          delta: cell.wear[2],
          reason: cell.wear[3],
        },
      ]);
    } else {
      expect(wear).toEqual([]);
    }
    expect(poolTotal(result.effects, "gru", "stunPoints")).toBe(cell.counter?.[0] ?? 0);
    expect(poolTotal(result.effects, "gru", "hitPoints")).toBe(cell.counter?.[1] ?? 0);
    expect(result.effects.some((e) => e.kind === "prone")).toBe(cell.prone === true);
    expect(result.effects.some((e) => e.kind === "stuckItem")).toBe(false);
    if (cell.level !== undefined) expect(result.outcome.attackLevel).toBe(cell.level);
    expect(result.outcome.clauses.length).toBeGreaterThan(0);
  };

  it("every cell of the matrix is run by exactly one of the clause groups below", () => {
    const groups = [
      "NC-DMG-1",
      "NC-DMG-3",
      "NC-DMG-4",
      "NC-DMG-6",
      "NC-DMG-10",
      "NC-DMG-14",
      "NC-DMG-15",
      "NC-DMG-16",
      "NC-DMG-17",
      "NC-DMG-18",
      "NC-DMG-19",
      "NC-DMG-20",
      "NC-DMG-22",
      "NC-DMG-23",
      "NC-DEF-8",
    ];
    expect(groups.reduce((n, g) => n + cellsOf(g).length, 0)).toBe(all.length);
  });

  it.each(cellsOf("NC-DMG-1"))("NC-DMG-1: %s", check);
  it.each(cellsOf("NC-DMG-3"))("NC-DMG-3: %s", check);
  it.each(cellsOf("NC-DMG-4"))("NC-DMG-4: %s", check);
  it.each(cellsOf("NC-DMG-6"))("NC-DMG-6: %s", check);
  it.each(cellsOf("NC-DMG-10"))("NC-DMG-10: %s", check);
  it.each(cellsOf("NC-DMG-14"))("NC-DMG-14: %s", check);
  it.each(cellsOf("NC-DMG-15"))("NC-DMG-15: %s", check);
  it.each(cellsOf("NC-DMG-16"))("NC-DMG-16: %s", check);
  it.each(cellsOf("NC-DMG-17"))("NC-DMG-17: %s", check);
  it.each(cellsOf("NC-DMG-18"))("NC-DMG-18: %s", check);
  it.each(cellsOf("NC-DMG-19"))("NC-DMG-19: %s", check);
  it.each(cellsOf("NC-DMG-20"))("NC-DMG-20: %s", check);
  it.each(cellsOf("NC-DMG-22"))("NC-DMG-22: %s", check);
  it.each(cellsOf("NC-DMG-23"))("NC-DMG-23: %s", check);
  it.each(cellsOf("NC-DEF-8"))("NC-DEF-8: %s", check);

  it.each(
    (["none", "dodge", "weaponParry", "shieldParry", "monsterParry"] as DefenseChoice[])
      .flatMap((choice) =>
        (["Fumble", "Failure"] as const).flatMap((attack) =>
          (choice === "none"
            ? (["none"] as const)
            : (["failed", "fumbled", "success", "special", "critical"] as const)
          ).map((defense) => ({ attack, choice, defense })),
        ),
      )
      .map(
        (c) =>
          [
            `a ${c.attack} attack vs ${c.defense} ${c.choice} does no damage and rolls no defense`,
            c,
          ] as const,
      ),
  )("NC-DMG-21: %s", (_title, { attack, choice, defense }) => {
    const dice = new ScriptedDice([...ATTACK[attack]]);
    const result = resolveExchange({ attack: attackOf(), defense: defenseOf(choice) }, dice);
    expect(dice.remaining).toBe(0);
    expect(result.defense).toBeNull();
    expect(result.outcome.kind).toBe(attack === "Fumble" ? K.AttackFumbled : K.Missed);
    expect(result.effects.filter((e) => e.kind === "pool")).toEqual([]);
    // The step function ignores a defense roll it is handed after a failed attack, too.
    const attackRoll = rollAttack(attackOf(), new ScriptedDice([...ATTACK[attack]]));
    const defenseRoll: DefenseRoll | null =
      choice === "none" ? null : rollDefense(defenseOf(choice), new ScriptedDice([...DEFENSE[defense]]));
    expect(decideOutcome(attackRoll, defenseRoll, new ScriptedDice([])).kind).toBe(result.outcome.kind);
  });
});

describe("outcome details", () => {
  function roll(level: SuccessLevel, natural = 10, skill = 12): CheckResult {
    return {
      skill,
      modifiers: 0,
      natural,
      confirmation: null,
      total: natural + skill,
      success: level >= 2,
      level,
    };
  }
  const attackRoll = (level: SuccessLevel, natural = 10): AttackRoll => ({
    attackerId: "gru",
    weaponId: "broadsword",
    mode: "strike",
    weaponKind: "melee",
    impales: false,
    luck: null,
    check: roll(level, natural),
  });
  const defenseRoll = (choice: DefenseChoice, level: SuccessLevel): DefenseRoll => ({
    defenderId: "dagmar",
    choice,
    itemId: choice === "dodge" ? null : "buckler",
    itemType: choice === "dodge" ? null : "shield",
    check: roll(level),
  });

  it("NC-DMG-22: a fumbled defense makes a normal success Critical when the second roll + skill ≥ 20", () => {
    const dice = new ScriptedDice([8]);
    const o = decideOutcome(
      attackRoll(SuccessLevel.Success),
      defenseRoll("dodge", SuccessLevel.Fumble),
      dice,
    );
    expect(dice.remaining).toBe(0);
    expect(o.kind).toBe(OutcomeKind.SpecialHit);
    expect(o.attackLevel).toBe(SuccessLevel.Critical);
    expect(o.upgradeConfirmation).toBe(8);
    const special = decideOutcome(
      attackRoll(SuccessLevel.Success),
      defenseRoll("shieldParry", SuccessLevel.Fumble),
      new ScriptedDice([7]),
    );
    expect(special.attackLevel).toBe(SuccessLevel.Special);
    // NC-DMG-22 makes damage as a Special; the fall and the broken item belong to NC-DMG-23 only.
    expect(special.prone).toBe(false);
    expect(special.parryItemBroken).toBe(false);
  });

  it("NC-DMG-22: the upgraded Critical ignores armor (11 Stun, 6 HP through 4 armor)", () => {
    const dice = new ScriptedDice([10, 1, 3, 8, 10]);
    const r = resolveExchange({ attack: attackOf(), defense: defenseOf("dodge") }, dice);
    expect(dice.remaining).toBe(0);
    expect(r.outcome.attackLevel).toBe(SuccessLevel.Critical);
    expect(r.damage.stunDamage).toBe(11);
    expect(r.damage.hitPointDamage).toBe(6);
  });

  it("NC-DMG-21: a fumbled attack with a known Luck rolls it and suggests a result", () => {
    const lucky = new ScriptedDice([1, 7, 12]);
    const r = resolveExchange(
      { attack: attackOf({ attacker: { ...attackOf().attacker, luck: 9 } }), defense: defenseOf("dodge") },
      lucky,
    );
    expect(lucky.remaining).toBe(0);
    expect(r.outcome.fumble?.check.total).toBe(21);
    expect(r.outcome.fumble?.suggested).toBe("dropWeapon");
    const note = r.effects.find((e) => e.kind === "note" && e.key === "FANGS.Rules.Fumble.Choose");
    expect(note).toMatchObject({ data: { suggested: "dropWeapon", actorId: "gru", itemId: "broadsword" } });
  });

  it("NC-GRP-1: a grapple is parried only with Grapple, and Grapple parries only grapples", () => {
    const grapple = attackOf({ mode: "grapple", weapon: { ...broadsword, id: "grapple", itemSp: null } });
    expect(() =>
      resolveExchange({ attack: grapple, defense: defenseOf("shieldParry") }, new ScriptedDice([10])),
    ).toThrowError(expect.objectContaining({ code: "defense-not-allowed" }));
    expect(() =>
      resolveExchange(
        { attack: attackOf(), defense: defenseOf("grappleParry", { skill: skill12 }) },
        new ScriptedDice([10]),
      ),
    ).toThrowError(expect.objectContaining({ code: "defense-not-allowed" }));
    const dice = new ScriptedDice([10, 5]);
    const hit = resolveExchange({ attack: grapple, defense: defenseOf("grappleParry") }, dice);
    expect(dice.remaining).toBe(0);
    expect(hit.outcome.kind).toBe(OutcomeKind.Grappled);
    expect(hit.effects).toEqual([{ kind: "status", actorId: "dagmar", status: "grappled", active: true }]);
    const parried = resolveExchange(
      { attack: grapple, defense: defenseOf("grappleParry") },
      new ScriptedDice([10, 10]),
    );
    expect(parried.outcome.kind).toBe(OutcomeKind.Parried);
    expect(parried.effects).toEqual([]);
    const dodged = resolveExchange(
      { attack: grapple, defense: defenseOf("dodge") },
      new ScriptedDice([10, 10]),
    );
    expect(dodged.outcome.kind).toBe(OutcomeKind.Dodged);
  });

  it("NC-DEF-1: a shot missile is only dodged; a thrown one is parried by a shield, never a weapon", () => {
    const bow = attackOf({ weapon: { ...broadsword, id: "bow", kind: "missile", itemSp: null } });
    for (const choice of ["weaponParry", "shieldParry", "monsterParry"] as DefenseChoice[]) {
      expect(() =>
        resolveExchange({ attack: bow, defense: defenseOf(choice) }, new ScriptedDice([10])),
      ).toThrowError(expect.objectContaining({ code: "defense-not-allowed" }));
    }
    const javelin = attackOf({ weapon: { ...broadsword, id: "javelin", kind: "thrown" } });
    expect(() =>
      resolveExchange({ attack: javelin, defense: defenseOf("weaponParry") }, new ScriptedDice([10])),
    ).toThrowError(expect.objectContaining({ code: "defense-not-allowed" }));
    const dice = new ScriptedDice([10, 10, 8]);
    expect(resolveExchange({ attack: javelin, defense: defenseOf("shieldParry") }, dice).outcome.kind).toBe(
      OutcomeKind.Parried,
    );
    expect(dice.remaining).toBe(0);
  });

  it("NC-MAN-3: a defense outside `allowed` is refused before any die is rolled", () => {
    const dice = new ScriptedDice([]);
    try {
      resolveExchange(
        { attack: attackOf(), defense: defenseOf("dodge", { allowed: ["weaponParry", "shieldParry"] }) },
        dice,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RulesError);
      expect((error as RulesError).code).toBe("defense-not-allowed");
    }
    const ok = new ScriptedDice([10, 10]);
    expect(
      resolveExchange({ attack: attackOf(), defense: defenseOf("dodge", { allowed: ["dodge"] }) }, ok).outcome
        .kind,
    ).toBe(OutcomeKind.Dodged);
    // "none" is always open: nobody must defend.
    expect(
      resolveExchange(
        { attack: attackOf(), defense: defenseOf("none", { allowed: [] }) },
        new ScriptedDice([10, 6]),
      ).outcome.kind,
    ).toBe(OutcomeKind.Hit);
  });

  it("NC-DMG-8: parrying with a shattered shield is refused with item-shattered", () => {
    const shattered = { ...buckler, itemSp: { value: 0, max: 6 } };
    expect(() =>
      rollDefense(defenseOf("shieldParry", { item: shattered }), new ScriptedDice([10])),
    ).toThrowError(expect.objectContaining({ code: "item-shattered" }));
    expect(() =>
      resolveExchange(
        { attack: attackOf(), defense: defenseOf("shieldParry", { item: shattered }) },
        new ScriptedDice([5]),
      ),
    ).toThrowError(expect.objectContaining({ code: "item-shattered" }));
  });

  it("NC-DMG-7: a weapon under half its SP cannot attack; exactly half still can; shattered cannot", () => {
    const worn = (value: number) => attackOf({ weapon: { ...broadsword, itemSp: { value, max: 10 } } });
    expect(() => rollAttack(worn(4), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "item-unusable" }),
    );
    expect(rollAttack(worn(5), new ScriptedDice([10])).check.success).toBe(true);
    expect(() => rollAttack(worn(0), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "item-shattered" }),
    );
  });

  it("NC-DMG-7: a weapon under half its SP can still parry", () => {
    const worn = { ...dagger, itemSp: { value: 2, max: 6 } };
    const dice = new ScriptedDice([10, 10, 1]);
    const r = resolveExchange(
      { attack: attackOf(), defense: defenseOf("weaponParry", { item: worn }) },
      dice,
    );
    expect(dice.remaining).toBe(0);
    expect(r.outcome.kind).toBe(OutcomeKind.Parried);
    // 1 + 2 + 1 = 4 against SP 2: 2 through (less armor 4: nothing), nicked to 1.
    expect(r.damage.parryItemWear).toBe(1);
  });

  it("NC-DMG-1: bad declarations are refused with clear codes", () => {
    expect(() => rollDefense(defenseOf("weaponParry", { item: null }), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
    expect(() => rollDefense(defenseOf("dodge", { skill: null }), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
    expect(() => rollDefense(defenseOf("parry" as DefenseChoice), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
    expect(() => rollAttack(attackOf({ extraDamageModifier: -1 }), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
    expect(() => rollAttack(attackOf({ mode: "bash" as "strike" }), new ScriptedDice([10]))).toThrowError(
      expect.objectContaining({ code: "invalid-value" }),
    );
    expect(() =>
      resolveExchange(
        { attack: attackOf({ weapon: { ...broadsword, damage: "1d8+" } }), defense: defenseOf("none") },
        new ScriptedDice([10]),
      ),
    ).toThrowError(expect.objectContaining({ code: "malformed-dice" }));
  });
});
