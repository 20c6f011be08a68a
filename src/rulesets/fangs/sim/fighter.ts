import {
  type Characteristics,
  type DerivedAttributes,
  deriveAttributes,
  type ItemSp,
  type SkillValue,
  skillValue,
  validateCharacteristics,
  type WeaponKind,
} from "../../../rules/fangs";
import { parseDiceFormula } from "../../../rules/kernel/dice";
import { RulesError } from "../../../rules/kernel/errors";
import { SimError } from "../../../sim/sim-error";
import type { ActorSourceByType, ItemSourceByType } from "../data/views";

/**
 * A fighter as the simulator sees it: the stored fields of an Actor
 * (`character` or `creature`) with its equipped items, and the values the
 * rules core derives from them. Built from the same JSON as the pack
 * sources (an Actor with embedded `items`), so a sample fighter, a file
 * and a token's actor in Foundry all go through `fighterFromActorData`.
 */
export interface SimWeapon {
  readonly id: string;
  readonly name: string;
  readonly damage: string;
  /** Damage bonus or enchantment (NC-TAC-2), added by the rules core. */
  readonly damageBonus: number;
  /** Null for natural weapons (claws, fists), which have no item SP. */
  readonly itemSp: ItemSp | null;
  readonly impales: boolean;
  readonly hands: "one" | "two" | "either";
  readonly kind: WeaponKind;
  readonly range: number;
  readonly reach: number;
  readonly reloadRounds: number;
  readonly extendedReload: boolean;
  readonly autofire: boolean;
  /** A firearm's Recoil (the recoil module); absent when 0. */
  readonly recoil?: number;
  /** Fired from a tripod (the recoil module); absent when not. */
  readonly tripod?: boolean;
  readonly natural: boolean;
  readonly offHand: boolean;
  readonly skillKey: string;
  /** The skill it attacks (and parries) with; a missing skill is natural ability 0 + 0 bought. */
  readonly skill: SkillValue;
}

export interface SimShield {
  readonly id: string;
  readonly name: string;
  readonly itemSp: ItemSp;
  readonly skillKey: string;
  readonly skill: SkillValue;
}

export interface FighterSheet {
  readonly id: string;
  readonly name: string;
  readonly type: "character" | "creature";
  readonly characteristics: Characteristics;
  readonly attributes: DerivedAttributes;
  readonly armorProtection: number;
  /** Dodge skill points bought (the rest of the Dodge attribute is natural). */
  readonly dodgeBought: number;
  /** Current values at the start of a fight (the stored `value`s). */
  readonly stunPoints: number;
  readonly hitPoints: number;
  readonly weapons: readonly SimWeapon[];
  readonly shields: readonly SimShield[];
  readonly skills: Readonly<Record<string, SkillValue>>;
  readonly advantages: readonly string[];
  readonly humanoid: boolean;
  readonly intelligent: boolean;
  /** A creature's monster parry (NC-DEF-8); null for characters. */
  readonly monsterParry: SkillValue | null;
  readonly extraLimbs: number;
}

type Json = Record<string, unknown>;

/**
 * A JSON object read as the stored data of type `T` (the data model's source
 * type, src/rulesets/fangs/data/views.ts): its field names are the model's, so a name the
 * model lacks is a compile error; each value stays unchecked until a Reader
 * method checks it.
 */
type Fields<T> = { readonly [K in keyof T]?: unknown };

/** An Actor or Item of a pack source, before its `system` is read. */
interface DocumentJson {
  readonly _id?: unknown;
  readonly name?: unknown;
  readonly type?: unknown;
  readonly system?: unknown;
  readonly items?: unknown;
}

type CreatureSource = ActorSourceByType["creature"];

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A weapon's Recoil at most, as the weapon item's field bounds it. */
const MAX_RECOIL = 100;

class Reader {
  constructor(readonly where: string) {}

  fail(message: string): never {
    throw new SimError("malformed-fighter", `${this.where}: ${message}`);
  }

  object<T = Json>(value: unknown, field: string): Fields<T> {
    if (!isObject(value)) this.fail(`${field} must be an object`);
    return value as Fields<T>;
  }

