import type { Localizer } from "../../sim/i18n";
import type { OddsReport } from "../../sim/report";
import { isValidSeed } from "../../sim/seed";
import { END_STATES } from "../../sim/stats";
import { oddsChartSvg } from "./chart";
import { type EncounterChoice, encounterChoices, SELECTED_TOKENS } from "./prepared";
import type { OddsRefusal } from "./words";

/**
 * What the Encounter odds dialog shows, from its state: plain data for the
 * template, built without Foundry so it is tested like the simulator.
 */
export interface OddsDialogState {
  /** Each side's name (a group's: its fighters' names joined by ", "). */
  readonly names: readonly [string, string];
  /** Each side's fighters by name; absent or one each: a duel. */
  readonly sides?: readonly [readonly string[], readonly string[]];
  readonly runs: number;
  readonly seed: number;
  readonly running: boolean;
  readonly done: number;
  readonly report: OddsReport | null;
  /** The prepared encounters the picker offers (id and name's lang key); none: no picker. */
  readonly encounters?: readonly { readonly id: string; readonly name: string }[];
  /** The picker's choice: an encounter's id, or "" for the selected tokens. */
  readonly encounter?: string;
  /** Whether the selected tokens make two sides of their own; true when left out. */
  readonly selection?: boolean;
  /** Whether both sides are set (false: the selection made none and no encounter is chosen yet); true when left out. */
  readonly ready?: boolean;
}

/** One row of the group's table of how each fighter ends. */
export interface FighterEndsRow {
  readonly name: string;
  /** "A" or "B": the first side or the second. */
  readonly side: string;
  readonly cells: readonly string[];
}

export interface OddsDialogContext {
  /** The picker of a prepared encounter (empty: no picker). */
  readonly encounterChoices: readonly EncounterChoice[];
  /** Both sides are set: they are shown and the fights may run. */
  readonly ready: boolean;
  readonly names: readonly [string, string];
  /** A fight between groups: the sides are listed, and the fighters' ends are a table. */
  readonly group: boolean;
  readonly sides: readonly { readonly label: string; readonly names: string }[];
  readonly endHeaders: readonly string[];
  readonly fighterEnds: readonly FighterEndsRow[];
  readonly runs: number;
  readonly seed: number;
  readonly maxRuns: number;
  readonly running: boolean;
  readonly done: number;
  readonly percent: string;
  readonly chart: string | null;
  readonly summary: readonly string[];
}

/** The browser runs in one thread: keep a run short enough to wait for. */
export const MAX_BROWSER_RUNS = 200_000;
export const DEFAULT_BROWSER_RUNS = 2_000;

export function oddsDialogContext(state: OddsDialogState, i18n: Localizer): OddsDialogContext {
  const report = state.report;
  const sides = state.sides ?? [[state.names[0]], [state.names[1]]];
  const group = sides[0].length > 1 || sides[1].length > 1;
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const choices = state.encounters?.length
    ? encounterChoices(state.encounters, state.encounter ?? SELECTED_TOKENS, state.selection ?? true, (key) =>
        i18n.localize(key),
      )
    : [];
  return {
    encounterChoices: choices,
    ready: state.ready ?? true,
    names: state.names,
    group,
    sides: [
      { label: i18n.localize("FANGS.Odds.App.SideA"), names: sides[0].join(", ") },
      { label: i18n.localize("FANGS.Odds.App.SideB"), names: sides[1].join(", ") },
    ],
    endHeaders: END_STATES.map((s) => i18n.localize(`FANGS.Odds.End.${s}`)),
    fighterEnds:
      report?.fighters?.map((f) => ({
        name: f.name,
        side: f.side === 0 ? "A" : "B",
        cells: END_STATES.map((s) => pct(f.ends[s] / report.fights)),
      })) ?? [],
    runs: state.runs,
    seed: state.seed,
    maxRuns: MAX_BROWSER_RUNS,
    running: state.running,
    done: state.done,
    percent: state.runs > 0 ? `${Math.floor((100 * state.done) / state.runs)}%` : "0%",
    chart: report ? oddsChartSvg(report, i18n) : null,
    summary: report
      ? report.sides.map((side) =>
          i18n.format(report.fighters ? "FANGS.Odds.SideWinLine" : "FANGS.Odds.WinLine", {
            name: side.name,
            p: `${(100 * side.win.p).toFixed(1)}%`,
            low: `${(100 * side.win.low).toFixed(1)}%`,
            high: `${(100 * side.win.high).toFixed(1)}%`,
          }),
        )
      : [],
  };
}

export type OddsFormReading =
  | { readonly ok: true; readonly runs: number; readonly seed: number }
  | OddsRefusal;

/** Reads the form's fields; a bad number is refused with a localisation key for the notification. */
export function readOddsForm(runsText: string, seedText: string): OddsFormReading {
  const runs = /^\s*\d+\s*$/.test(runsText) ? Number(runsText) : Number.NaN;
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_BROWSER_RUNS) {
    return {
      ok: false,
      key: "FANGS.Odds.Error.Runs",
      data: { max: MAX_BROWSER_RUNS.toLocaleString("en"), value: runsText },
    };
  }
  const seed = seedText.trim() === "" ? 1 : /^\s*\d+\s*$/.test(seedText) ? Number(seedText) : Number.NaN;
  if (!isValidSeed(seed)) return { ok: false, key: "FANGS.Odds.Error.Seed", data: { value: seedText } };
  return { ok: true, runs, seed };
}
