/**
 * The item sheet's context (the actor sheets' is in actor-context.ts, the
 * pieces both use in context-parts.ts). Pure, like them.
 */
import { shieldStrikeDamage } from "../../../../rules/fangs/defenses";
import type { CharacteristicId } from "../../../../rules/fangs/types";
import {
  type ConditionContext,
  conditionOf,
  DEFAULT_PLACEHOLDER_IMG,
  type SheetContextOptions,
  skillNumbers,
  type TabContext,
  tabMap,
  tabsFor,
} from "./context-parts";
import type { ItemData, ItemType } from "./context-types";
import { HANDS_LABELS, MANEUVER_LABELS, SKILL_CATEGORY_LABELS, WEAPON_KIND_LABELS } from "./labels";
import { ITEM_TYPE_LABELS } from "./start-labels";
import { ITEM_TAB_IDS } from "./tabs";

export interface ChoiceContext {
  value: string;
  label: string;
}

export interface ItemSheetContextOptions extends SheetContextOptions {
  /** The skills of the owning actor, for the weapon's and shield's skill picker. */
  actorSkills?: readonly { key: string; name: string }[];
  /** The owner's characteristics: a skill sheet then shows its natural part and total. */
  actorCharacteristics?: Record<CharacteristicId, number>;
  /**
   * The skills a GM has (`gmSkills`: the world's, then the skills
   * compendium's), for the skill picker of a weapon or shield with no owner.
   * Ignored when `actorSkills` is given.
   */
  gmSkills?: readonly { key: string; name: string }[];
}

/** The picker of a weapon or shield with no owner: the GM's skills by name, or a key typed by hand. */
export interface GmSkillPickerContext {
  /** The GM's skills, by name; the one the item names is selected. */
  options: { value: string; label: string; selected: boolean }[];
  /** The item names no skill. */
  none: boolean;
  /** The choice that reveals the key field; never written to the item. */
  otherValue: string;
  /** The key is none of the skills (typed, or from a skill since removed): the key field is shown. */
  other: boolean;
  /** Element id of the key field. */
  keyInputId: string;
}

export interface ItemSheetContext {
  item: { id: string; name: string; img: string; type: ItemType };
  /** The recoil module is on: a weapon's sheet shows its Recoil and tripod (absent otherwise). */
  recoilFields?: true;
  typeLabel: string;
  editable: boolean;
  disabledAttr: string;
  idPrefix: string;
  /** Element id of each field, by its path under `system` with "_" for "." (`itemSp_value`). */
  ids: Record<string, string>;
  /** The tab navigation (named apart from Foundry's own `tabs` context entry). */
  tabList: TabContext[];
  tab: Record<string, TabContext>;
  system: ItemData["system"];
  condition: ConditionContext | null;
  choices: {
    hands: Record<string, string>;
    kind: Record<string, string>;
    category: Record<string, string>;
    maneuver: Record<string, string>;
    skills: Record<string, string> | null;
  };
  /** The picker of a weapon or shield no actor owns; null when the owner's skills are picked from, or for other items. */
  gmSkillPicker: GmSkillPickerContext | null;
  /** A skill's natural part and total, when the item belongs to an actor. */
  skillValue: { natural: number | null; total: number | null; error: string | null } | null;
  /** What a shield strikes with when its bash damage is blank (the one-handed club); null for other items. */
  bashDamageDefault: string | null;
  description: { value: string; enriched: string };
  documentUuid: string;
}

const ITEM_FIELDS: Readonly<Record<ItemType, readonly string[]>> = {
  weapon: [
    "damage",
    "damageBonus",
    "itemSp.value",
    "itemSp.max",
    "impales",
    "hands",
    "kind",
    "range",
    "reach",
    "reloadRounds",
    "extendedReload",
    "autofire",
    "recoil",
    "tripod",
    "natural",
    "skill",
    "equipped",
    "offHand",
  ],
  shield: ["itemSp.value", "itemSp.max", "skill", "equipped", "bashDamage"],
  armor: ["armorProtection", "price", "equipped"],
  skill: ["key", "naturalAbility", "bought", "category"],
  advantage: ["key"],
  maneuver: ["maneuverId"],
};

