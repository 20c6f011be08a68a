import { RulesError, requireInteger } from "./errors";

/**
 * Where every die of the rules core comes from. Tests script each die, the
 * simulator uses a seeded generator, and the Foundry layer records what real
 * Rolls produced. A source returns an integer from 1 to `faces`.
 */
export interface DiceSource {
  roll(faces: number): number;
}

/** One die as it was rolled, kept so cards and logs can show every roll. */
export interface DieResult {
  readonly faces: number;
  readonly result: number;
}

/** Plays back a fixed list of dice and refuses to invent any more. */
export class ScriptedDice implements DiceSource {
  readonly #results: number[];
  #next = 0;

  constructor(results: readonly number[]) {
    this.#results = [...results];
  }

  roll(faces: number): number {
    if (this.#next >= this.#results.length) {
      throw new RulesError(
        "dice-exhausted",
        `scripted dice ran out: die #${this.#next + 1} (d${faces}) was not scripted`,
        {
          faces,
          index: this.#next,
        },
      );
    }
    const result = this.#results[this.#next]!;
    if (!Number.isInteger(result) || result < 1 || result > faces) {
      throw new RulesError(
        "die-out-of-range",
        `scripted die #${this.#next + 1} is ${result}, not a d${faces} result`,
        {
          faces,
          result,
        },
      );
    }
    this.#next += 1;
    return result;
  }

  /** How many scripted dice were not used: a test can assert it consumed exactly its script. */
  get remaining(): number {
    return this.#results.length - this.#next;
  }
}

/**
 * A small, fast, seedable generator (mulberry32). Same seed, same dice, on
 * every machine: the simulator's fights are reproducible.
 */
export class SeededDice implements DiceSource {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  roll(faces: number): number {
    return 1 + Math.floor(this.next() * faces);
  }
}

/** Wraps another source and remembers every die, in order (for chat cards and Dice So Nice). */
export class RecordingDice implements DiceSource {
  readonly log: DieResult[] = [];
  constructor(private readonly inner: DiceSource) {}

  roll(faces: number): number {
    const result = this.inner.roll(faces);
    this.log.push({ faces, result });
    return result;
  }
}

/* -------------------------------------------- */
/*  Dice formulas                               */
/* -------------------------------------------- */

export interface DiceTerm {
  readonly count: number;
  readonly faces: number;
  /** +1 or −1: a term may be subtracted ("1d8-1d4"). */
  readonly sign: 1 | -1;
}

export interface DiceFormula {
  readonly source: string;
  readonly terms: readonly DiceTerm[];
  readonly flat: number;
}

export interface RolledFormula {
  readonly formula: DiceFormula;
  readonly dice: readonly DieResult[];
  readonly total: number;
}

const TERM = /^(\d*)d(\d+)$/i;
const NUMBER = /^\d+$/;
/** Far above any weapon or DM; a larger number is a typo, and past 2^53 it would not even be exact. */
export const MAX_FLAT = 10_000;

/**
 * Parses the formulas the rules use: "d8", "1d8+2", "2d4+2", "2d8", "1d6+1d4+1", "3".
 * Anything else is a `malformed-dice` error naming the formula.
 */
export function parseDiceFormula(source: string): DiceFormula {
  if (typeof source !== "string") {
    throw new RulesError("malformed-dice", `a dice formula must be text, got ${String(source)}`, { source });
  }
  // Spaces may stand around the signs only: "1d8 + 2" is 1d8+2, but "1d8 2" is no formula (not 1d82).
  const compact = source.trim().replace(/\s*([+-])\s*/g, "$1");
  if (compact === "" || /\s/.test(compact) || /^[+-]|[+-]$|[+-]{2}/.test(compact)) {
    throw new RulesError("malformed-dice", `"${source}" is not a dice formula (expected e.g. 1d8+2)`, {
      source,
    });
  }
  const terms: DiceTerm[] = [];
  let flat = 0;
  const parts = compact.match(/[+-]?[^+-]+/g) ?? [];
  for (const part of parts) {
    const sign: 1 | -1 = part.startsWith("-") ? -1 : 1;
    const body = part.replace(/^[+-]/, "");
    const term = TERM.exec(body);
    if (term) {
      const count = term[1] === "" ? 1 : Number(term[1]);
      const faces = Number(term[2]);
      if (count < 1 || count > 100 || faces < 1 || faces > 1000) {
        throw new RulesError("malformed-dice", `"${source}": ${body} is out of range`, { source });
      }
      terms.push({ count, faces, sign });
    } else if (NUMBER.test(body)) {
      const value = Number(body);
      if (value > MAX_FLAT) {
        throw new RulesError("malformed-dice", `"${source}": ${body} is out of range`, { source });
      }
      flat += sign * value;
    } else {
      throw new RulesError("malformed-dice", `"${source}" is not a dice formula (expected e.g. 1d8+2)`, {
        source,
      });
    }
  }
  return { source, terms, flat };
}

/** Rolls a parsed formula; the total is never below 0 (damage cannot heal). */
export function rollFormula(formula: DiceFormula, dice: DiceSource): RolledFormula {
  const rolled: DieResult[] = [];
  let total = formula.flat;
  for (const term of formula.terms) {
    for (let i = 0; i < term.count; i += 1) {
      const result = dice.roll(term.faces);
      rolled.push({ faces: term.faces, result });
      total += term.sign * result;
    }
  }
  return { formula, dice: rolled, total: Math.max(0, total) };
}

/** Rolls a parsed formula to its total (≥ 0) without keeping the dice: RecordingDice keeps them for cards. */
export function rollTotal(formula: DiceFormula, dice: DiceSource): number {
  let total = formula.flat;
  const terms = formula.terms;
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i]!;
    for (let n = 0; n < term.count; n += 1) total += term.sign * dice.roll(term.faces);
  }
  return Math.max(total, 0);
}

export function maximumOf(formula: DiceFormula): number {
  return Math.max(
    0,
    formula.terms.reduce((sum, t) => sum + t.sign * (t.sign > 0 ? t.count * t.faces : t.count), formula.flat),
  );
}

export function minimumOf(formula: DiceFormula): number {
  return Math.max(
    0,
    formula.terms.reduce((sum, t) => sum + t.sign * (t.sign > 0 ? t.count : t.count * t.faces), formula.flat),
  );
}

/** Formats a formula back to canonical text ("1d8+2"). */
export function formatFormula(formula: DiceFormula): string {
  const parts = formula.terms.map((t, i) => `${t.sign < 0 ? "-" : i > 0 ? "+" : ""}${t.count}d${t.faces}`);
  if (formula.flat !== 0 || parts.length === 0) {
    parts.push(`${formula.flat < 0 ? "-" : parts.length > 0 ? "+" : ""}${Math.abs(formula.flat)}`);
  }
  return parts.join("");
}

export function rollDie(dice: DiceSource, faces: number): number {
  requireInteger(faces, "die faces", 1);
  return dice.roll(faces);
}
