import { type DiceFormula, formatFormula, parseDiceFormula } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { FANGS_DEFAULTS, type FangsOptions, resolveOptions } from "./config";
import {
  CHARACTERISTIC_IDS,
  type CharacteristicId,
  type Characteristics,
  type ItemCondition,
  type ItemSp,
  type SkillValue,
} from "./types";

/**
 * Characters: characteristics, the attributes derived from them, natural
 * abilities and skills, item condition. Every formula and figure comes from
 * the options (FANGS_DEFAULTS unless overridden).
 */

/** Above any human or monster the texts describe; refuses typos like 1500. */
const CHARACTERISTIC_LIMIT = 999;

/** Throws `invalid-characteristic` unless all seven are whole numbers from 0 to 999. */
export function validateCharacteristics(c: unknown): asserts c is Characteristics {
  if (c === null || typeof c !== "object") {
    throw new RulesError(
      "invalid-characteristic",
      "characteristics must be an object with ST, AG, CO, IN, PW, SZ, AP",
      {
        value: c,
      },
    );
  }
  const record = c as Record<string, unknown>;
  for (const id of CHARACTERISTIC_IDS) {
    requireInteger(record[id], id.toUpperCase(), 0, CHARACTERISTIC_LIMIT, "invalid-characteristic");
  }
}

/* -------------------------------------------- */
/*  Characteristic costs (CORE-CHR-1)           */
/* -------------------------------------------- */

/**
 * Points to buy one characteristic up from the base. A value below the base
 * costs nothing: the text only prices raising, and a lower value (a small
 * species' SZ) is the GM's call, neither charged nor refunded.
 */
export function characteristicCost(value: number, options?: FangsOptions): number {
  const rules = resolveOptions(options);
  requireInteger(value, "a characteristic", 0, Infinity, "invalid-characteristic");
  if (value <= rules.characteristicBase) return 0;
  if (value > rules.characteristicStartingMax) {
    throw new RulesError(
      "invalid-characteristic",
      `${value} is above the starting maximum of ${rules.characteristicStartingMax}`,
      { value, max: rules.characteristicStartingMax },
    );
  }
  const cost = rules.characteristicCosts[value];
  if (cost === undefined) {
    throw new RulesError("invalid-value", `no point cost is set for a characteristic of ${value}`, { value });
  }
  return cost;
}

/** Total points a starting character spent on its seven characteristics. */
export function characteristicsCost(c: Characteristics, options?: FangsOptions): number {
  validateCharacteristics(c);
  let total = 0;
  for (const id of CHARACTERISTIC_IDS) total += characteristicCost(c[id], options);
  return total;
}

/* -------------------------------------------- */
/*  Formulas over characteristics               */
/* -------------------------------------------- */

/** A formula compiled once: evaluated with exact fractions, so 35/5 is 7 and never 6.999. */
type Compiled = (c: Characteristics) => readonly [number, number];

const compiledFormulas = new Map<string, Compiled>();

const IDENTIFIERS: Readonly<Record<string, CharacteristicId>> = {
  ST: "st",
  AG: "ag",
  CO: "co",
  IN: "in",
  PW: "pw",
  SZ: "sz",
  AP: "ap",
};

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b !== 0) [a, b] = [b, a % b];
  return a || 1;
}

function fraction(n: number, d: number): readonly [number, number] {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return [n / g, d / g];
}