export function itemSheetContext(item: ItemData, options: ItemSheetContextOptions): ItemSheetContext {
  const idPrefix = options.idPrefix ?? `fangs-item-${item.id}`;
  const ids: Record<string, string> = { name: `${idPrefix}-name`, description: `${idPrefix}-description` };
  for (const field of ITEM_FIELDS[item.type])
    ids[field.replace(".", "_")] = `${idPrefix}-${field.replace(".", "-")}`;
  const tabs = tabsFor(ITEM_TAB_IDS, options.activeTab);

  let condition: ConditionContext | null = null;
  if (item.type === "weapon" && !item.system.natural)
    condition = conditionOf(item.system.itemSp, item.system.condition);
  if (item.type === "shield") condition = conditionOf(item.system.itemSp, item.system.condition);

  let skill: ItemSheetContext["skillValue"] = null;
  if (item.type === "skill" && options.actorCharacteristics) {
    skill = skillNumbers(item.system, options.actorCharacteristics);
  } else if (item.type === "skill" && typeof item.system.total === "number") {
    skill = { natural: item.system.natural ?? null, total: item.system.total, error: null };
  }

  const description = item.system.description ?? "";
  return {
    ...(options.rules?.recoilModule === true && item.type === "weapon"
      ? { recoilFields: true as const }
      : {}),
    item: { id: item.id, name: item.name, img: item.img ?? DEFAULT_PLACEHOLDER_IMG, type: item.type },
    typeLabel: ITEM_TYPE_LABELS[item.type],
    editable: options.editable,
    disabledAttr: options.editable ? "" : "disabled",
    idPrefix,
    ids,
    tabList: tabs,
    tab: tabMap(tabs),
    system: item.system,
    condition,
    choices: {
      hands: { ...HANDS_LABELS },
      kind: { ...WEAPON_KIND_LABELS },
      category: { ...SKILL_CATEGORY_LABELS },
      maneuver: { ...MANEUVER_LABELS },
      skills: skillChoices(item, options.actorSkills),
    },
    gmSkillPicker:
      options.actorSkills || !options.gmSkills ? null : gmSkillPicker(item, options.gmSkills, idPrefix),
    skillValue: skill,
    bashDamageDefault: item.type === "shield" ? shieldStrikeDamage(options.rules) : null,
    description: { value: description, enriched: options.enrichedHtml ?? description },
    documentUuid: options.uuid ?? "",
  };
}

/** The owner's skills by key; a key the owner lacks stays listed, so picking nothing never erases it. */
function skillChoices(
  item: ItemData,
  skills: ItemSheetContextOptions["actorSkills"],
): Record<string, string> | null {
  if (!skills) return null;
  // The first skill with a key is the one the weapon uses (see skillLookup, actor-context.ts).
  const choices: Record<string, string> = {};
  for (const s of skills) if (!(s.key in choices)) choices[s.key] = s.name;
  const current = item.type === "weapon" || item.type === "shield" ? item.system.skill : "";
  if (current && !(current in choices)) choices[current] = current;
  return choices;
}

/**
 * The skills a GM can link a world weapon to: the world's skill items and the
 * skills compendium's, one per key, sorted by name. A world skill names its
 * key over the compendium's (the GM may have renamed or replaced it); a
 * skill with no key cannot be linked and is left out.
 */
export function gmSkills(
  world: readonly { key: string; name: string }[],
  pack: readonly { key: string; name: string }[],
): { key: string; name: string }[] {
  const byKey = new Map<string, string>();
  for (const s of [...world, ...pack]) if (s.key && !byKey.has(s.key)) byKey.set(s.key, s.name);
  return [...byKey]
    .map(([key, name]) => ({ key, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
}

/** Not a key (a key is letters and digits): the "Other…" choice can never be mistaken for a skill. */
const OTHER_SKILL = "(other)";

function gmSkillPicker(
  item: ItemData,
  skills: readonly { key: string; name: string }[],
  idPrefix: string,
): GmSkillPickerContext | null {
  if (item.type !== "weapon" && item.type !== "shield") return null;
  const current = item.system.skill;
  const known = current === "" || skills.some((s) => s.key === current);
  return {
    options: skills.map((s) => ({ value: s.key, label: s.name, selected: s.key === current })),
    none: current === "",
    otherValue: OTHER_SKILL,
    other: !known,
    keyInputId: `${idPrefix}-skill-key`,
  };
}
