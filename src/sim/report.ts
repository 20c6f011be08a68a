import type { Localizer } from "./i18n";
import {
  binRounds,
  END_STATES,
  type EndState,
  type HistogramBin,
  type Interval,
  meanRounds,
  type OddsTally,
  wilsonInterval,
} from "./stats";

/**
 * What the odds mean, computed once from a tally and shown by the terminal
 * (text or JSON) and the Foundry dialog (SVG chart) alike.
 */
export interface SideReport {
  readonly name: string;
  readonly wins: number;
  readonly win: Interval;
  readonly ends: Readonly<Record<EndState, number>>;
}

/** How one fighter of a group ends (counts of fights). */
export interface FighterReport {
  readonly name: string;
  readonly side: 0 | 1;
  readonly ends: Readonly<Record<EndState, number>>;
}

export interface OddsReport {
  readonly fights: number;
  readonly seed: number;
  /**
   * Per side. A side's name is its fighters' names joined by ", "; a group
   * side's `ends` are its best-off fighter's (see OddsTally.sides).
   */
  readonly sides: readonly [SideReport, SideReport];
  /** Per fighter, only when a side has more than one (a duel's fighters are its sides). */
  readonly fighters?: readonly FighterReport[];
  readonly draws: number;
  readonly unfinished: number;
  readonly meanRounds: number;
  readonly histogram: readonly HistogramBin[];
}

export function oddsReport(
  tally: OddsTally,
  names: readonly [string, string],
  seed: number,
  fighters?: readonly { readonly name: string; readonly side: 0 | 1 }[],
): OddsReport {
  const side = (s: 0 | 1): SideReport => ({
    name: names[s],
    wins: tally.sides[s].wins,
    win: wilsonInterval(tally.sides[s].wins, tally.fights),
    ends: { ...tally.sides[s].ends },
  });
  const group = fighters !== undefined && fighters.length > 2;
  return {
    fights: tally.fights,
    seed,
    sides: [side(0), side(1)],
    ...(group
      ? {
          fighters: fighters.map((f, i) => ({
            name: f.name,
            side: f.side,
            ends: { ...(tally.fighters[i] ?? { dead: 0, dying: 0, unconscious: 0, fled: 0, standing: 0 }) },
          })),
        }
      : {}),
    draws: tally.draws,
    unfinished: tally.unfinished,
    meanRounds: meanRounds(tally),
    histogram: binRounds(tally.rounds),
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

function padStart(text: string, width: number): string {
  return text.length >= width ? text : " ".repeat(width - text.length) + text;
}

/** The report as lines of text for the terminal. */
export function formatOddsReport(report: OddsReport, i18n: Localizer, barWidth = 40): string[] {
  const [a, b] = report.sides;
  const lines: string[] = [];
  lines.push(
    i18n.format("FANGS.Odds.Title", {
      a: a.name,
      b: b.name,
      fights: report.fights.toLocaleString("en"),
      seed: report.seed,
    }),
  );
  lines.push("");
  const nameWidth = Math.max(a.name.length, b.name.length);
  const group = report.fighters !== undefined;
  for (const side of report.sides) {
    lines.push(
      i18n.format(group ? "FANGS.Odds.SideWinLine" : "FANGS.Odds.WinLine", {
        name: pad(side.name, nameWidth),
        p: padStart(pct(side.win.p), 6),
        low: pct(side.win.low),
        high: pct(side.win.high),
      }),
    );
  }
  if (report.draws > 0) {
    lines.push(
      i18n.format("FANGS.Odds.DrawLine", { count: report.draws, p: pct(report.draws / report.fights) }),
    );
  }
  if (report.unfinished > 0) {
    lines.push(
      i18n.format("FANGS.Odds.UnfinishedLine", {
        count: report.unfinished,
        p: pct(report.unfinished / report.fights),
      }),
    );
  }
  lines.push("");
  lines.push(i18n.format("FANGS.Odds.RoundsLine", { mean: report.meanRounds.toFixed(2) }));
  const most = Math.max(1, ...report.histogram.map((bin) => bin.count));
  const labels = report.histogram.map((bin) =>
    bin.from === bin.to ? `${bin.from}` : `${bin.from}–${bin.to}`,
  );
  const labelWidth = Math.max(...labels.map((l) => l.length), 1);
  report.histogram.forEach((bin, i) => {
    const bar = "█".repeat(Math.round((bin.count / most) * barWidth));
    lines.push(
      `  ${padStart(labels[i]!, labelWidth)} │${pad(bar, barWidth)} ${padStart(pct(bin.count / report.fights), 6)}`,
    );
  });
  lines.push("");
  if (report.fighters) {
    lines.push(...fighterEndsTable(report, report.fighters, i18n));
    return lines;
  }
  lines.push(i18n.localize("FANGS.Odds.EndsHeading"));
  const stateWidth = Math.max(...END_STATES.map((s) => i18n.localize(`FANGS.Odds.End.${s}`).length));
  const colWidth = Math.max(nameWidth, 7) + 2;
  lines.push(`  ${pad("", stateWidth)}${padStart(a.name, colWidth)}${padStart(b.name, colWidth)}`);
  for (const state of END_STATES) {
    lines.push(
      `  ${pad(i18n.localize(`FANGS.Odds.End.${state}`), stateWidth)}` +
        padStart(pct(a.ends[state] / report.fights), colWidth) +
        padStart(pct(b.ends[state] / report.fights), colWidth),
    );
  }
  return lines;
}

/** A group's ends: one row per fighter (with its side), one column per end state. */
function fighterEndsTable(report: OddsReport, fighters: readonly FighterReport[], i18n: Localizer): string[] {
  const lines = [i18n.localize("FANGS.Odds.FighterEndsHeading")];
  const nameWidth = Math.max(...fighters.map((f) => f.name.length));
  const heads = END_STATES.map((s) => i18n.localize(`FANGS.Odds.End.${s}`));
  const widths = heads.map((h) => Math.max(h.length, 6) + 2);
  lines.push(`  ${pad("", nameWidth + 4)}${heads.map((h, i) => padStart(h, widths[i]!)).join("")}`);
  for (const f of fighters) {
    lines.push(
      `  ${pad(f.name, nameWidth)}  ${f.side === 0 ? "A" : "B"} ` +
        END_STATES.map((s, i) => padStart(pct(f.ends[s] / report.fights), widths[i]!)).join(""),
    );
  }
  return lines;
}
