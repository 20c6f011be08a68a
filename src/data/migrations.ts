/**
 * Upgrades of stored system data, one function per document type, called
 * from each model's `static migrateData`. Each is idempotent and touches only
 * keys of the older shape, so it is also safe on a partial update.
 *
 * Version 0 (the shape before SCHEMA_VERSION 1) said "sp" for three
 * different things, as the FANGS text does: the pool of Stun Points, armor
 * protection and a weapon's durability. Version 1 names them `stunPoints`,
 * `armorProtection` and `itemSp`. Version 0 also wrapped characteristics as
 * `{ st: { value } }`, stored pools as bare numbers, and called a skill's
 * bought points `base` and its formula `formula`.
 */

type Source = Record<string, unknown>;

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Moves `from` to `to` unless `to` is already set; the old key goes either way. */
function rename(source: Source, from: string, to: string): void {
  if (!(from in source)) return;
  if (!(to in source)) source[to] = source[from];
  delete source[from];
}

/** A bare number where v1 stores `{ [key]: n }`. */
function wrap(source: Source, field: string, key: string): void {
  const value = source[field];
  if (typeof value === "number" || typeof value === "string") source[field] = { [key]: value };
}

/**
 * What a migration had to change beyond moving a value: a v0 item SP the v1
 * schema would refuse, made valid. Kept until the world migration tells the
 * GM (`takeMigrationRepairs`); a document loaded on a client where no
 * migration runs repairs it all the same, silently.
 */
export interface MigrationRepair {
  /** "aboveMaximum": lowered to the maximum; "noMaximum": a maximum of 0 or none, set to the least allowed (1). */
  readonly kind: "aboveMaximum" | "noMaximum";
  readonly itemType: "weapon" | "shield";
  /** The stored value and maximum (the maximum as stored, or null when there was none). */
  readonly value: number;
  readonly max: number | null;
}

const repairs: MigrationRepair[] = [];

/** The repairs made since the last call, oldest first; the list is emptied. */
export function takeMigrationRepairs(): MigrationRepair[] {
  return repairs.splice(0, repairs.length);
}

/** A number, or a number written as text ("8"); anything else is not one. */
function numeric(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * v0 `sp: 10` (or `sp: { value, max }`) → `itemSp: { value, max }`. v0
 * checked neither SP against the other nor their type, so what it stored is
 * made valid rather than the item (and its actor) refused: a number written
 * as text is read as the number; a worn item at SP 0 keeps 0, with a maximum
 * of at least 1 (v1's least; v0 stored none); a value above the maximum is
 * lowered to it. The last two are repairs the GM is told of.
 */
function migrateItemSp(source: Source, itemType: MigrationRepair["itemType"]): void {
  if (!("sp" in source)) return;
  const sp = source.sp;
  delete source.sp;
  if ("itemSp" in source) return;
  const stored = isRecord(sp)
    ? { value: numeric(sp.value), max: numeric(sp.max) }
    : { value: numeric(sp), max: numeric(sp) };
  const value = stored.value ?? stored.max;
  if (value === undefined) return;
  let max = stored.max ?? value;
  if (max < 1) {
    repairs.push({ kind: "noMaximum", itemType, value, max: stored.max ?? null });
    max = 1;
  }
  if (value > max) repairs.push({ kind: "aboveMaximum", itemType, value, max });
  source.itemSp = { value: Math.min(value, max), max };
}

export function migrateActor(source: Source): Source {
  const characteristics = source.characteristics;
  if (isRecord(characteristics)) {
    for (const [id, value] of Object.entries(characteristics)) {
      if (isRecord(value) && "value" in value) characteristics[id] = value.value;
    }
  }
  // v0 "sp" on an actor was its Stun Point pool.
  rename(source, "sp", "stunPoints");
  rename(source, "hp", "hitPoints");
  wrap(source, "stunPoints", "value");
  wrap(source, "hitPoints", "value");
  if ("dodgeBought" in source) {
    if (!("dodgeSkill" in source)) source.dodgeSkill = { bought: source.dodgeBought };
    delete source.dodgeBought;
  }
  rename(source, "notes", "biography");
  return source;
}

export function migrateCreature(source: Source): Source {
  migrateActor(source);
  wrap(source, "monsterParry", "bought");
  return source;
}

export function migrateWeapon(source: Source): Source {
  migrateItemSp(source, "weapon");
  if ("twoHanded" in source) {
    if (!("hands" in source)) source.hands = source.twoHanded === true ? "two" : "one";
    delete source.twoHanded;
  }
  rename(source, "skillKey", "skill");
  return source;
}

export function migrateShield(source: Source): Source {
  migrateItemSp(source, "shield");
  rename(source, "skillKey", "skill");
  return source;
}

export function migrateArmor(source: Source): Source {
  // v0 "sp" on armor was its protection.
  rename(source, "sp", "armorProtection");
  return source;
}

export function migrateSkill(source: Source): Source {
  rename(source, "base", "bought");
  rename(source, "formula", "naturalAbility");
  return source;
}

export function migrateAdvantage(source: Source): Source {
  rename(source, "slug", "key");
  return source;
}

export function migrateManeuver(source: Source): Source {
  rename(source, "maneuver", "maneuverId");
  return source;
}
