import { naturalAbility } from "../../src/rules/fangs/character";
import { MANEUVER_IDS } from "../../src/rules/fangs/types";
import { parseDiceFormula } from "../../src/rules/kernel/dice";

/**
 * The stored system data of each document type as the team brief fixes it
 * (derived fields must not be stored). Until the data models can be run
 * under test, this checks pack sources against that contract: required
 * fields, their types, their allowed values, and no unknown fields.
 */
type Check = (value: unknown, where: string, errors: string[]) => void;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const int =
  (min: number): Check =>
  (v, where, errors) => {
    if (!Number.isInteger(v) || (v as number) < min)
      errors.push(`${where} must be an integer ≥ ${min}, got ${JSON.stringify(v)}`);
  };
const anyInt: Check = (v, where, errors) => {
  if (!Number.isInteger(v)) errors.push(`${where} must be an integer, got ${JSON.stringify(v)}`);
};
const bool: Check = (v, where, errors) => {
  if (typeof v !== "boolean") errors.push(`${where} must be true or false, got ${JSON.stringify(v)}`);
};
const html: Check = (v, where, errors) => {
  if (typeof v !== "string") errors.push(`${where} must be HTML text`);
};
const text =
  (pattern?: RegExp): Check =>
  (v, where, errors) => {
    if (typeof v !== "string" || v === "" || (pattern && !pattern.test(v))) {
      errors.push(`${where} must be text${pattern ? ` matching ${pattern}` : ""}, got ${JSON.stringify(v)}`);
    }
  };
const oneOf =
  (...values: readonly string[]): Check =>
  (v, where, errors) => {
    if (typeof v !== "string" || !values.includes(v))
      errors.push(`${where} must be one of ${values.join(", ")}, got ${JSON.stringify(v)}`);
  };
const dice: Check = (v, where, errors) => {
  try {
    parseDiceFormula(v as string);
  } catch (error) {
    errors.push(`${where}: ${(error as Error).message}`);
  }
};
const AVERAGE = { st: 10, ag: 10, co: 10, in: 10, pw: 10, sz: 10, ap: 10 };
const formula: Check = (v, where, errors) => {
  try {
    naturalAbility(v as string, AVERAGE);
  } catch (error) {
    errors.push(`${where}: ${(error as Error).message}`);
  }
};
const object =
  (fields: Record<string, Check>): Check =>
  (v, where, errors) => {
    if (!isRecord(v)) {
      errors.push(`${where} must be an object`);
      return;
    }
    for (const [key, check] of Object.entries(fields)) {
      if (!(key in v)) errors.push(`${where}.${key} is missing`);
      else check(v[key], `${where}.${key}`, errors);
    }
    for (const key of Object.keys(v))
      if (!(key in fields)) errors.push(`${where}.${key} is not a stored field`);
  };
const itemSp: Check = (v, where, errors) => {
  object({ value: int(0), max: int(0) })(v, where, errors);
  if (isRecord(v) && typeof v.value === "number" && typeof v.max === "number" && v.value > v.max) {
    errors.push(`${where}.value exceeds max`);
  }
};

const actorBase = {
  characteristics: object(
    Object.fromEntries(["st", "ag", "co", "in", "pw", "sz", "ap"].map((k) => [k, int(1)])),
  ),
  stunPoints: object({ value: anyInt }),
  hitPoints: object({ value: anyInt }),
  dodgeSkill: object({ bought: int(0) }),
  biography: html,
};

export const SYSTEM_SHAPES: Record<string, Record<string, Check>> = {
  Actor: {
    character: object(actorBase),
    creature: object({
      ...actorBase,
      humanoid: bool,
      intelligent: bool,
      monsterParry: object({ formula, bought: int(0) }),
      extraLimbs: int(0),
    }),
  },
  Item: {
    weapon: (v, where, errors) => {
      object({
        damage: dice,
        itemSp,
        impales: bool,
        hands: oneOf("one", "two", "either"),
        kind: oneOf("melee", "thrown", "missile"),
        range: int(0),
        reach: int(0),
        reloadRounds: int(0),
        extendedReload: bool,
        autofire: bool,
        natural: bool,
        skill: text(/^[a-z][A-Za-z0-9]*$/),
        equipped: bool,
        offHand: bool,
        description: html,
      })(v, where, errors);
      if (!isRecord(v) || !isRecord(v.itemSp)) return;
      // A natural weapon has no SP; any other weapon needs a track of at least 1.
      if (v.natural === true && v.itemSp.max !== 0) errors.push(`${where}: a natural weapon has no item SP`);
      if (v.natural === false && !((v.itemSp.max as number) >= 1))
        errors.push(`${where}: a made weapon needs item SP ≥ 1`);
      if (v.kind !== "melee" && !((v.range as number) >= 1))
        errors.push(`${where}: a ${String(v.kind)} weapon needs a range`);
      if (v.extendedReload === true && !((v.reloadRounds as number) >= 2))
        errors.push(`${where}: extended reload without a long reload`);
    },
    shield: object({ itemSp, skill: text(/^[a-z][A-Za-z0-9]*$/), equipped: bool, description: html }),
    armor: object({ armorProtection: int(0), price: int(0), equipped: bool, description: html }),
    skill: object({
      key: text(/^[a-z][A-Za-z0-9]*$/),
      naturalAbility: formula,
      bought: int(0),
      category: oneOf("combat", "general"),
      description: html,
    }),
    advantage: object({ key: text(/^[a-z][A-Za-z0-9]*$/), description: html }),
    maneuver: object({ maneuverId: oneOf(...MANEUVER_IDS), description: html }),
  },
};

/** Every way the system data of a document breaks the contract; empty when it is valid. */
export function systemShapeErrors(documentName: "Actor" | "Item", type: string, system: unknown): string[] {
  const check = SYSTEM_SHAPES[documentName]?.[type];
  if (!check) return [`${documentName} type "${type}" is not one the system declares`];
  const errors: string[] = [];
  check(system, "system", errors);
  return errors;
}
