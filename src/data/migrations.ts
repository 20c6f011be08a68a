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

/** v0 `sp: 10` (or `sp: { value, max }`) → `itemSp: { value, max }`. */
function migrateItemSp(source: Source): void {
  if (!("sp" in source)) return;
  const sp = source.sp;
  delete source.sp;
  if ("itemSp" in source) return;
  if (typeof sp === "number") source.itemSp = { value: sp, max: sp };
  else if (isRecord(sp)) source.itemSp = { value: sp.value ?? sp.max, max: sp.max ?? sp.value };
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
  migrateItemSp(source);
  if ("twoHanded" in source) {
    if (!("hands" in source)) source.hands = source.twoHanded === true ? "two" : "one";
    delete source.twoHanded;
  }
  rename(source, "skillKey", "skill");
  return source;
}

export function migrateShield(source: Source): Source {
  migrateItemSp(source);
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
