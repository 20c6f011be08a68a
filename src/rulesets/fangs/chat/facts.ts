import {
  type DefenseContext,
  type DefenseUsage,
  hasMonsterParry,
  type ParryLoadout,
  type Readying,
  shieldBashDamage,
  shieldStrikeDamage,
} from "../../../rules/fangs/defenses";
import type {
  AttackerProfile,
  CombatantState,
  DefenderProfile,
  DefenseChoice,
  ParryItemProfile,
  SkillValue,
  WeaponKind,
  WeaponProfile,
} from "../../../rules/fangs/types";
import type { CharacterModel } from "../data/actor-character";
import type { CreatureModel } from "../data/actor-creature";
import { actorSystem, creatureSystem, itemSystem } from "../data/views";

/**
 * Reads actors and items into the plain profiles the rules core takes,
 * through the data models' typed views (src/rulesets/fangs/data/views.ts). Nothing here
 * decides a rule; a missing piece (no skill for the weapon) is reported, not
 * guessed.
 */

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;

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

/** The actor's FANGS data; a FactsError for an actor of a type a module adds. */
function systemOf(actor: AnyActor): CharacterModel | CreatureModel {
  const system = actorSystem(actor);
  if (!system) throw new FactsError("FANGS.Chat.Error.NotFangsActor", { name: actor.name ?? "" });
  return system;
}

/** The numbers of the skill the actor uses for this key (`FangsActor#skillByKey`); null when it has none. */
export function skillValueByKey(actor: AnyActor, key: string): SkillValue | null {
  const item = actor.skillByKey(key);
  const skill = item ? itemSystem(item, "skill") : null;
  if (!skill || skill.total === null || skill.natural === null) return null;
  return { natural: skill.natural, bought: skill.bought, total: skill.total };
}

/** What damage and consequences read about a fighter now. */
export function combatantState(actor: AnyActor): CombatantState {
  const s = systemOf(actor);
  return {
    stunPoints: { value: s.stunPoints.value, max: s.stunPoints.max },
    hitPoints: { value: s.hitPoints.value, max: s.hitPoints.max },
    armorProtection: s.armorProtection,
    co: s.characteristics.co,
    sz: s.characteristics.sz,
    stunned: actor.statuses.has("stunned"),
  };
}

export function attackerProfile(actor: AnyActor): AttackerProfile {
  const s = systemOf(actor);
  return {
    id: actor.uuid,
    st: s.characteristics.st,
    damageModifier: s.attributes.damageModifier,
    luck: s.attributes.luck,
    state: combatantState(actor),
  };
}

export function defenderProfile(actor: AnyActor): DefenderProfile {
  return {
    ...combatantState(actor),
    id: actor.uuid,
    damageModifier: Math.max(0, systemOf(actor).attributes.damageModifier),
  };
}

/** A weapon's or shield's SP track; null for a natural weapon and for any other item. */
function itemSpOf(item: AnyItem): { value: number; max: number } | null {
  const system = itemSystem(item, "weapon") ?? itemSystem(item, "shield");
  if (!system || ("natural" in system && system.natural)) return null;
  return { value: system.itemSp.value, max: system.itemSp.max };
}

/**
 * An item's SP as the actor holds it now; undefined when the actor no longer
 * has the item (the caller keeps what it knew).
 */
export function currentItemSp(
  actor: AnyActor,
  itemId: string,
): { value: number; max: number } | null | undefined {
  const item = actor.items.get(itemId);
  return item ? itemSpOf(item) : undefined;
}

/**
 * The weapon as the rules core reads it. "Either hand" weapons are counted
 * one-handed. A shield is read as the one-handed blunt weapon it bashes with
 * (NC-DEF-9): its own damage figure, else `shieldDamage` (the rules options'
 * one-handed club, `shieldStrikeDamage`).
 */
export function weaponProfile(item: AnyItem, shieldDamage: string = shieldStrikeDamage()): WeaponProfile {
  const shield = itemSystem(item, "shield");
  if (shield) {
    return {
      id: item.id ?? "",
      name: item.name ?? "",
      damage: shieldBashDamage(shield.bashDamage, shieldDamage),
      shield: true,
      itemSp: itemSpOf(item),
      impales: false,
      hands: 1,
      kind: "melee",
      extendedReload: false,
      autofire: false,
    };
  }
  const s = itemSystem(item, "weapon");
  if (!s) throw new FactsError("FANGS.Chat.Error.NoWeapon");
  return {
    id: item.id ?? "",
    name: item.name ?? "",
    damage: s.damage,
    damageBonus: s.damageBonus,
    natural: s.natural,
    itemSp: itemSpOf(item),
    impales: s.impales,
    hands: s.hands === "two" ? 2 : 1,
    kind: s.kind,
    extendedReload: s.extendedReload,
    autofire: s.autofire,
    // Only a firearm carries them, so every other weapon's profile reads as before the recoil module.
    ...(s.recoil > 0 ? { recoil: s.recoil } : {}),
    ...(s.tripod ? { tripod: true } : {}),
  };
}

