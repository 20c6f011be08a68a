import { validateFighter } from "../../../rules/lunos/fighter";
import type { LunosArmor, LunosFighter, LunosWeapon } from "../../../rules/lunos/types";
import type { LunosActorData, LunosItemData } from "../apps/sheets/sheet-data";

/**
 * A Lunos actor read as the rules core's fighter (`LunosFighter`): its
 * ratings, and the first weapon in hand and armor worn among its items
 * (the core fights with one of each). What the round engine reads of a
 * document, the sheet's pools and, with the table, its round. Checked by
 * the core (`validateFighter`), as every sheet given to the rules is.
 */

type Weapon = Extract<LunosItemData, { type: "lunosWeapon" }>;
type Armor = Extract<LunosItemData, { type: "lunosArmor" }>;

/** The weapon the fighter fights with: the first one in hand, in the order of its items. */
export function weaponInHand(actor: LunosActorData): Weapon | null {
  return (
    actor.items.find((item): item is Weapon => item.type === "lunosWeapon" && item.system.equipped) ?? null
  );
}

/** The armor it wears: the first worn, in the order of its items. */
export function armorWorn(actor: LunosActorData): Armor | null {
  return (
    actor.items.find((item): item is Armor => item.type === "lunosArmor" && item.system.equipped) ?? null
  );
}

function weaponOf(item: Weapon): LunosWeapon {
  const { size, skill, damageType, quality } = item.system;
  return { id: item.id, name: item.name, size, skill, damageType, quality } as LunosWeapon;
}

function armorOf(item: Armor): LunosArmor {
  const { rating, kind, magical, partial } = item.system;
  return { name: item.name, rating, kind, magical, partial } as LunosArmor;
}

export function lunosFighterOf(actor: LunosActorData): LunosFighter {
  const weapon = weaponInHand(actor);
  const armor = armorWorn(actor);
  return validateFighter({
    // A sheet not yet saved has no id; the core needs one to name the fighter.
    id: actor.id || actor.name,
    name: actor.name,
    abilities: { ...actor.system.abilities },
    skills: { ...actor.system.skills },
    weapon: weapon ? weaponOf(weapon) : null,
    armor: armor ? armorOf(armor) : null,
  });
}
