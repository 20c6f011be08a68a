import type {
  TrackerBadge,
  TrackerPartView,
  TrackerRowClick,
  TrackerRowContext,
  TrackerRowPart,
  TrackerRowPartView,
  TrackerViewer,
} from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import { loadRuleset } from "../../on-demand";
import type { ActionKind, CalledShot, StatedBlow, Style } from "../../rules/sharene/types";
import { shownRound } from "./combat/record";
import {
  SHARENE_MENU_TEMPLATE,
  SHARENE_ROW_TEMPLATE,
  SHARENE_SUMMARY_TEMPLATE,
} from "./combat/sharene-table";
import { shareneLabels } from "./config/sharene-config";
import { roundPhaseOf, shareneOutOfFight } from "./token-palette";

/**
 * Sharene's part of a tracker row (its table's `row`): the declared action
 * and whom it attacks, the style with its split parry, stated blow and
 * called shot, the initiative roll (1d10 + DEX or AGI,
 * SHA-INI-1), a button that opens the declaration's or the style's menu in
 * the phase that asks for it, a badge for an attack lost to a critical
 * failure, and under the phase bar how many still have to choose. A
 * fighter's choices are shown to others only once the phase that made
 * them is over (everyone chooses at once); the documents carry them, so
 * this is the display's courtesy, not a secret (docs/rules/sharene.md,
 * "At the table"). `view` is pure; the menu comes with the heavy part.
 */

export { SHARENE_MENU_TEMPLATE, SHARENE_ROW_TEMPLATE, SHARENE_SUMMARY_TEMPLATE };

/** What a Sharene row reads of its combatant for one viewer. */
export interface ShareneRowData {
  /** The declared action, or null (not declared, or not the viewer's to see yet). */
  readonly action: ActionKind | null;
  readonly target: string | null;
  readonly declared: boolean;
  readonly style: Style | null;
  /** What goes with the style, shown as the style is (absent or null: none). */
  readonly styleOptions?: {
    readonly split: number;
    readonly statedBlow: StatedBlow | null;
    readonly called: CalledShot | null;
  } | null;
  readonly styled: boolean;
  readonly initiative: {
    readonly roll: number;
    readonly ability: "dex" | "agi";
    readonly abilityValue: number;
    readonly total: number;
  } | null;
  readonly loseNextAttack: boolean;
}

/** What the row's partial draws. */
export interface ShareneRowCells {
  readonly action: string | null;
  readonly target: string | null;
  readonly style: string | null;
  /** The split parry, stated blow and called shot in words ("split 2 · thrust · Head"), or null. */
  readonly styleOptions: string | null;
  readonly initiative: { readonly text: string; readonly hint: string } | null;
  /** The menu's button: shown to the GM and the owner in the phase that asks for a choice. */
  readonly canChoose: boolean;
  /** Still to choose in this phase (the button stands out, the note under the phase bar counts it). */
  readonly waiting: boolean;
  readonly chooseText: string;
  readonly chooseLabel: string;
}

export function readShareneRow(combatant: Combatant.Implementation, viewer: TrackerViewer) {
  const record = shownRound(combatant);
  const phase = roundPhaseOf(combatant);
  const mine = viewer.isGM || viewer.owner;
  const actionShown = mine || phase !== "declare";
  const styleShown = mine || phase === "action";
  const attacked = actionShown && record.target ? combatant.combat?.combatants.get(record.target) : undefined;
  // A combatant hidden from this viewer is not named.
  const target = attacked && attacked.visible !== false ? (attacked.name ?? null) : null;
  const data: ShareneRowData = {
    action: actionShown && record.declared ? record.action : null,
    target,
    declared: record.declared,
    style: styleShown ? record.style : null,
    styleOptions:
      styleShown && record.style !== null
        ? { split: record.split, statedBlow: record.statedBlow, called: record.called }
        : null,
    styled: record.style !== null,
    initiative: record.initiative,
    loseNextAttack: record.loseNextAttack,
  };
  return { outOfAction: shareneOutOfFight(combatant), data };
}

