import { SHARENE_LOCATIONS } from "../../../../rules/sharene/sheet";
import { ACTION_KINDS, BLOWS } from "../../../../rules/sharene/types";
import { ITEM_TYPE_LABELS, locationLabel, MAIN_BLOW_LABELS } from "../../config/labels";
import type { ShareneItemData } from "./sheet-data";

/**
 * An item sheet's context from plain data: the weapon's skills with their
 * totals, its damage per blow and main blow; the armor's protection per
 * location. Pure; in Sharene's heavy part.
 */

const DAMAGE_LABELS = {
  slash: "SHARENE.Weapon.DamageSlash",
  thrust: "SHARENE.Weapon.DamageThrust",
  special: "SHARENE.Weapon.DamageSpecial",
} as const;

export interface ShareneItemSheetOptions {
  readonly editable: boolean;
  readonly idPrefix: string;
  readonly enrichedDescription?: string;
  readonly labels?: { actionKinds?: Readonly<Record<string, string>> };
}

function weaponContext(
  item: Extract<ShareneItemData, { type: "shareneWeapon" }>,
  options: ShareneItemSheetOptions,
) {
  const { system } = item;
  const id = (name: string) => `${options.idPrefix}-${name}`;
  const actionKinds = options.labels?.actionKinds ?? {};
  const skill = (which: "attack" | "parry", total: number | null) => ({
    which,
    label: which === "attack" ? "SHARENE.Weapon.Attack" : "SHARENE.Weapon.Parry",
    level: system[which].level,
    natural: system[which].natural,
    total,
    names: { level: `system.${which}.level`, natural: `system.${which}.natural` },
    ids: { level: id(`${which}-level`), natural: id(`${which}-natural`) },
  });
  return {
    kind: {
      value: system.kind,
      choices: Object.fromEntries(ACTION_KINDS.map((k) => [k, actionKinds[k] || `SHARENE.ActionKind.${k}`])),
      inputId: id("kind"),
    },
    skills: [skill("attack", system.attackTotal), skill("parry", system.parryTotal)],
    parries: { checked: system.parries, inputId: id("parries") },
    blows: BLOWS.map((blow) => ({
      blow,
      label: DAMAGE_LABELS[blow],
      name: `system.damage.${blow}`,
      formula: system.damage[blow],
      inputId: id(`damage-${blow}`),
    })),
    mainBlow: { value: system.mainBlow, choices: MAIN_BLOW_LABELS, inputId: id("mainBlow") },
    missingMainBlow: !system.dealsMainBlow,
    equipped: { checked: system.equipped, inputId: id("equipped") },
  };
}

function armorContext(
  item: Extract<ShareneItemData, { type: "shareneArmor" }>,
  options: ShareneItemSheetOptions,
) {
  const protection = item.system.protection as Record<string, number>;
  return {
    protection: SHARENE_LOCATIONS.map((location) => ({
      location,
      label: locationLabel(location),
      name: `system.protection.${location}`,
      points: protection[location] ?? 0,
      inputId: `${options.idPrefix}-protection-${location}`,
    })),
    equipped: { checked: item.system.equipped, inputId: `${options.idPrefix}-equipped` },
  };
}

export function shareneItemSheetContext(item: ShareneItemData, options: ShareneItemSheetOptions) {
  return {
    item: { id: item.id, name: item.name, img: item.img },
    type: item.type,
    typeLabel: ITEM_TYPE_LABELS[item.type],
    editable: options.editable,
    disabledAttr: options.editable ? "" : "disabled",
    ids: { name: `${options.idPrefix}-name`, description: `${options.idPrefix}-description` },
    description: {
      value: item.system.description,
      enriched: options.enrichedDescription ?? item.system.description,
    },
    weapon: item.type === "shareneWeapon" ? weaponContext(item, options) : null,
    armor: item.type === "shareneArmor" ? armorContext(item, options) : null,
  };
}
export type ShareneItemSheetContext = ReturnType<typeof shareneItemSheetContext>;
