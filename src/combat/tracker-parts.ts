import type { Localize } from "../config/localize";

/**
 * What a ruleset draws in the shared combat tracker and on the Token HUD
 * (its table's `row` and `palette`, src/combat/table-ruleset.ts). The
 * tracker draws the cells every ruleset shares (position, image, name,
 * conditions, tracked resource, initiative, the hold buttons of a ruleset
 * with holds) and hands the rest of a row to the world ruleset's row part;
 * the Token HUD shows the world ruleset's palette, or no button at all.
 * docs/rulesets.md, "The tracker's rows and the Token HUD palette".
 */

/** Who looks at the row. */
export interface TrackerViewer {
  readonly isGM: boolean;
  /** The viewer owns this combatant. */
  readonly owner: boolean;
}

/** One combatant as its ruleset reads it for the tracker: plain data, on any client. */
export interface TrackerRowRead<R = unknown> {
  /** It holds its action (a ruleset with holds): listed with the holders, Break offered. */
  readonly held?: boolean;
  /** Out of the fight: greyed, and no hold offered. Default: the combatant is defeated. */
  readonly outOfAction?: boolean;
  /** What its row part's `view` draws from. */
  readonly data: R;
}

/** Where a row stands in the round, as the shared tracker worked it out. */
export interface TrackerRowContext {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  /** The viewer may act for it: a GM, or its owner. */
  readonly mayAct: boolean;
  readonly started: boolean;
  readonly phase: string;
  /** Its place in the phase's order (0-based), or null when it has none. */
  readonly at: number | null;
  /** The current turn in that order, or null. */
  readonly turn: number | null;
  /** Its turn is now / has passed in this phase. */
  readonly active: boolean;
  readonly acted: boolean;
  readonly held: boolean;
  readonly outOfAction: boolean;
}

/** A badge on the row, after the ruleset's cells. */
export interface TrackerBadge {
  readonly css: string;
  readonly label: string;
  /** The longer explanation: the badge's accessible name and tooltip. */
  readonly hint?: string;
  /** Font Awesome classes of a leading icon. */
  readonly icon?: string;
}

/** A Handlebars partial and the data it draws (its `this`). */
export interface TrackerPartView<V = unknown> {
  /** The partial's template path; the tracker loads it before drawing. */
  readonly template: string;
  readonly data: V;
}

/** What a ruleset's row part shows on one row. */
export interface TrackerRowPartView<V = unknown> {
  /** Its cells, drawn on the row's second line before the badges; null: none. */
  readonly cells: V | null;
  /** Its badges, before the shared ones (out of action, holding). */
  readonly badges?: readonly TrackerBadge[];
  /** Whether it may hold now, beyond the shared conditions (default true). */
  readonly holdable?: boolean;
}

/** A user's click on a ruleset's cells or palette becomes one of its round actions for this combatant. */
export type RoundAsk = (action: string, data?: unknown) => Promise<boolean>;

/** What a click in a ruleset's row cells gets (a button with `data-action="rulesetRow"`). */
export interface TrackerRowClick {
  readonly combatant: Combatant.Implementation;
  /** The clicked element (its `data-*` attributes say what was asked). */
  readonly target: HTMLElement;
  readonly viewer: TrackerViewer;
  /** Asks for a round action through the active GM, as every round action goes. */
  readonly ask: RoundAsk;
}

/**
 * A ruleset's part of a tracker row. `R`: what `read` takes from a
 * combatant; `V`: what `view` gives its partial.
 */
