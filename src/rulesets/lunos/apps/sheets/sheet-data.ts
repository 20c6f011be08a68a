import { localize } from "../../../../config/localize";
import { flagOf, timedStatusLabel } from "../../../../effects/timed-status-effects";
import type { LunosActorType, LunosItemType } from "../../config/labels";
import { lunosStatuses } from "../../config/lunos-config";
import {
  type LunosArmorSystem,
  type LunosFighterSystem,
  type LunosManeuverSystem,
  type LunosWeaponSystem,
  lunosArmor,
  lunosFighter,
  lunosManeuver,
  lunosWeapon,
} from "../../data/views";

/**
 * What a Lunos sheet reads of its document, as plain data read through
 * the typed views (never a string path): the context builders
 * (./actor-context.ts, ./item-context.ts) take this, so the tests and the
 * preview build the same context from data without Foundry.
 */

export type LunosItemData =
  | { id: string; name: string; img: string; type: "lunosWeapon"; system: LunosWeaponSystem }
  | { id: string; name: string; img: string; type: "lunosArmor"; system: LunosArmorSystem }
  | { id: string; name: string; img: string; type: "lunosManeuver"; system: LunosManeuverSystem };

/** A status on the fighter, as its sheet lists it. */
export interface LunosCondition {
  /** One of Lunos's statuses (its token status id). */
  readonly id: string;
  /** Its name in the user's words; a timed status's own ("Choked out", though its status is Unconscious). */
  readonly name: string;
  readonly img: string;
  /** What its clock has left ("12 rounds left"); null for a status without a clock. */
  readonly left: string | null;
}

export interface LunosActorData {
  id: string;
  name: string;
  img: string;
  type: LunosActorType;
  system: LunosFighterSystem;
  /** Its Lunos items; another ruleset's are not shown. */
  items: LunosItemData[];
  /** Its statuses in the order of the ruleset's list, the dying and choke clocks with their time left. */
  conditions: LunosCondition[];
}

/** The item's data, or null for an item of another type. */
export function lunosItemData(item: Item.Implementation): LunosItemData | null {
  const base = { id: item.id ?? "", name: item.name, img: item.img ?? "" };
  const weapon = lunosWeapon(item);
  if (weapon) return { ...base, type: "lunosWeapon", system: weapon };
  const armor = lunosArmor(item);
  if (armor) return { ...base, type: "lunosArmor", system: armor };
  const maneuver = lunosManeuver(item);
  if (maneuver) return { ...base, type: "lunosManeuver", system: maneuver };
  return null;
}

/**
 * The statuses its enabled effects carry, one entry an effect and status,
 * in the order of the ruleset's list; another ruleset's are not shown.
 */
function conditionsOf(actor: Actor.Implementation): LunosCondition[] {
  const statuses = lunosStatuses();
  const order = new Map(statuses.map((s, i) => [s.id, i]));
  const out: (LunosCondition & { at: number })[] = [];
  for (const effect of actor.effects ?? []) {
    if (effect.disabled) continue;
    const timed = flagOf(effect) !== null;
    for (const id of effect.statuses ?? []) {
      const at = order.get(id);
      if (at === undefined) continue;
      const status = statuses[at]!;
      out.push({
        id,
        name: timed && effect.name ? effect.name : localize(status.name),
        img: status.img ?? "",
        left: timedStatusLabel(effect),
        at,
      });
    }
  }
  return out.sort((a, b) => a.at - b.at).map(({ at: _at, ...condition }) => condition);
}

/** The actor's data, or null for an actor of another ruleset. */
export function lunosActorData(actor: Actor.Implementation): LunosActorData | null {
  const system = lunosFighter(actor);
  if (!system) return null;
  return {
    id: actor.id ?? "",
    name: actor.name,
    img: actor.img ?? "",
    type: actor.type as LunosActorType,
    system,
    items: [...actor.items].flatMap((item) => lunosItemData(item) ?? []),
    conditions: conditionsOf(actor),
  };
}

export type { LunosItemType };
