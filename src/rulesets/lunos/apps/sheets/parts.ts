/**
 * The template parts of Lunos's sheets, in render order: plain data, so
 * the Handlebars test renderer assembles a sheet from exactly the parts
 * Foundry renders.
 */
import type { LunosItemType } from "../../config/labels";

export const LUNOS_TEMPLATES = "systems/fangs/templates/lunos";

export interface LunosTemplatePart {
  template: string;
  scrollable?: string[];
}

export const LUNOS_ACTOR_PARTS: Readonly<Record<string, LunosTemplatePart>> = Object.freeze({
  header: { template: `${LUNOS_TEMPLATES}/actor-header.hbs` },
  body: { template: `${LUNOS_TEMPLATES}/actor-body.hbs`, scrollable: [""] },
});

const ITEM_TEMPLATE: Readonly<Record<LunosItemType, string>> = {
  lunosWeapon: "weapon",
  lunosArmor: "armor",
  lunosManeuver: "maneuver",
};

export function lunosItemParts(type: LunosItemType): Record<string, LunosTemplatePart> {
  return {
    header: { template: `${LUNOS_TEMPLATES}/item-header.hbs` },
    body: { template: `${LUNOS_TEMPLATES}/${ITEM_TEMPLATE[type]}.hbs`, scrollable: [""] },
  };
}

/** Partials the parts include; Foundry registers each under its path when it loads it. */
export const LUNOS_PARTIALS: readonly string[] = Object.freeze([
  `${LUNOS_TEMPLATES}/dots.hbs`,
  `${LUNOS_TEMPLATES}/item-description.hbs`,
  `${LUNOS_TEMPLATES}/round-menu.hbs`,
]);
