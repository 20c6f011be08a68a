import type {
  TrackerBadge,
  TrackerPartView,
  TrackerRowContext,
  TrackerRowDrawing,
  TrackerRowPartView,
} from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import { type Readying, readyingOf } from "../../rules/fangs/defense-usage";
import { getManeuver, movePaces } from "../../rules/fangs/maneuvers";
import { canActFromHold } from "../../rules/fangs/phase-order";
import { MANEUVER_IDS, type ManeuverId, type WeaponKind } from "../../rules/fangs/types";
import { maneuverDisplay } from "./config/fangs-config";

/**
 * FANGS's part of a tracker row as plain data (its table's `row`, the
 * Foundry side in ./tracker-row.ts): the declared maneuver as a badge with
 * its move and attack kind, the "undeclared" mark and the count of those
 * still to declare in the Initiative phase (NC-RND-3), a maneuver lost to a
 * dodge (NC-MAN-2), a lost action, and the badge's menu. Pure: the preview
 * pages draw it from data.
 */

const TEMPLATES = "systems/fangs/templates/combat";
export const FANGS_ROW_TEMPLATE = `${TEMPLATES}/maneuver-badge.hbs`;
export const FANGS_SUMMARY_TEMPLATE = `${TEMPLATES}/undeclared-note.hbs`;
export const MANEUVER_MENU_TEMPLATE = `${TEMPLATES}/maneuver-menu.hbs`;

/** What a FANGS row reads of its combatant (the GM's record of its round, its actor's MV). */
export interface FangsRowData {
  readonly maneuver: ManeuverId | null;
  readonly attackKind: WeaponKind | null;
  /** Broke its hold this round: must act, may not hold again. */
  readonly committed?: boolean;
  readonly actionLost: boolean;
  /** NC-MAN-2: the maneuver given up for a dodge this round (tried again next round). */
  readonly lostManeuver?: ManeuverId | null;
  /** MV in paces. */
  readonly mv: number;
  /**
   * The reach module, when on: the range kept with each fighter this one is
   * engaged with (./combat/pair-reach.ts). Absent with the module off.
   */
  readonly reach?: {
    readonly ranges: readonly { readonly other: string; readonly range: string }[];
  };
}

/** A kept range as a row shows it. */
export interface RangeCell {
  readonly label: string;
  readonly hint: string;
}

export interface ManeuverView {
  readonly id: ManeuverId;
  readonly label: string;
  readonly icon: string;
  readonly move: string;
  readonly attackKind: string | null;
}

/** What the maneuver badge partial draws. */
export interface FangsRowCells {
  readonly maneuver: ManeuverView | null;
  /** No maneuver yet in the Initiative phase: shown to the GM and the owner. */
  readonly undeclared: boolean;
  readonly canDeclare: boolean;
  readonly declareTooltip: string;
  readonly undeclaredLabel: string;
  /** The reach module: the ranges kept with others (absent with the module off). */
  readonly ranges?: readonly RangeCell[];
  /** The reach module: the advance or withdraw toward the viewer's target, for those who may act for it. */
  readonly rangeManeuver?: RangeCell;
}

export interface ManeuverChoice {
  readonly id: ManeuverId;
  readonly label: string;
  readonly icon: string;
  readonly move: string;
  readonly attacks: number;
  readonly holdable: boolean;
  readonly disabled: boolean;
  readonly tooltip: string;
  /** Draw Weapon: what this entry readies (NC-MAN-13, NC-MAN-20); null for every other maneuver. */
  readonly readying: Readying | null;
}

const MOVE_KEYS = {
  quarter: "FANGS.Combat.Move.Quarter",
  half: "FANGS.Combat.Move.Half",
  full: "FANGS.Combat.Move.Full",
} as const;

const KIND_KEYS: Readonly<Record<WeaponKind, string>> = {
  melee: "FANGS.Combat.AttackKind.Melee",
  thrown: "FANGS.Combat.AttackKind.Thrown",
  missile: "FANGS.Combat.AttackKind.Missile",
};

/** "½ MV: 8 paces" for a maneuver and an MV. */
export function moveText(id: ManeuverId, mv: number, localize: Localize): string {
  const paces = movePaces(id, Math.max(0, Math.trunc(mv)));
  return localize(MOVE_KEYS[getManeuver(id).move], { paces });
}

