import {
  type DefenseContext,
  type DefenseUsage,
  hasMonsterParry,
  type ParryLoadout,
  type Readying,
  shieldBashDamage,
  shieldStrikeDamage,
} from "../rules/fangs/defenses";
import type {
  AttackerProfile,
  CombatantState,
  DefenderProfile,
  DefenseChoice,
  ParryItemProfile,
  SkillValue,
  WeaponKind,
  WeaponProfile,
} from "../rules/fangs/types";

/**
 * Reads actors and items into the plain profiles the rules core takes. Only
 * structural reads of the data shapes (team brief, "Data shapes"): the same
 * code reads Foundry documents and the test stand-ins. Nothing here decides
 * a rule; a missing piece (no skill for the weapon) is reported, not guessed.
 */

type Loose = Record<string, unknown>;

function read(obj: unknown, path: string): unknown {
  let at: unknown = obj;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Loose)[part];
  }
  return at;
}

function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function str(value: unknown, fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/** An item as the exchange reads it. */
export interface ItemLike {
  readonly id: string | null;
  readonly name: string | null;
  readonly type: string;
  readonly img?: string | null;
  readonly system: unknown;
}

/** An actor as the exchange reads it. */
export interface ActorLike {
  readonly uuid: string;
  readonly name: string | null;
  readonly type: string;
  readonly img?: string | null;
  readonly system: unknown;
  readonly items: Iterable<ItemLike> & { get(id: string): ItemLike | undefined };
  readonly statuses: ReadonlySet<string>;
}

export class FactsError extends Error {
  override readonly name = "FactsError";
  constructor(
    /** Localisation key of the message the user sees. */
    readonly key: string,
    readonly data: Readonly<Record<string, string>> = {},
  ) {
    super(key);
  }
}

function itemsOf(actor: ActorLike): ItemLike[] {
  return [...actor.items];
}

/** The skill item with this key, as a SkillValue; null when the actor has none. */
export function skillByKey(actor: ActorLike, key: string): SkillValue | null {
  if (!key) return null;
  const item = itemsOf(actor).find((i) => i.type === "skill" && read(i.system, "key") === key);
  if (!item) return null;
  const bought = num(read(item.system, "bought"));
  const total = read(item.system, "total");
  const natural = read(item.system, "natural");
  if (typeof total !== "number" || typeof natural !== "number") return null;
  return { natural, bought, total };
}

/** What damage and consequences read about a fighter now. */
export function combatantState(actor: ActorLike): CombatantState {
  const s = actor.system;
  return {
    stunPoints: { value: num(read(s, "stunPoints.value")), max: num(read(s, "stunPoints.max")) },
    hitPoints: { value: num(read(s, "hitPoints.value")), max: num(read(s, "hitPoints.max")) },
    armorProtection: num(read(s, "armorProtection")),
    co: num(read(s, "characteristics.co")),
    sz: num(read(s, "characteristics.sz")),
    stunned: actor.statuses.has("stunned"),
  };
}

export function attackerProfile(actor: ActorLike): AttackerProfile {
  const s = actor.system;
  return {
    id: actor.uuid,
    st: num(read(s, "characteristics.st")),
    damageModifier: num(read(s, "attributes.damageModifier")),
    luck: typeof read(s, "attributes.luck") === "number" ? num(read(s, "attributes.luck")) : null,
    state: combatantState(actor),
  };
}

export function defenderProfile(actor: ActorLike): DefenderProfile {
  return {
    ...combatantState(actor),
    id: actor.uuid,
    damageModifier: Math.max(0, num(read(actor.system, "attributes.damageModifier"))),
  };
}

function itemSpOf(item: ItemLike): { value: number; max: number } | null {
  if (read(item.system, "natural") === true) return null;
  const value = read(item.system, "itemSp.value");
  const max = read(item.system, "itemSp.max");
  return typeof value === "number" && typeof max === "number" ? { value, max } : null;
}

/**
 * An item's SP as the actor holds it now; undefined when the actor no longer
 * has the item (the caller keeps what it knew).
 */
export function currentItemSp(
  actor: ActorLike,
  itemId: string,
): { value: number; max: number } | null | undefined {
  const item = actor.items.get(itemId);
  return item ? itemSpOf(item) : undefined;
}

function weaponKind(value: unknown): WeaponKind {
  return value === "thrown" || value === "missile" ? value : "melee";
}

/**
 * The weapon as the rules core reads it. "Either hand" weapons are counted
 * one-handed. A shield is read as the one-handed blunt weapon it bashes with
 * (NC-DEF-9): its own damage figure, else `shieldDamage` (the rules options'
 * one-handed club, `shieldStrikeDamage`).
 */
export function weaponProfile(item: ItemLike, shieldDamage: string = shieldStrikeDamage()): WeaponProfile {
  const s = item.system;
  if (item.type === "shield") {
    return {
      id: item.id ?? "",
      name: item.name ?? "",
      damage: shieldBashDamage(read(s, "bashDamage"), shieldDamage),
      shield: true,
      itemSp: itemSpOf(item),
      impales: false,
      hands: 1,
      kind: "melee",
      extendedReload: false,
      autofire: false,
    };
  }
  return {
    id: item.id ?? "",
    name: item.name ?? "",
    damage: str(read(s, "damage"), "1d6"),
    damageBonus: num(read(s, "damageBonus")),
    natural: read(s, "natural") === true,
    itemSp: itemSpOf(item),
    impales: read(s, "impales") === true,
    hands: read(s, "hands") === "two" ? 2 : 1,
    kind: weaponKind(read(s, "kind")),
    extendedReload: read(s, "extendedReload") === true,
    autofire: read(s, "autofire") === true,
  };
}

/** The attack skill of a weapon; a FactsError when the actor lacks it. */
export function weaponSkill(actor: ActorLike, item: ItemLike): SkillValue {
  const key = str(read(item.system, "skill"));
  const skill = skillByKey(actor, key);
  if (!skill)
    throw new FactsError("FANGS.Chat.Error.NoSkill", { weapon: item.name ?? "", skill: key || "?" });
  return skill;
}

/* -------------------------------------------- */
/*  The defender's hands                        */
/* -------------------------------------------- */

/** What the defender holds: the main weapon, the off-hand item, a monster's body. */
export interface Hands {
  readonly main: ItemLike | null;
  readonly offHand: ItemLike | null;
  readonly monster: boolean;
}

function equipped(item: ItemLike): boolean {
  return read(item.system, "equipped") === true;
}

export function handsOf(actor: ActorLike): Hands {
  const items = itemsOf(actor);
  const weapons = items.filter((i) => i.type === "weapon" && equipped(i));
  const main =
    weapons.find(
      (w) =>
        read(w.system, "offHand") !== true &&
        read(w.system, "kind") === "melee" &&
        read(w.system, "natural") !== true,
    ) ?? null;
  const shield = items.find((i) => i.type === "shield" && equipped(i)) ?? null;
  const offWeapon =
    weapons.find((w) => read(w.system, "offHand") === true && read(w.system, "natural") !== true) ?? null;
  const creature = actor.type === "creature";
  const monster =
    creature &&
    hasMonsterParry({
      humanoid: read(actor.system, "humanoid") === true,
      intelligent: read(actor.system, "intelligent") === true,
    });
  return { main, offHand: shield ?? offWeapon, monster };
}

export function loadoutOf(hands: Hands): ParryLoadout {
  const weapon = hands.main
    ? read(hands.main.system, "hands") === "two"
      ? "twoHanded"
      : "oneHanded"
    : "none";
  const offHand = hands.offHand ? (hands.offHand.type === "shield" ? "shield" : "weapon") : "none";
  return {
    weapon,
    offHand: weapon === "twoHanded" ? "none" : offHand,
    monsterParry: hands.monster,
  };
}

/** The item that parries for a choice, and the skill it parries with; null for dodge and none. */
export function parryFor(
  actor: ActorLike,
  hands: Hands,
  choice: DefenseChoice,
  shieldDamage: string,
): {
  readonly item: ParryItemProfile | null;
  readonly itemName: string | null;
  readonly skill: SkillValue;
} | null {
  const s = actor.system;
  switch (choice) {
    case "none":
      return null;
    case "dodge": {
      const total = num(read(s, "attributes.dodge"));
      const bought = num(read(s, "dodgeSkill.bought"));
      return { item: null, itemName: null, skill: { natural: total - bought, bought, total } };
    }
    case "monsterParry": {
      const total = num(read(s, "monsterParry.total"));
      const bought = num(read(s, "monsterParry.bought"));
      return { item: null, itemName: null, skill: { natural: total - bought, bought, total } };
    }
    case "grappleParry": {
      const skill = skillByKey(actor, "grapple");
      if (!skill) throw new FactsError("FANGS.Chat.Error.NoSkill", { weapon: "", skill: "grapple" });
      return { item: null, itemName: null, skill };
    }
    case "weaponParry":
    case "shieldParry": {
      const item = choice === "weaponParry" ? hands.main : hands.offHand;
      if (!item) throw new FactsError("FANGS.Chat.Error.NoParryItem");
      const sp = itemSpOf(item) ?? { value: 0, max: 0 };
      const key = str(read(item.system, "skill"));
      const skill = skillByKey(actor, key);
      if (!skill)
        throw new FactsError("FANGS.Chat.Error.NoSkill", { weapon: item.name ?? "", skill: key || "?" });
      const profile: ParryItemProfile = {
        id: item.id ?? "",
        name: item.name ?? "",
        type: item.type === "shield" ? "shield" : "weapon",
        itemSp: sp,
        damage:
          item.type === "shield"
            ? shieldBashDamage(read(item.system, "bashDamage"), shieldDamage)
            : str(read(item.system, "damage"), shieldDamage),
        // NC-TAC-2: a parrying weapon's enchantment strikes back with it (NC-DMG-19).
        damageBonus: item.type === "shield" ? 0 : num(read(item.system, "damageBonus")),
      };
      return { item: profile, itemName: item.name ?? null, skill };
    }
  }
}

/** The defense context the rules core reads (maneuver, usage, what is in hand, what is bound). */
export function defenseContext(input: {
  readonly maneuver: string;
  readonly maneuverTargetId?: string | null;
  readonly maneuverPerformed?: boolean;
  readonly usage: DefenseUsage;
  readonly attackerId: string;
  readonly attackKind: WeaponKind;
  readonly grapple: boolean;
  readonly hands: Hands;
  readonly grappled: boolean;
  readonly twoWeapon: boolean;
  /** Draw Weapon: which hand's item is being drawn or readied (NC-MAN-13, NC-MAN-20). */
  readonly readying?: Readying | null;
}): DefenseContext {
  return {
    maneuver: input.maneuver,
    maneuverTargetId: input.maneuverTargetId ?? null,
    maneuverPerformed: input.maneuverPerformed ?? true,
    usage: input.usage,
    attack: { attackerId: input.attackerId, kind: input.attackKind, grapple: input.grapple },
    loadout: loadoutOf(input.hands),
    // The sheet does not say which limbs a grapple binds; a grappled defender counts as held by both arms.
    boundLimbs: input.grappled ? ["mainArm", "offArm"] : null,
    twoWeapon: input.twoWeapon,
    readying: input.readying ?? null,
  };
}
