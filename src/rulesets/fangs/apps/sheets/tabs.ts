import { isReadying, type Readying } from "../../../../rules/fangs/defense-usage";
import { TAB_LABELS } from "./start-labels";

/**
 * What the sheet classes need besides their view (context.ts): their tabs
 * and the reading of a maneuver choice.
 */

/** The tabs of both actor sheets, in order. */
export const ACTOR_TAB_IDS = ["main", "skills", "combat", "features", "effects", "biography"] as const;
/** The tabs of every item sheet. */
export const ITEM_TAB_IDS = ["details", "description"] as const;

/** A sheet's one tab group, "sheet", as Foundry's static `TABS` describes it. */
export function sheetTabs(ids: readonly (keyof typeof TAB_LABELS)[], initial: keyof typeof TAB_LABELS) {
  return { sheet: { tabs: ids.map((id) => ({ id, label: TAB_LABELS[id], cssClass: "" })), initial } };
}

/** The maneuver and what it readies from a choice's value ("drawWeapon:offHand"). */
export function declaredChoice(value: string): { maneuver: string; readying: Readying | null } {
  const [maneuver = "", readying] = value.split(":");
  return { maneuver, readying: isReadying(readying) ? readying : null };
}