export function maneuverView(
  id: ManeuverId,
  mv: number,
  kind: WeaponKind | null,
  localize: Localize,
): ManeuverView {
  return {
    id,
    label: localize(maneuverDisplay(id).label),
    icon: maneuverDisplay(id).icon,
    move: moveText(id, mv, localize),
    attackKind: kind && getManeuver(id).attacks > 0 ? localize(KIND_KEYS[kind]) : null,
  };
}

const READYING_KEYS: Readonly<Record<Readying, string>> = {
  weapon: "FANGS.Combat.Menu.Readying.Weapon",
  offHand: "FANGS.Combat.Menu.Readying.OffHand",
};

const READYING_HINTS: Readonly<Record<Readying, string>> = {
  weapon: "FANGS.Combat.Menu.Readying.WeaponHint",
  offHand: "FANGS.Combat.Menu.Readying.OffHandHint",
};

/**
 * The maneuver menu for one combatant: every maneuver, with its move; unholdable ones closed to a holder.
 * `readyings` (ActorFacts.readyings): what its Draw Weapon may ready. With more than one, Draw Weapon
 * is one entry per choice, each named for what it readies, so the choice is made in the one click.
 */
export function maneuverChoices(
  mv: number,
  held: boolean,
  localize: Localize,
  readyings: readonly Readying[] = ["weapon"],
): ManeuverChoice[] {
  return MANEUVER_IDS.flatMap((id) => {
    const m = getManeuver(id);
    const holdable = canActFromHold(id).allowed;
    const move = moveText(id, mv, localize);
    const entry = (label: string, readying: Readying | null, hint = ""): ManeuverChoice => ({
      id,
      label,
      icon: maneuverDisplay(id).icon,
      move,
      attacks: m.attacks,
      holdable,
      disabled: held && !holdable,
      tooltip: `${label}: ${move}${holdable ? "" : ` · ${localize("FANGS.Combat.Menu.NotHoldable")}`}${hint}`,
      readying,
    });
    const name = localize(maneuverDisplay(id).label);
    if (id !== "drawWeapon") return [entry(name, null)];
    if (readyings.length < 2) return [entry(name, readyings[0] ?? "weapon")];
    // The short name fits the narrow menu; the tooltip says what it means for the parries.
    return readyings.map((r) => entry(localize(READYING_KEYS[r]), r, ` · ${localize(READYING_HINTS[r])}`));
  });
}

/** A row's FANGS cells, badges and whether its maneuver lets it hold, at this point of the round. */
export function fangsRowView(
  data: FangsRowData,
  row: TrackerRowContext,
  localize: Localize,
): TrackerRowPartView<FangsRowCells> {
  const declaring = row.started && row.phase === "initiative";
  // NC-RND-3: declared in the Initiative phase until one's turn has passed; a holder declares as it breaks.
  const declareOpen =
    !row.started || row.held || (declaring && (row.at === null || row.turn === null || row.at >= row.turn));
  const badges: TrackerBadge[] = [];
  if (data.lostManeuver) {
    const maneuver = localize(maneuverDisplay(data.lostManeuver).label);
    badges.push({
      css: "dodged",
      label: localize("FANGS.Combat.Badge.ManeuverLost", { maneuver }),
      hint: localize("FANGS.Combat.Badge.ManeuverLostHint", { name: row.name, maneuver }),
      icon: "fa-solid fa-rotate-right",
    });
  }
  if (data.actionLost) badges.push({ css: "lost", label: localize("FANGS.Combat.Badge.ActionLost") });
  return {
    cells: {
      maneuver: data.maneuver ? maneuverView(data.maneuver, data.mv, data.attackKind, localize) : null,
      undeclared: declaring && data.maneuver === null && !row.outOfAction && row.mayAct,
      canDeclare: row.mayAct && (row.isGM || declareOpen),
      declareTooltip: localize("FANGS.Combat.Menu.Declare"),
      undeclaredLabel: localize("FANGS.Combat.Badge.Undeclared"),
      ...(data.reach ? reachCells(data.reach, row, localize) : {}),
    },
    badges,
    // NC-RND-4, -7: a holder must act when it breaks; some maneuvers cannot be held.
    holdable: !data.committed && (data.maneuver === null || canActFromHold(data.maneuver).allowed),
  };
}

/**
 * The reach module's cells (RHF-RNG-1, -3): each kept range, on the rows of
 * both fighters of the pair, and the advance or withdraw toward the
 * viewer's target once the round has begun.
 */
