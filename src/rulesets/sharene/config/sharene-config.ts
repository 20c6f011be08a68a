import { rulesetConfig } from "../../../config/fangs-config";
import { ICON_PATH } from "../../../config/system";
import { SHARENE_LIMBS } from "../../../rules/sharene/sheet";
import { limbStatus, SHARENE_STATUS } from "../../../rules/sharene/types";
import type { RulesetConfigEntry, StatusDefinition } from "../../registry";
import { ACTION_KIND_LABELS, STYLE_LABELS } from "./labels";

/**
 * Sharene's entry of CONFIG.FANGS (its definition's `config`), at
 * `CONFIG.FANGS.sharene`: its token statuses, and the words of its action
 * kinds and styles. Frozen defaults; a module relabels or redraws them in
 * its own `init`, and Sharene reads them each time, every value falling
 * back to its default. The ids are the rules core's: one a module adds is
 * not offered.
 */
export interface ShareneConfigEntry {
  /** The token statuses of a Sharene world: out of the fight, then each limb's state. */
  statuses: { id: string; name: string; img: string }[];
  actionKinds: Record<string, string>;
  styles: Record<string, string>;
}

declare module "../../../config/fangs-config" {
  interface FangsConfig {
    sharene: ShareneConfigEntry;
  }
}

const icon = (file: string) => `${ICON_PATH}/sharene/${file}.svg`;

function limbStatuses(limb: string): StatusDefinition[] {
  return (["useless", "severed"] as const).map((state) =>
    Object.freeze({
      id: limbStatus(limb, state),
      name: `SHARENE.Status.${limbStatus(limb, state)}`,
      img: icon(`${limb}-${state}`),
    }),
  );
}

/**
 * The statuses the core sets (SHARENE_STATUS, `limbStatus`), each with its
 * own drawing. "dead" and "unconscious" keep Foundry's ids, so the
 * tracker's defeated toggle and core's overlay mean the same.
 */
export const SHARENE_STATUSES: readonly StatusDefinition[] = Object.freeze([
  Object.freeze({
    id: SHARENE_STATUS.unconscious,
    name: "SHARENE.Status.unconscious",
    img: icon("unconscious"),
  }),
  Object.freeze({ id: SHARENE_STATUS.comatose, name: "SHARENE.Status.comatose", img: icon("comatose") }),
  Object.freeze({ id: SHARENE_STATUS.dead, name: "SHARENE.Status.dead", img: icon("dead") }),
  ...SHARENE_LIMBS.flatMap(limbStatuses),
  Object.freeze({
    id: limbStatus("head", "severed"),
    name: "SHARENE.Status.headSevered",
    img: icon("head-severed"),
  }),
]);

const DEFAULTS = Object.freeze({
  statuses: SHARENE_STATUSES,
  actionKinds: ACTION_KIND_LABELS,
  styles: STYLE_LABELS,
});

export const shareneConfigEntry: RulesetConfigEntry = Object.freeze({ defaults: DEFAULTS });

function entry(): Partial<ShareneConfigEntry> | undefined {
  return rulesetConfig("sharene") as Partial<ShareneConfigEntry> | undefined;
}

/** Its statuses as CONFIG.FANGS.sharene has them once modules had their `init`; a broken list falls back. */
export function shareneStatuses(): readonly StatusDefinition[] {
  const configured = entry()?.statuses;
  return Array.isArray(configured) ? configured : SHARENE_STATUSES;
}

/** The labels of the action kinds or the styles, as CONFIG.FANGS.sharene says now, for the core's ids only. */
export function shareneLabels(key: "actionKinds" | "styles"): Readonly<Record<string, string>> {
  const defaults: Readonly<Record<string, string>> = DEFAULTS[key];
  const configured = entry()?.[key] ?? {};
  return Object.fromEntries(Object.entries(defaults).map(([id, label]) => [id, configured[id] || label]));
}