/** The words of the phase's choice: the button's text, and the menu's title (its accessible name). */
export const CHOICE_WORDS = Object.freeze({
  declare: Object.freeze({
    waiting: "SHARENE.Combat.Tracker.DeclareWaiting",
    change: "SHARENE.Combat.Tracker.DeclareChange",
    title: "SHARENE.Combat.Menu.DeclareTitle",
  }),
  style: Object.freeze({
    waiting: "SHARENE.Combat.Tracker.StyleWaiting",
    change: "SHARENE.Combat.Tracker.StyleChange",
    title: "SHARENE.Combat.Menu.StyleTitle",
  }),
});

/** A style's options in words, in the order they are chosen; null when it has none. */
export function styleOptionsText(options: ShareneRowData["styleOptions"], localize: Localize): string | null {
  if (!options) return null;
  const { split, statedBlow, called } = options;
  const parts = [
    split > 0 ? localize("SHARENE.Combat.Tracker.Split", { count: split }) : null,
    statedBlow ? localize(`SHARENE.Blow.${statedBlow}`) : null,
    called
      ? localize(
          called.kind === "location"
            ? `SHARENE.Location.${called.location}`
            : `SHARENE.CalledEffect.${called.effect}`,
        )
      : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(" · ") : null;
}

const ABILITY = { dex: "SHARENE.Characteristic.dex", agi: "SHARENE.Characteristic.agi" } as const;

/** A row's Sharene cells and badges at this point of the round. */
export function shareneRowView(
  data: ShareneRowData,
  row: TrackerRowContext,
  localize: Localize,
): TrackerRowPartView<ShareneRowCells> {
  const choosing = row.started && (row.phase === "declare" || row.phase === "style");
  // A style is chosen knowing the order: not without one's own roll (none yet, or none this round).
  const canChoose =
    choosing && row.mayAct && !row.outOfAction && (row.phase !== "style" || data.initiative !== null);
  const waiting = canChoose && (row.phase === "declare" ? !data.declared : !data.styled);
  const actions = shareneLabels("actionKinds");
  const styles = shareneLabels("styles");
  const i = data.initiative;
  const badges: TrackerBadge[] = data.loseNextAttack
    ? [
        {
          css: "lost",
          label: localize("SHARENE.Combat.Badge.LosesAttack"),
          hint: localize("SHARENE.Combat.Badge.LosesAttackHint", { name: row.name }),
          icon: "fa-solid fa-ban",
        },
      ]
    : [];
  const words = CHOICE_WORDS[row.phase === "declare" ? "declare" : "style"];
  return {
    cells: {
      action: data.action ? localize(actions[data.action] ?? data.action) : null,
      target: data.target,
      style: data.style ? localize(styles[data.style] ?? data.style) : null,
      styleOptions: data.style ? styleOptionsText(data.styleOptions, localize) : null,
      initiative: i
        ? {
            text: `${i.roll} + ${i.abilityValue} = ${i.total}`,
            hint: localize("SHARENE.Combat.Initiative.Hint", {
              roll: i.roll,
              ability: localize(ABILITY[i.ability]),
              value: i.abilityValue,
              total: i.total,
            }),
          }
        : null,
      canChoose,
      waiting,
      chooseText: localize(waiting ? words.waiting : words.change),
      chooseLabel: localize(words.title, { name: row.name }),
    },
    badges,
  };
}

/** The note under the phase bar: how many the viewer may choose for still have to (declarations, styles). */
export function shareneSummary(
  cells: readonly ShareneRowCells[],
  round: { readonly started: boolean; readonly phase: string; readonly isGM: boolean },
  localize: Localize,
): TrackerPartView<{ readonly label: string }> | null {
  const count = cells.filter((c) => c.waiting).length;
  if (count === 0 || (round.phase !== "declare" && round.phase !== "style")) return null;
  const key =
    round.phase === "declare" ? "SHARENE.Combat.Tracker.Undeclared" : "SHARENE.Combat.Tracker.NoStyle";
  return { template: SHARENE_SUMMARY_TEMPLATE, data: { label: localize(key, { count }) } };
}

export const shareneTrackerRow: TrackerRowPart<ShareneRowData, ShareneRowCells> = Object.freeze({
  template: SHARENE_ROW_TEMPLATE,
  read: readShareneRow,
  view: shareneRowView,
  summary: shareneSummary,
  words: Object.freeze({ outOfAction: "SHARENE.Combat.Badge.OutOfAction" }),
  // The menu of the phase (the declaration's or the style's): Sharene's heavy part.
  click: async (click: TrackerRowClick) => (await loadRuleset("sharene")).openShareneRoundMenu(click),
});