function reachCells(
  reach: NonNullable<FangsRowData["reach"]>,
  row: TrackerRowContext,
  localize: Localize,
): Pick<FangsRowCells, "ranges" | "rangeManeuver"> {
  const ranges = reach.ranges.map(({ other, range }) => {
    const named = localize(`FANGS.Reach.Range.${range}`);
    return {
      label: localize("FANGS.Reach.Tracker.Range", { range: named, other }),
      hint: localize("FANGS.Reach.Tracker.RangeHint", { name: row.name, other, range: named }),
    };
  });
  const asks = row.started && row.mayAct && !row.outOfAction;
  return {
    ...(ranges.length > 0 ? { ranges } : {}),
    ...(asks
      ? {
          rangeManeuver: {
            label: localize("FANGS.Reach.Tracker.Maneuver"),
            hint: localize("FANGS.Reach.Tracker.ManeuverHint", { name: row.name }),
          },
        }
      : {}),
  };
}

/** The phase bar's note: how many the viewer may declare for still have not (the Initiative phase). */
export function fangsSummary(
  cells: readonly FangsRowCells[],
  _round: { readonly started: boolean; readonly phase: string; readonly isGM: boolean },
  localize: Localize,
): TrackerPartView<{ readonly count: number; readonly label: string }> | null {
  const count = cells.filter((c) => c.undeclared).length;
  if (count === 0) return null;
  return {
    template: FANGS_SUMMARY_TEMPLATE,
    data: { count, label: localize("FANGS.Combat.Tracker.Undeclared", { count }) },
  };
}

export interface ManeuverMenuView {
  readonly combatantId: string;
  readonly title: string;
  readonly choices: readonly (ManeuverChoice & { readonly current: boolean })[];
  readonly attackKinds: readonly {
    readonly id: WeaponKind;
    readonly label: string;
    readonly checked: boolean;
  }[];
  readonly attackKindLabel: string;
  readonly canClear: boolean;
  readonly clearLabel: string;
  /** What the "cannot be held" mark means, shown under the list; "" when no entry carries it. */
  readonly legend: string;
  /** The holds module: a held fighter's "Break free" entry (RHF-HLD-3); "" when it is not offered. */
  readonly breakFreeLabel: string;
}

/** The badge's pop-up menu for one combatant. */
export function maneuverMenuView(
  row: { id: string; name: string; mv: number; held: boolean } & Pick<
    FangsRowData,
    "maneuver" | "attackKind"
  >,
  fallbackKind: WeaponKind | null,
  localize: Localize,
  readying: Readying | null = null,
  readyings: readonly Readying[] = ["weapon"],
  /** Held in a hold the holds module keeps: the menu offers to break free. */
  held = false,
): ManeuverMenuView {
  const kind = row.attackKind ?? fallbackKind ?? "melee";
  const readied = readyingOf(readying);
  const choices = maneuverChoices(row.mv, row.held, localize, readyings);
  return {
    combatantId: row.id,
    title: localize("FANGS.Combat.Menu.Title", { name: row.name }),
    choices: choices.map((c) => ({
      ...c,
      current: c.id === row.maneuver && (readyings.length < 2 || c.readying === readied),
    })),
    attackKinds: (["melee", "thrown", "missile"] as const).map((id) => ({
      id,
      label: localize(KIND_KEYS[id]),
      checked: id === kind,
    })),
    attackKindLabel: localize("FANGS.Combat.Menu.AttackWith"),
    canClear: row.maneuver !== null,
    clearLabel: localize("FANGS.Combat.Menu.Clear"),
    legend: choices.some((c) => !c.holdable) ? localize("FANGS.Combat.Menu.NotHoldableLegend") : "",
    breakFreeLabel: held ? localize("FANGS.Combat.Menu.BreakFree") : "",
  };
}

/** How a FANGS row's data is drawn: the maneuver badge partial, its view, the undeclared note. */
export const fangsRowDrawing: TrackerRowDrawing<FangsRowData, FangsRowCells> = Object.freeze({
  template: FANGS_ROW_TEMPLATE,
  view: fangsRowView,
  summary: fangsSummary,
  // The shared tracker's badges and hold controls in FANGS's words (NC-RND-4 … -6: holds, the d20 + AG roll-off).
  words: Object.freeze({
    outOfAction: "FANGS.Combat.Badge.OutOfAction",
    holding: "FANGS.Combat.Badge.Holding",
    heldList: "FANGS.Combat.Tracker.Held",
    hold: "FANGS.Combat.Control.Hold",
    breakHold: "FANGS.Combat.Control.BreakHold",
    breakTogether: "FANGS.Combat.Control.BreakTogether",
    selectHolder: "FANGS.Combat.Control.SelectHolder",
  }),
});
