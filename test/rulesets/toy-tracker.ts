import type {
  TokenPalette,
  TokenPaletteEntry,
  TrackerRowContext,
  TrackerRowPart,
  TrackerRowPartView,
} from "../../src/combat/tracker-parts";
import type { Localize } from "../../src/config/localize";

/**
 * The toy's part of a tracker row and its Token HUD palette, registered on
 * its table (./toy-ruleset.ts) as a real ruleset does: a "stance" badge read
 * from its combatant subtype's state (a Lunge this round: lunging; the −2
 * dice it left: recovering; else steady), a Lunge button in the act phase
 * (the toy's own round action, asked through the active GM), a note under
 * the phase bar counting who lunges, and a palette of two Lunges (1 die, 3
 * dice) that ask for the same round action. Its partials are test fixtures
 * (./fixtures/toy-row.hbs, ./fixtures/toy-lunging.hbs), registered by the
 * test under these paths.
 */

export const TOY_ROW_TEMPLATE = "toy/templates/row.hbs";
export const TOY_SUMMARY_TEMPLATE = "toy/templates/lunging.hbs";

export type ToyStance = "steady" | "lunging" | "recovering";

export interface ToyRowData {
  readonly stance: ToyStance;
}

export interface ToyRowCells {
  readonly stance: ToyStance;
  readonly stanceLabel: string;
  readonly canLunge: boolean;
  readonly lungeLabel: string;
}

type Loose = Record<string, unknown>;

/** Its stance, from the toy combatant's state. */
export function toyStance(system: unknown): ToyStance {
  const s = (system ?? {}) as Loose;
  if (s.lunged === true) return "lunging";
  return typeof s.penalty === "number" && s.penalty < 0 ? "recovering" : "steady";
}

const STANCE_KEYS: Readonly<Record<ToyStance, string>> = {
  steady: "TOY.Stance.Steady",
  lunging: "TOY.Stance.Lunging",
  recovering: "TOY.Stance.Recovering",
};

export const toyRow: TrackerRowPart<ToyRowData, ToyRowCells> = {
  template: TOY_ROW_TEMPLATE,
  read: (combatant) => ({ data: { stance: toyStance(combatant.system) } }),
  view(data: ToyRowData, row: TrackerRowContext, localize: Localize): TrackerRowPartView<ToyRowCells> {
    return {
      cells: {
        stance: data.stance,
        stanceLabel: localize(STANCE_KEYS[data.stance]),
        canLunge: row.mayAct && row.started && row.phase === "act" && data.stance !== "lunging",
        lungeLabel: localize("TOY.Lunge"),
      },
    };
  },
  summary(cells, _round, localize) {
    const count = cells.filter((c) => c.stance === "lunging").length;
    return count === 0
      ? null
      : { template: TOY_SUMMARY_TEMPLATE, data: { label: localize("TOY.Tracker.Lunging", { count }) } };
  },
};

const LUNGES: Readonly<Record<string, number>> = { lungeOne: 1, lungeThree: 3 };

export const toyPalette: TokenPalette = {
  labelKey: "TOY.Palette",
  icon: "fa-solid fa-person-running",
  entries(combatant, _viewer, localize): TokenPaletteEntry[] {
    const lunging = toyStance(combatant.system) === "lunging";
    return Object.entries(LUNGES).map(([id, dice]) => ({
      id,
      label: localize("TOY.Palette.Lunge", { dice }),
      icon: "icons/svg/sword.svg",
      active: lunging,
      disabled: lunging,
    }));
  },
  async choose(_combatant, id, ask) {
    return ask("lunge", { dice: LUNGES[id] });
  },
};
