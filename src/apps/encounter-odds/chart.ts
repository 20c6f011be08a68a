import type { Localizer } from "../../sim/i18n";
import type { OddsReport } from "../../sim/report";
import { END_STATES, type EndState } from "../../sim/stats";

/**
 * The odds drawn as one SVG, built as text from the report (no DOM, no
 * Foundry: tested under vitest like the rest of the simulator):
 * 1. each side's chance to win as a bar, with its 95% Wilson interval as a whisker;
 * 2. the rounds a fight lasts as a histogram;
 * 3. how each side ends (dead, dying, unconscious, fled, standing) as a stacked bar.
 * Colours come from CSS variables with fallbacks, so a theme can restyle it.
 */

const WIDTH = 520;
const LABEL = 150;
const BAR = WIDTH - LABEL - 70;

const END_COLOURS: Readonly<Record<EndState, string>> = {
  dead: "var(--fangs-odds-dead, #7a1f1f)",
  dying: "var(--fangs-odds-dying, #c0392b)",
  unconscious: "var(--fangs-odds-unconscious, #d68910)",
  fled: "var(--fangs-odds-fled, #7f8c8d)",
  standing: "var(--fangs-odds-standing, #27ae60)",
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const fixed = (x: number): string => x.toFixed(1);

function text(x: number, y: number, content: string, attrs = ""): string {
  return `<text x="${fixed(x)}" y="${fixed(y)}"${attrs ? ` ${attrs}` : ""}>${escapeXml(content)}</text>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, title?: string): string {
  const tip = title ? `<title>${escapeXml(title)}</title>` : "";
  return `<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(Math.max(0, w))}" height="${fixed(h)}" fill="${fill}">${tip}</rect>`;
}

export function oddsChartSvg(report: OddsReport, i18n: Localizer): string {
  const parts: string[] = [];
  let y = 0;
  const heading = (key: string, data: Record<string, string | number> = {}): void => {
    y += 18;
    parts.push(text(0, y, i18n.format(key, data), 'class="heading" font-weight="bold"'));
    y += 8;
  };

  // 1. Chances to win, with the interval as a whisker.
  heading("FANGS.Odds.Chart.Wins", { fights: report.fights.toLocaleString("en") });
  const sideColours = ["var(--fangs-odds-a, #2e86c1)", "var(--fangs-odds-b, #a93226)"];
  report.sides.forEach((side, i) => {
    const top = y + 4;
    parts.push(nameLabel(top + 13, side.name));
    parts.push(rect(LABEL, top, BAR * side.win.p, 18, sideColours[i]!, `${side.name}: ${pct(side.win.p)}`));
    const lo = LABEL + BAR * side.win.low;
    const hi = LABEL + BAR * side.win.high;
    parts.push(
      `<path d="M${fixed(lo)} ${fixed(top + 9)}H${fixed(hi)}M${fixed(lo)} ${fixed(top + 4)}V${fixed(top + 14)}M${fixed(hi)} ${fixed(top + 4)}V${fixed(top + 14)}" stroke="var(--fangs-odds-whisker, #222)" stroke-width="1.5" fill="none"><title>${escapeXml(i18n.format("FANGS.Odds.Chart.Interval", { low: pct(side.win.low), high: pct(side.win.high) }))}</title></path>`,
    );
    parts.push(text(LABEL + BAR + 8, top + 13, pct(side.win.p), 'class="value"'));
    y = top + 22;
  });
  // The same two lines, in the same words, as the terminal's report (src/sim/report.ts).
  const notes: [string, number][] = [
    ["FANGS.Odds.DrawLine", report.draws],
    ["FANGS.Odds.UnfinishedLine", report.unfinished],
  ];
  for (const [key, count] of notes) {
    if (count === 0) continue;
    const line = i18n.format(key, { count, p: pct(count / report.fights) });
    parts.push(text(0, y + 14, line, 'class="note"'));
    y += 20;
  }

  // 2. Rounds a fight lasts.
  heading("FANGS.Odds.Chart.Rounds", { mean: report.meanRounds.toFixed(1) });
  const bins = report.histogram;
  const most = Math.max(1, ...bins.map((b) => b.count));
  const colWidth = bins.length === 0 ? 0 : (WIDTH - 20) / bins.length;
  const chartHeight = 80;
  const base = y + chartHeight + 4;
  bins.forEach((bin, i) => {
    const h = (bin.count / most) * chartHeight;
    const label = bin.from === bin.to ? `${bin.from}` : `${bin.from}–${bin.to}`;
    parts.push(
      rect(
        10 + i * colWidth + 2,
        base - h,
        colWidth - 4,
        h,
        "var(--fangs-odds-rounds, #5d6d7e)",
        i18n.format("FANGS.Odds.Chart.Bin", { rounds: label, p: pct(bin.count / report.fights) }),
      ),
    );
    parts.push(
      text(
        10 + i * colWidth + colWidth / 2,
        base + 14,
        label,
        'text-anchor="middle" class="axis" font-size="10"',
      ),
    );
  });
  y = base + 20;

  // 3. How each side ends; a group's fighters end in the dialog's table instead.
  if (report.fighters) return svg(report, i18n, parts, y);
  heading("FANGS.Odds.Chart.Ends");
  report.sides.forEach((side) => {
    const top = y + 4;
    parts.push(text(0, top + 13, side.name, 'class="name"'));
    let x = LABEL;
    for (const state of END_STATES) {
      const share = side.ends[state] / report.fights;
      const label = i18n.localize(`FANGS.Odds.End.${state}`);
      parts.push(rect(x, top, BAR * share, 18, END_COLOURS[state], `${label}: ${pct(share)}`));
      x += BAR * share;
    }
    y = top + 22;
  });
  // Legend.
  let lx = 0;
  y += 8;
  for (const state of END_STATES) {
    const label = i18n.localize(`FANGS.Odds.End.${state}`);
    parts.push(rect(lx, y, 10, 10, END_COLOURS[state]));
    parts.push(text(lx + 14, y + 9, label, 'class="legend" font-size="11"'));
    lx += 24 + label.length * 6.5;
  }
  y += 16;
  return svg(report, i18n, parts, y);
}

/** Roughly how many characters of a 12px label fit before the bars. */
const LABEL_CHARS = 22;

/** A side's name before its bar, cut with an ellipsis when a group's names run long (the whole name in its title). */
function nameLabel(y: number, name: string): string {
  if (name.length <= LABEL_CHARS) return text(0, y, name, 'class="name"');
  const short = `${name.slice(0, LABEL_CHARS - 1).trimEnd()}…`;
  return `<text x="0" y="${fixed(y)}" class="name"><title>${escapeXml(name)}</title>${escapeXml(short)}</text>`;
}

function svg(report: OddsReport, i18n: Localizer, parts: readonly string[], y: number): string {
  const title = escapeXml(
    i18n.format("FANGS.Odds.Chart.Title", { a: report.sides[0].name, b: report.sides[1].name }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" class="fangs-odds-chart" viewBox="0 0 ${WIDTH} ${fixed(y)}" width="${WIDTH}" height="${fixed(y)}" role="img" aria-label="${title}" font-family="inherit" font-size="12" fill="currentColor"><title>${title}</title>${parts.join("")}</svg>`;
}