  int(value: unknown, field: string, min = 0, fallback?: number): number {
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
      this.fail(`${field} must be a whole number ≥ ${min}, got ${JSON.stringify(value)}`);
    }
    return value;
  }

  signedInt(value: unknown, field: string): number {
    if (typeof value !== "number" || !Number.isInteger(value)) {
      this.fail(`${field} must be a whole number, got ${JSON.stringify(value)}`);
    }
    return value;
  }

  bool(value: unknown, field: string, fallback: boolean): boolean {
    if (value === undefined) return fallback;
    if (typeof value !== "boolean") this.fail(`${field} must be true or false`);
    return value;
  }

  text(value: unknown, field: string, fallback?: string): string {
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== "string") this.fail(`${field} must be text`);
    return value;
  }

  oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[], fallback: T): T {
    if (value === undefined) return fallback;
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      this.fail(`${field} must be one of ${allowed.join(", ")}, got ${JSON.stringify(value)}`);
    }
    return value as T;
  }

  /** Calls the rules core and turns its refusal into a message naming the field. */
  rules<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof RulesError) this.fail(`${field}: ${error.message}`);
      throw error;
    }
  }
}

function itemSp(r: Reader, value: unknown, field: string): ItemSp {
  const sp = r.object<ItemSourceByType["weapon"]["itemSp"]>(value, field);
  const max = r.int(sp.max, `${field}.max`, 1);
  const current = r.int(sp.value, `${field}.value`, 0);
  if (current > max) r.fail(`${field}.value (${current}) is above its max (${max})`);
  return { value: current, max };
}

const NO_SKILL: SkillValue = Object.freeze({ natural: 0, bought: 0, total: 0 });