export interface TrackerRowPart<R = unknown, V = unknown> {
  /** The partial that draws `view`'s cells (a template path under the system). */
  readonly template: string;
  /** One combatant for this viewer, as plain data. */
  read(combatant: Combatant.Implementation, viewer: TrackerViewer): TrackerRowRead<R>;
  /** The data as the row shows it at this point of the round (pure: the preview pages call it too). */
  view(data: R, row: TrackerRowContext, localize: Localize): TrackerRowPartView<V>;
  /**
   * A note under the phase bar over every row's cells (FANGS: how many have
   * not declared), or null for none.
   */
  summary?(
    cells: readonly V[],
    round: { readonly started: boolean; readonly phase: string; readonly isGM: boolean },
    localize: Localize,
  ): TrackerPartView | null;
  /**
   * A click on an element of its cells with `data-action="rulesetRow"` and
   * no `data-round-action` (which the tracker asks for itself, with the
   * JSON of `data-round-data`): the ruleset's own handling, which may return
   * a pop-up to show under the row (the tracker closes it on the next render
   * or a second click on the row). Whatever it changes goes through `ask` or
   * the ruleset's own round-action calls.
   */
  click?(click: TrackerRowClick): Promise<HTMLElement | null | undefined>;
  /** The shared tracker's words for its rows and holds (`trackerWords`); those left out are under its lang prefix. */
  readonly words?: Partial<TrackerWords>;
}

/** How a row part is drawn from its data: what the pure tracker view (and the preview pages) call. */
export type TrackerRowDrawing<R = unknown, V = unknown> = Pick<
  TrackerRowPart<R, V>,
  "template" | "view" | "summary" | "words"
>;

/**
 * What the shared tracker says of a ruleset's rows and holds, as lang keys:
 * the badges of a combatant out of action and of a holder, the heading of
 * the holders' list, and the hold controls (shown only with holds).
 */
export interface TrackerWords {
  readonly outOfAction: string;
  readonly holding: string;
  readonly heldList: string;
  readonly hold: string;
  readonly breakHold: string;
  readonly breakTogether: string;
  readonly selectHolder: string;
}

/**
 * The ruleset's tracker words: those its row part gives (`words`), the rest
 * under its lang prefix (`<prefix>.Combat.Badge.OutOfAction`, `.Holding`;
 * `<prefix>.Combat.Tracker.Held`; `<prefix>.Combat.Control.Hold`,
 * `.BreakHold`, `.BreakTogether`, `.SelectHolder`).
 */
export function trackerWords(langPrefix: string, given: Partial<TrackerWords> = {}): TrackerWords {
  return {
    outOfAction: `${langPrefix}.Combat.Badge.OutOfAction`,
    holding: `${langPrefix}.Combat.Badge.Holding`,
    heldList: `${langPrefix}.Combat.Tracker.Held`,
    hold: `${langPrefix}.Combat.Control.Hold`,
    breakHold: `${langPrefix}.Combat.Control.BreakHold`,
    breakTogether: `${langPrefix}.Combat.Control.BreakTogether`,
    selectHolder: `${langPrefix}.Combat.Control.SelectHolder`,
    ...given,
  };
}

/** One entry of a ruleset's Token HUD palette. */
export interface TokenPaletteEntry {
  /** Unique in the palette; what `choose` gets back. */
  readonly id: string;
  /** Its name, localised: the button's accessible name. */
  readonly label: string;
  /** The tooltip, localised (default: the label). */
  readonly tooltip?: string;
  /** Image path of its icon. */
  readonly icon: string;
  /** Font Awesome classes of a small mark over the icon (two entries sharing one icon). */
  readonly mark?: string;
  /** The combatant's current choice. */
  readonly active: boolean;
  readonly disabled?: boolean;
}

/** A ruleset's palette on the Token HUD, for a combatant's token in the viewed combat. */
export interface TokenPalette {
  /** Lang key of the HUD button's tooltip and name. */
  readonly labelKey: string;
  /** Font Awesome classes of the HUD button. */
  readonly icon: string;
  /** The entries for this combatant and viewer. */
  entries(
    combatant: Combatant.Implementation,
    viewer: TrackerViewer,
    localize: Localize,
  ): TokenPaletteEntry[];
  /**
   * A click on the entry `id` (one `entries` offered, not disabled): a round
   * action through `ask`, or the ruleset's own call that goes the same way.
   * True closes the palette.
   */
  choose(combatant: Combatant.Implementation, id: string, ask: RoundAsk): Promise<boolean>;
}
