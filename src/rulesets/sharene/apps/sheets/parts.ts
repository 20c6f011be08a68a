/**
 * The template parts of Sharene's sheets, in render order: plain data, so
 * the Handlebars test renderer assembles a sheet from exactly the parts
 * Foundry renders.
 */
import type { ShareneItemType } from "../../config/labels";

export const SHARENE_TEMPLATES = "systems/fangs/templates/sharene";

export interface ShareneTemplatePart {
  template: string;
  scrollable?: string[];
}

export const SHARENE_ACTOR_PARTS: Readonly<Record<string, ShareneTemplatePart>> = Object.freeze({
  header: { template: `${SHARENE_TEMPLATES}/actor-header.hbs` },
  body: { template: `${SHARENE_TEMPLATES}/actor-body.hbs`, scrollable: [""] },
});

const ITEM_TEMPLATE: Readonly<Record<ShareneItemType, string>> = {
  shareneWeapon: "weapon",
  shareneArmor: "armor",
  shareneStyle: "style",
};

export function shareneItemParts(type: ShareneItemType): Record<string, ShareneTemplatePart> {
  return {
    header: { template: `${SHARENE_TEMPLATES}/item-header.hbs` },
    body: { template: `${SHARENE_TEMPLATES}/${ITEM_TEMPLATE[type]}.hbs`, scrollable: [""] },
  };
}

/** Partials the parts include; Foundry registers each under its path when it loads it. */
export const SHARENE_PARTIALS: readonly string[] = Object.freeze([
  `${SHARENE_TEMPLATES}/item-controls.hbs`,
  `${SHARENE_TEMPLATES}/item-description.hbs`,
]);