/** Builds a fighter from Actor JSON (a pack source entry or a file of the same shape). */
export function fighterFromActorData(data: unknown, where = "fighter"): FighterSheet {
  const top = new Reader(where);
  const actor = top.object<DocumentJson>(data, "the actor");
  const name = top.text(actor.name, "name").trim();
  if (name === "") top.fail("name is empty");
  const r = new Reader(`${where} "${name}"`);
  const type = r.oneOf(actor.type, "type", ["character", "creature"] as const, "character");
  if (actor.type === undefined) r.fail('type must be "character" or "creature"');
  // A character's fields are a creature's without its own: read as a creature's, only creatures read those.
  const system = r.object<CreatureSource>(actor.system, "system");
  const rawC = r.object<CreatureSource["characteristics"]>(system.characteristics, "system.characteristics");
  const characteristics = r.rules("system.characteristics", () => {
    const c = {
      st: rawC.st,
      ag: rawC.ag,
      co: rawC.co,
      in: rawC.in,
      pw: rawC.pw,
      sz: rawC.sz,
      ap: rawC.ap,
    };
    validateCharacteristics(c);
    // The data model keeps characteristics at 1 or more; the rules core accepts 0.
    for (const [k, v] of Object.entries(c)) {
      if (v < 1) r.fail(`system.characteristics.${k} must be at least 1`);
    }
    return c;
  });
  const items: unknown[] =
    actor.items === undefined
      ? []
      : Array.isArray(actor.items)
        ? actor.items
        : r.fail("items must be a list");

  const skills: Record<string, SkillValue> = {};
  const advantages: string[] = [];
  let armorProtection = 0;
  const rawWeapons: Fields<DocumentJson>[] = [];
  const rawShields: Fields<DocumentJson>[] = [];
  items.forEach((entry, i) => {
    const item = r.object<DocumentJson>(entry, `items[${i}]`);
    const itemName = r.text(item.name, `items[${i}].name`);
    const field = `item "${itemName}"`;
    const systemOf = <T extends keyof ItemSourceByType>(_type: T) =>
      r.object<ItemSourceByType[T]>(item.system ?? {}, `${field} system`);
    switch (item.type) {
      case "skill": {
        const sys = systemOf("skill");
        const key = r.text(sys.key, `${field} system.key`);
        const formula = r.text(sys.naturalAbility, `${field} system.naturalAbility`, "0");
        const bought = r.int(sys.bought, `${field} system.bought`, 0, 0);
        skills[key] = r.rules(field, () => skillValue(formula, characteristics, bought));
        break;
      }
      case "advantage":
        advantages.push(r.text(systemOf("advantage").key, `${field} system.key`));
        break;
      case "armor": {
        const sys = systemOf("armor");
        if (r.bool(sys.equipped, `${field} system.equipped`, true)) {
          armorProtection += r.int(sys.armorProtection, `${field} system.armorProtection`, 0);
        }
        break;
      }
      case "weapon":
        if (r.bool(systemOf("weapon").equipped, `${field} system.equipped`, true)) rawWeapons.push(item);
        break;
      case "shield":
        if (r.bool(systemOf("shield").equipped, `${field} system.equipped`, true)) rawShields.push(item);
        break;
      case "maneuver":
        break;
      default:
        r.fail(`${field} has an unknown type ${JSON.stringify(item.type)}`);
    }
  });

  const skillOf = (key: string): SkillValue => skills[key] ?? NO_SKILL;

  const weapons = rawWeapons.map((item): SimWeapon => {
    const itemName = String(item.name);
    const field = `weapon "${itemName}"`;
    const sys = r.object<ItemSourceByType["weapon"]>(item.system, `${field} system`);
    const damage = r.text(sys.damage, `${field} system.damage`);
    r.rules(`${field} system.damage`, () => parseDiceFormula(damage));
    const natural = r.bool(sys.natural, `${field} system.natural`, false);
    const skillKey = r.text(sys.skill, `${field} system.skill`, "");
    // Kept off the weapon when not set, so a fighter without firearms reads as before the recoil module.
    const recoil = r.int(sys.recoil, `${field} system.recoil`, 0, 0);
    // The weapon model's bound: a file the table would refuse is refused here, not mid-duel.
    if (recoil > MAX_RECOIL) r.fail(`${field} system.recoil must be at most ${MAX_RECOIL}, got ${recoil}`);
    const tripod = r.bool(sys.tripod, `${field} system.tripod`, false);
    return {
      ...(recoil > 0 ? { recoil } : {}),
      ...(tripod ? { tripod } : {}),
      id: r.text(item._id, `${field} _id`, itemName),
      name: itemName,
      damage,
      damageBonus: r.int(sys.damageBonus, `${field} system.damageBonus`, 0, 0),
      itemSp: natural ? null : itemSp(r, sys.itemSp, `${field} system.itemSp`),
      impales: r.bool(sys.impales, `${field} system.impales`, false),
      hands: r.oneOf(sys.hands, `${field} system.hands`, ["one", "two", "either"] as const, "one"),
      kind: r.oneOf(sys.kind, `${field} system.kind`, ["melee", "thrown", "missile"] as const, "melee"),
      range: r.int(sys.range, `${field} system.range`, 0, 0),
      reach: r.int(sys.reach, `${field} system.reach`, 0, 1),
      reloadRounds: r.int(sys.reloadRounds, `${field} system.reloadRounds`, 0, 0),
      extendedReload: r.bool(sys.extendedReload, `${field} system.extendedReload`, false),
      autofire: r.bool(sys.autofire, `${field} system.autofire`, false),
      natural,
      offHand: r.bool(sys.offHand, `${field} system.offHand`, false),
      skillKey,
      skill: skillOf(skillKey),
    };
  });

  const shields = rawShields.map((item): SimShield => {
    const itemName = String(item.name);
    const field = `shield "${itemName}"`;
    const sys = r.object<ItemSourceByType["shield"]>(item.system, `${field} system`);
    const skillKey = r.text(sys.skill, `${field} system.skill`, "shieldParry");
    return {
      id: r.text(item._id, `${field} _id`, itemName),
      name: itemName,
      itemSp: itemSp(r, sys.itemSp, `${field} system.itemSp`),
      skillKey,
      skill: skillOf(skillKey),
    };
  });

  const dodgeBought = r.int(
    r.object<CreatureSource["dodgeSkill"]>(system.dodgeSkill ?? { bought: 0 }, "system.dodgeSkill").bought,
    "system.dodgeSkill.bought",
    0,
    0,
  );
  const attributes = r.rules("attributes", () =>
    deriveAttributes(characteristics, { armorProtection, dodgeBought }),
  );
  const pool = (key: "stunPoints" | "hitPoints", max: number): number => {
    if (system[key] === undefined) return max;
    const value = r.object<CreatureSource[typeof key]>(system[key], `system.${key}`).value;
    return value === undefined ? max : r.signedInt(value, `system.${key}.value`);
  };

  let monsterParry: SkillValue | null = null;
  let humanoid = true;
  let intelligent = true;
  let extraLimbs = 0;
  if (type === "creature") {
    humanoid = r.bool(system.humanoid, "system.humanoid", false);
    intelligent = r.bool(system.intelligent, "system.intelligent", false);
    extraLimbs = r.int(system.extraLimbs, "system.extraLimbs", 0, 0);
    if (system.monsterParry !== undefined) {
      const mp = r.object<CreatureSource["monsterParry"]>(system.monsterParry, "system.monsterParry");
      const formula = r.text(mp.formula, "system.monsterParry.formula", "0");
      const bought = r.int(mp.bought, "system.monsterParry.bought", 0, 0);
      monsterParry = r.rules("system.monsterParry", () => skillValue(formula, characteristics, bought));
    }
  }

  return {
    id: typeof actor._id === "string" && actor._id !== "" ? actor._id : name,
    name,
    type,
    characteristics,
    attributes,
    armorProtection,
    dodgeBought,
    stunPoints: pool("stunPoints", attributes.stunPoints),
    hitPoints: pool("hitPoints", attributes.hitPoints),
    weapons,
    shields,
    skills,
    advantages,
    humanoid,
    intelligent,
    monsterParry,
    extraLimbs,
  };
}
