/**
 * The template parts of each sheet, in render order. Plain data with no
 * Foundry global, so the Handlebars test renderer and the preview assemble a
 * sheet from exactly the parts Foundry renders.
 */
import type { ItemType } from "./context-types";

/** Template paths as Foundry serves them. */
export const TEMPLATE_ROOT = "systems/fangs/templates";

export interface TemplatePart {
  template: string;
  scrollable?: string[];
}

export const ACTOR_PARTS: Readonly<Record<string, TemplatePart>> = {
  header: { template: `${TEMPLATE_ROOT}/actor/header.hbs` },
  tabs: { template: `${TEMPLATE_ROOT}/partials/tabs.hbs` },
  main: { template: `${TEMPLATE_ROOT}/actor/main.hbs`, scrollable: [""] },
  skills: { template: `${TEMPLATE_ROOT}/actor/skills.hbs`, scrollable: [""] },
  combat: { template: `${TEMPLATE_ROOT}/actor/combat.hbs`, scrollable: [""] },
  features: { template: `${TEMPLATE_ROOT}/actor/features.hbs`, scrollable: [""] },
  effects: { template: `${TEMPLATE_ROOT}/actor/effects.hbs`, scrollable: [""] },
  biography: { template: `${TEMPLATE_ROOT}/actor/biography.hbs`, scrollable: [""] },
};

/**
 * The creature's compact stat block: the same header, then one scrolling
 * block instead of tabs (templates/actor/stat-block.hbs).
 */
export const STAT_BLOCK_PARTS: Readonly<Record<string, TemplatePart>> = {
  header: ACTOR_PARTS.header as TemplatePart,
  block: { template: `${TEMPLATE_ROOT}/actor/stat-block.hbs`, scrollable: [""] },
};

/** The parts of an item sheet; `details` is the type's own template. */
export function itemParts(type: ItemType): Record<string, TemplatePart> {
  return {
    header: { template: `${TEMPLATE_ROOT}/item/header.hbs` },
    tabs: { template: `${TEMPLATE_ROOT}/partials/tabs.hbs` },
    details: { template: `${TEMPLATE_ROOT}/item/${type}.hbs`, scrollable: [""] },
    description: { template: `${TEMPLATE_ROOT}/item/description.hbs`, scrollable: [""] },
  };
}

/** Partials the parts include; Foundry registers each under its path. */
export const SHEET_PARTIALS: readonly string[] = [
  "partials/pool-bar.hbs",
  "partials/condition-badge.hbs",
  "partials/item-controls.hbs",
  "partials/item-name.hbs",
  "partials/sp-track.hbs",
  "partials/equipped-toggle.hbs",
  "partials/skill-table.hbs",
  "partials/simple-list.hbs",
  "partials/item-sp-fields.hbs",
  "partials/skill-picker.hbs",
  "partials/equipped-field.hbs",
  "partials/weapon-damage.hbs",
  "partials/attack-button.hbs",
  "partials/combat-panel.hbs",
  "partials/creature-traits.hbs",
  "partials/biography-field.hbs",
].map((p) => `${TEMPLATE_ROOT}/${p}`);