/** A small recursive-descent parser: + − × ÷ (written * or × or ·, /), parentheses, whole numbers, ST…AP. */
function compileFormula(source: string): Compiled {
  const bad = (why: string): RulesError =>
    new RulesError("invalid-value", `"${source}" is not a characteristic formula: ${why}`, {
      formula: source,
    });
  if (typeof source !== "string") throw bad("not text");
  const tokens = source.match(/\d+|[A-Za-z]+|[-+*/×·()]|\S/g) ?? [];
  if (tokens.length === 0) throw bad("empty");
  let at = 0;

  const expression = (): Compiled => {
    let left = term();
    while (tokens[at] === "+" || tokens[at] === "-") {
      const op = tokens[at++];
      const right = term();
      const l = left;
      left =
        op === "+"
          ? (c) => {
              const [a, b] = l(c);
              const [x, y] = right(c);
              return fraction(a * y + x * b, b * y);
            }
          : (c) => {
              const [a, b] = l(c);
              const [x, y] = right(c);
              return fraction(a * y - x * b, b * y);
            };
    }
    return left;
  };

  const term = (): Compiled => {
    let left = factor();
    while (tokens[at] === "*" || tokens[at] === "×" || tokens[at] === "·" || tokens[at] === "/") {
      const op = tokens[at++];
      const right = factor();
      const l = left;
      left =
        op === "/"
          ? (c) => {
              const [a, b] = l(c);
              const [x, y] = right(c);
              if (x === 0)
                throw new RulesError("invalid-value", `"${source}" divides by zero`, { formula: source });
              return fraction(a * y, b * x);
            }
          : (c) => {
              const [a, b] = l(c);
              const [x, y] = right(c);
              return fraction(a * x, b * y);
            };
    }
    return left;
  };

  const factor = (): Compiled => {
    const token = tokens[at++];
    if (token === undefined) throw bad("it ends too early");
    if (token === "-") {
      const inner = factor();
      return (c) => {
        const [a, b] = inner(c);
        return [-a, b];
      };
    }
    if (token === "(") {
      const inner = expression();
      if (tokens[at++] !== ")") throw bad("a parenthesis is not closed");
      return inner;
    }
    if (/^\d+$/.test(token)) {
      const value: readonly [number, number] = [Number(token), 1];
      return () => value;
    }
    const id = IDENTIFIERS[token.toUpperCase()];
    if (id === undefined) throw bad(`unknown word "${token}" (use ST, AG, CO, IN, PW, SZ, AP)`);
    return (c) => [c[id], 1];
  };

  const compiled = expression();
  if (at !== tokens.length) throw bad(`unexpected "${tokens[at]}"`);
  return compiled;
}

function compiled(formula: string): Compiled {
  let fn = compiledFormulas.get(formula);
  if (fn === undefined) {
    fn = compileFormula(formula);
    compiledFormulas.set(formula, fn);
  }
  return fn;
}

/**
 * A natural ability from its formula ("(ST+AG+SZ)/5", "2*IN/5"), fractions
 * rounded up (CORE-CHR-6). A malformed formula is an `invalid-value` error.
 */
export function naturalAbility(formula: string, characteristics: Characteristics): number {
  const fn = compiled(formula);
  validateCharacteristics(characteristics);
  const [n, d] = fn(characteristics);
  return Math.ceil(n / d);
}

/** A skill: natural ability + bought points (CORE-CHR-6). Trades may move only the bought points. */
export function skillValue(formula: string, characteristics: Characteristics, bought: number): SkillValue {
  requireInteger(bought, "bought skill points", 0);
  const natural = naturalAbility(formula, characteristics);
  return { natural, bought, total: natural + bought };
}

/* -------------------------------------------- */
/*  Damage Modifier (CORE-CHR-4)                */
/* -------------------------------------------- */

/** DM = max(0, floor((ST+SZ−20)/5)), capped at 10 ([default], all overridable). */
export function damageModifier(st: number, sz: number, options?: FangsOptions): number {
  const rules = resolveOptions(options);
  requireInteger(st, "ST", 0, Infinity, "invalid-characteristic");
  requireInteger(sz, "SZ", 0, Infinity, "invalid-characteristic");
  const raw = Math.floor((st + sz - rules.damageModifierThreshold) / rules.damageModifierStep);
  return Math.min(rules.damageModifierCap, Math.max(0, raw));
}

const dmFormulaCache = new WeakMap<object, Map<number, DiceFormula>>();
/** The default table's dice by DM, the exchange's hot path: an array read, no map. */
const defaultDmDice: (DiceFormula | undefined)[] = new Array(64);

/**
 * The dice for a DM, whose maximum is the DM: an even DM from the table (the
 * largest entry repeated, then the rest, above the table), an odd DM the
 * dice of DM−1 then +1. DM 0 rolls nothing, DM 1 is a flat +1.
 * Parsed once per DM and options table: the exchange calls this on its hot path.
 */
export function damageModifierDice(dm: number, options?: FangsOptions): DiceFormula {
  if (!(Number.isInteger(dm) && dm >= 0)) requireInteger(dm, "a Damage Modifier", 0);
  const table = resolveOptions(options).damageModifierDice;
  if (table === FANGS_DEFAULTS.damageModifierDice && dm < defaultDmDice.length) {
    const hit = defaultDmDice[dm];
    if (hit !== undefined) return hit;
  }
  let cache = dmFormulaCache.get(table);
  if (cache === undefined) {
    cache = new Map();
    dmFormulaCache.set(table, cache);
  }
  let formula = cache.get(dm);
  if (formula === undefined) {
    formula = buildDamageModifierDice(dm, table);
    cache.set(dm, formula);
    if (table === FANGS_DEFAULTS.damageModifierDice && dm < 64) defaultDmDice[dm] = formula;
  }
  return formula;
}

