import { itemCondition, skillValue } from "../../../../rules/fangs/character";
import type { FangsOptions } from "../../../../rules/fangs/config";
import type { CharacteristicId, ItemCondition } from "../../../../rules/fangs/types";
import { RulesError } from "../../../../rules/kernel/errors";
import type { ItemData, ItemDataOf, ItemSpData, ItemType, SkillSystemData } from "./context-types";
import { CONDITION_LABELS, type ConditionLabel } from "./labels";
import { TAB_LABELS } from "./start-labels";

/**
 * What the actor and the item sheets' contexts share: tabs, an item's SP
 * and condition, the order of items, a skill's numbers. Pure, like the
 * builders (actor-context.ts, item-context.ts).
 */

export interface SheetContextOptions {
  /** Whether the user may edit the document: inputs are disabled otherwise. */
  editable: boolean;
  /** Prefix of every element id, unique per open sheet (label `for` targets). */
  idPrefix?: string;
  /** The biography or description, already enriched to HTML (Foundry's TextEditor in the app). */
  enrichedHtml?: string;
  /** The active tab of the sheet's tab group. */
  activeTab?: string;
  /** World overrides of the FANGS figures, passed on to the rules core. */
  rules?: FangsOptions;
  /** The document's UUID, for the rich text editor's links and collaboration. */
  uuid?: string;
}

export interface TabContext {
  id: string;
  group: string;
  label: string;
  active: boolean;
  cssClass: string;
}

export interface ConditionContext extends ConditionLabel {
  id: ItemCondition;
  /** CSS modifier: `fangs-badge--<id>`. */
  cssClass: string;
}

export interface SpContext {
  value: number;
  max: number;
  /** Filled share of the bar, 0–100. */
  percent: number;
}

export const DEFAULT_PLACEHOLDER_IMG = "icons/svg/item-bag.svg";

export function tabsFor(ids: readonly (keyof typeof TAB_LABELS)[], active: string | undefined): TabContext[] {
  const current = ids.includes(active as keyof typeof TAB_LABELS) ? active : ids[0];
  return ids.map((id) => ({
    id,
    group: "sheet",
    label: TAB_LABELS[id],
    active: id === current,
    cssClass: id === current ? "active" : "",
  }));
}

export function tabMap(tabs: readonly TabContext[]): Record<string, TabContext> {
  return Object.fromEntries(tabs.map((t) => [t.id, t]));
}

export function percentOf(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.round(Math.min(100, Math.max(0, (value / max) * 100)));
}

export function spContext(sp: ItemSpData): SpContext {
  return { value: sp.value, max: sp.max, percent: percentOf(sp.value, sp.max) };
}

export function conditionContext(id: ItemCondition): ConditionContext {
  return { id, ...CONDITION_LABELS[id], cssClass: `fangs-badge--${id}` };
}

/** The condition the data model derived, or the rules core's reading of the SP when it is missing or invalid. */
export function conditionOf(
  sp: ItemSpData,
  derived: ItemCondition | null | undefined,
): ConditionContext | null {
  if (derived && derived in CONDITION_LABELS) return conditionContext(derived);
  try {
    return conditionContext(itemCondition(sp));
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

export function byName<T extends { name: string; sort?: number }>(a: T, b: T): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name);
}

export function ofType<T extends ItemType>(items: readonly ItemData[], type: T): ItemDataOf<T>[] {
  return items.filter((i): i is ItemDataOf<T> => i.type === type).sort(byName);
}

/** "+1d4" for a DM, "—" for none. */
export function formatDamageModifier(dice: string): string {
  return dice && dice !== "0" ? `+${dice}` : "—";
}

/* -------------------------------------------- */
/*  Skills                                      */
/* -------------------------------------------- */

export interface SkillRowContext {
  id: string;
  name: string;
  img: string;
  key: string;
  formula: string;
  natural: number | null;
  bought: number;
  total: number | null;
  /** A localisation key when the formula cannot be read. */
  error: string | null;
  boughtInputId: string;
}

export function skillNumbers(
  system: SkillSystemData,
  characteristics: Record<CharacteristicId, number>,
): { natural: number | null; total: number | null; error: string | null } {
  if (typeof system.natural === "number" && typeof system.total === "number") {
    return { natural: system.natural, total: system.total, error: null };
  }
  try {
    const value = skillValue(system.naturalAbility, characteristics, system.bought);
    return { natural: value.natural, total: value.total, error: null };
  } catch (error) {
    if (error instanceof RulesError)
      return { natural: null, total: null, error: "FANGS.Sheet.Error.BadFormula" };
    throw error;
  }
}

export function skillRow(
  item: ItemDataOf<"skill">,
  characteristics: Record<CharacteristicId, number>,
  idPrefix: string,
): SkillRowContext {
  return {
    id: item.id,
    name: item.name,
    img: item.img ?? DEFAULT_PLACEHOLDER_IMG,
    key: item.system.key,
    formula: item.system.naturalAbility,
    bought: item.system.bought,
    ...skillNumbers(item.system, characteristics),
    boughtInputId: `${idPrefix}-skill-${item.id}-bought`,
  };
}

/* -------------------------------------------- */
/*  Actor sheets                                */