/** The key of the skill a weapon or shield is used with ("" for any other item). */
export function skillKeyOf(item: AnyItem): string {
  return (itemSystem(item, "weapon") ?? itemSystem(item, "shield"))?.skill ?? "";
}

/** The attack skill of a weapon; a FactsError when the actor lacks it. */
export function weaponSkill(actor: AnyActor, item: AnyItem): SkillValue {
  const key = skillKeyOf(item);
  const skill = skillValueByKey(actor, key);
  if (!skill)
    throw new FactsError("FANGS.Chat.Error.NoSkill", { weapon: item.name ?? "", skill: key || "?" });
  return skill;
}

/* -------------------------------------------- */

/** What the defender holds: the main weapon, the off-hand item, a monster's body. */
export interface Hands {
  readonly main: AnyItem | null;
  readonly offHand: AnyItem | null;
  readonly monster: boolean;
}

export function handsOf(actor: AnyActor): Hands {
  const items = [...actor.items];
  const weapons = items.filter((i) => itemSystem(i, "weapon")?.equipped === true);
  const main =
    weapons.find((w) => {
      const s = itemSystem(w, "weapon")!;
      return !s.offHand && s.kind === "melee" && !s.natural;
    }) ?? null;
  const shield = items.find((i) => itemSystem(i, "shield")?.equipped === true) ?? null;
  const offWeapon =
    weapons.find((w) => {
      const s = itemSystem(w, "weapon")!;
      return s.offHand && !s.natural;
    }) ?? null;
  const creature = creatureSystem(actor);
  const monster =
    creature !== null && hasMonsterParry({ humanoid: creature.humanoid, intelligent: creature.intelligent });
  return { main, offHand: shield ?? offWeapon, monster };
}

export function loadoutOf(hands: Hands): ParryLoadout {
  const weapon = hands.main
    ? itemSystem(hands.main, "weapon")?.hands === "two"
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
  actor: AnyActor,
  hands: Hands,
  choice: DefenseChoice,
  shieldDamage: string,
): {
  readonly item: ParryItemProfile | null;
  readonly itemName: string | null;
  readonly skill: SkillValue;
} | null {
  switch (choice) {
    case "none":
      return null;
    case "dodge": {
      const s = systemOf(actor);
      const total = s.attributes.dodge;
      const bought = s.dodgeSkill.bought;
      return { item: null, itemName: null, skill: { natural: total - bought, bought, total } };
    }
    case "monsterParry": {
      // A character has no monster parry: it is offered to creatures only (NC-DEF-8).
      const parry = creatureSystem(actor)?.monsterParry ?? { total: 0, bought: 0 };
      const { total, bought } = parry;
      return { item: null, itemName: null, skill: { natural: total - bought, bought, total } };
    }
    case "grappleParry": {
      const skill = skillValueByKey(actor, "grapple");
      if (!skill) throw new FactsError("FANGS.Chat.Error.NoSkill", { weapon: "", skill: "grapple" });
      return { item: null, itemName: null, skill };
    }
    case "weaponParry":
    case "shieldParry": {
      const item = choice === "weaponParry" ? hands.main : hands.offHand;
      if (!item) throw new FactsError("FANGS.Chat.Error.NoParryItem");
      const sp = itemSpOf(item) ?? { value: 0, max: 0 };
      const key = skillKeyOf(item);
      const skill = skillValueByKey(actor, key);
      if (!skill)
        throw new FactsError("FANGS.Chat.Error.NoSkill", { weapon: item.name ?? "", skill: key || "?" });
      const shield = itemSystem(item, "shield");
      const weapon = itemSystem(item, "weapon");
      const profile: ParryItemProfile = {
        id: item.id ?? "",
        name: item.name ?? "",
        type: shield ? "shield" : "weapon",
        itemSp: sp,
        damage: shield ? shieldBashDamage(shield.bashDamage, shieldDamage) : (weapon?.damage ?? shieldDamage),
        // NC-TAC-2: a parrying weapon's enchantment strikes back with it (NC-DMG-19).
        damageBonus: weapon?.damageBonus ?? 0,
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