function buildDamageModifierDice(dm: number, table: Readonly<Record<number, string>>): DiceFormula {
  const keys = Object.keys(table)
    .map(Number)
    .filter((k) => Number.isInteger(k) && k > 0)
    .sort((a, b) => b - a);
  const counts = new Map<number, number>();
  let flat = dm % 2;
  let rest = dm - flat;
  while (rest > 0) {
    const key = keys.find((k) => k <= rest);
    if (key === undefined) {
      throw new RulesError("invalid-value", `the DM dice table has no entry that fits a DM of ${dm}`, { dm });
    }
    const part = parseDiceFormula(table[key]!);
    for (const t of part.terms) counts.set(t.faces, (counts.get(t.faces) ?? 0) + t.sign * t.count);
    flat += part.flat;
    rest -= key;
  }
  const terms = [...counts.entries()]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => b - a)
    .map(([faces, count]) => ({ count, faces, sign: 1 as const }));
  const shape: DiceFormula = { source: "", terms, flat };
  return parseDiceFormula(formatFormula(shape));
}

/** The DM as dice text for sheets and chat ("1d2", "1d4+1", "2d6"); "0" for no DM. */
export function damageModifierFormula(dm: number, options?: FangsOptions): string {
  return damageModifierDice(dm, options).source;
}

/* -------------------------------------------- */
/*  Attributes (CORE-CHR-2 … -7)                */
/* -------------------------------------------- */

export interface DerivedAttributes {
  readonly hitPoints: number;
  readonly stunPoints: number;
  readonly damageModifier: number;
  readonly movement: number;
  /** Dodge skill: natural (AG) + bought − armor protection (CORE-CHR-7). May go below 0 under heavy armor. */
  readonly dodge: number;
  readonly idea: number;
  readonly luck: number;
  readonly fatigue: number;
  readonly powerPoints: number;
}

export interface AttributeInputs {
  /** The SP of the armor worn (Leathers 1 … Plate Mail 8). */
  readonly armorProtection: number;
  /** Dodge skill points bought. */
  readonly dodgeBought: number;
}

export function deriveAttributes(
  characteristics: Characteristics,
  inputs: AttributeInputs,
  options?: FangsOptions,
): DerivedAttributes {
  validateCharacteristics(characteristics);
  const { armorProtection, dodgeBought } = inputs ?? ({} as AttributeInputs);
  requireInteger(armorProtection, "armorProtection", 0);
  requireInteger(dodgeBought, "dodgeBought", 0);
  const rules = resolveOptions(options);
  const c = characteristics;
  return {
    hitPoints: naturalAbility(rules.hitPointsFormula, c),
    stunPoints: naturalAbility(rules.stunPointsFormula, c),
    damageModifier: damageModifier(c.st, c.sz, rules),
    movement: Math.max(0, naturalAbility(rules.movementFormula, c)),
    dodge: naturalAbility(rules.dodgeNaturalFormula, c) + dodgeBought - armorProtection,
    idea: naturalAbility(rules.ideaFormula, c),
    luck: naturalAbility(rules.luckFormula, c),
    fatigue: naturalAbility(rules.fatigueFormula, c),
    powerPoints: naturalAbility(rules.powerPointsFormula, c),
  };
}

/* -------------------------------------------- */
/*  Item condition (NC-DMG-6, -7, -8)           */
/* -------------------------------------------- */

/** Refuses an SP track that is not 0 ≤ value ≤ max with max ≥ 1. */
export function validateItemSp(itemSp: ItemSp, what = "item SP"): void {
  const { value, max } = itemSp ?? ({} as ItemSp);
  if (!Number.isInteger(max) || max < 1 || !Number.isInteger(value) || value < 0 || value > max) {
    throw new RulesError("invalid-value", `${what} must be whole numbers with 0 ≤ value ≤ max and max ≥ 1`, {
      what,
      value,
      max,
    });
  }
}

/**
 * Whether a weapon is at hand: a natural weapon (a fist, a kick, claws) is
 * part of the body and always is; any other weapon when it is equipped.
 */
export function weaponAtHand(weapon: { readonly equipped?: unknown; readonly natural?: unknown }): boolean {
  return weapon.natural === true || weapon.equipped === true;
}

/**
 * Sound at full SP; nicked below it; unusable for attack below half ("less
 * than 50%", so exactly half still attacks); shattered at 0.
 */
export function itemCondition(itemSp: ItemSp): ItemCondition {
  validateItemSp(itemSp);
  if (itemSp.value === 0) return "shattered";
  if (itemSp.value * 2 < itemSp.max) return "unusableForAttack";
  if (itemSp.value < itemSp.max) return "nicked";
  return "sound";
}
