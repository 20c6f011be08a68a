import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { createI18n, registerFoundryHelpers } from "../../../../../test/handlebars/foundry-helpers";
import { byAttr, byTag, parse, text } from "../../../../../test/handlebars/html";
import { createLocalizer } from "../../../../sim/i18n";
import { formatOddsReport, oddsReport } from "../../../../sim/report";
import { jobNames, runFightRange } from "../../fights";
import { loadRoster } from "../../sim/packs";
import { findFighter } from "../../sim/roster";
import { escapeXml, oddsChartSvg } from "./chart";
import { MAX_BROWSER_RUNS, oddsDialogContext, readOddsForm } from "./odds-view";
import { FRIENDLY, sidesFromDispositions } from "./sides";

const root = resolve(__dirname, "../../../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as Record<string, string>;
const i18n = createLocalizer(lang);
const roster = loadRoster(root);
const fighters = [findFighter(roster, "Gru"), findFighter(roster, "Troll")] as const;
const tally = runFightRange({ fighters, seed: 4 }, 0, 300);
const report = oddsReport(tally, ["Gru <the bold>", "Troll"], 4);

describe("the Encounter odds chart", () => {
  it("draws each side's chance as a bar as wide as its share, with an interval whisker", () => {
    const svg = oddsChartSvg(report, i18n);
    const doc = parse(svg);
    const rects = byTag(doc, "rect");
    const winBars = rects.slice(0, 2);
    const widths = winBars.map((r) => Number(r.attribs.width));
    const full = widths[0]! / report.sides[0].win.p;
    expect(widths[1]! / full).toBeCloseTo(report.sides[1].win.p, 2);
    expect(byTag(doc, "path")).toHaveLength(2);
    expect(text(byTag(doc, "title")[0]!)).toBe("Odds of Gru <the bold> against Troll");
  });

  it("draws one histogram bar per bin of rounds and a stacked bar of how each side ends", () => {
    const svg = oddsChartSvg(report, i18n);
    const doc = parse(svg);
    const titles = byTag(doc, "title").map((t) => text(t));
    expect(titles.filter((t) => / rounds: /.test(t))).toHaveLength(report.histogram.length);
    for (const state of ["dead", "dying", "unconscious", "fled", "standing"]) {
      expect(titles.some((t) => t.startsWith(`${lang[`FANGS.Odds.End.${state}`]}: `))).toBe(true);
    }
  });

  it("says draws and unfinished fights in the terminal report's own words", () => {
    const mixed = { ...report, draws: 7, unfinished: 3 };
    const notes = byTag(parse(oddsChartSvg(mixed, i18n)), "text")
      .map((t) => text(t))
      .filter((t) => t.startsWith("Draws") || t.startsWith("Unfinished"));
    const terminal = formatOddsReport(mixed, i18n).map((line) => line.trim());
    expect(notes).toHaveLength(2);
    for (const note of notes) expect(terminal).toContain(note);
  });

  it("escapes names, so a token called <script> stays text", () => {
    expect(escapeXml(`<script>"&'`)).toBe("&#60;script&#62;&#34;&#38;&#39;");
    expect(oddsChartSvg(report, i18n)).not.toContain("<the bold>");
  });
});

describe("the Encounter odds dialog", () => {
  it("reads good numbers and refuses bad ones with a localised key", () => {
    expect(readOddsForm("500", "")).toEqual({ ok: true, runs: 500, seed: 1 });
    expect(readOddsForm(" 20 ", "7")).toEqual({ ok: true, runs: 20, seed: 7 });
    for (const bad of ["0", "-4", "abc", "2.5", String(MAX_BROWSER_RUNS + 1)]) {
      const reading = readOddsForm(bad, "1");
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(lang[reading.key]).toBeDefined();
    }
    expect(readOddsForm("10", "-1")).toMatchObject({ ok: false, key: "FANGS.Odds.Error.Seed" });
  });

  it("renders the form, the progress while running and the chart when done, every word translated", () => {
    const hb = Handlebars.create();
    const words = createI18n(lang);
    registerFoundryHelpers(hb, words);
    const template = hb.compile(readFileSync(resolve(root, "templates/apps/encounter-odds.hbs"), "utf8"));
    const base = { names: ["Gru", "Troll"] as const, runs: 300, seed: 4 };

    const running = parse(
      template(oddsDialogContext({ ...base, running: true, done: 100, report: null }, i18n)),
    );
    expect(byTag(running, "progress")[0]!.attribs.value).toBe("100");
    expect(byAttr(running, "data-action", "cancel")).toHaveLength(1);
    expect(byTag(running, "svg")).toHaveLength(0);

    const done = parse(template(oddsDialogContext({ ...base, running: false, done: 300, report }, i18n)));
    expect(byTag(done, "svg")).toHaveLength(1);
    expect(byAttr(done, "data-action", "run")).toHaveLength(1);
    expect(text(byTag(done, "figcaption"))).toMatch(/Gru <the bold> wins +\d+\.\d%/);
    expect([...words.missing]).toEqual([]);
  });
});

describe("Encounter odds for a party against its foes", () => {
  const party = [findFighter(roster, "Gru"), findFighter(roster, "Dagmar")];
  const foes = [findFighter(roster, "Troll"), findFighter(roster, "Cave Bear")];
  const job = { sides: [party, foes] as const, seed: 3 };
  const names = jobNames(job);
  const groupReport = oddsReport(runFightRange(job, 0, 120), names.sides, 3, names.fighters);

  it("splits the selected tokens into sides by disposition, two tokens always one against the other", () => {
    const hostile = -1;
    const neutral = 0;
    expect(sidesFromDispositions([FRIENDLY, FRIENDLY])).toEqual({ ok: true, sides: [[0], [1]] });
    expect(sidesFromDispositions([hostile, neutral])).toEqual({ ok: true, sides: [[0], [1]] });
    expect(sidesFromDispositions([hostile, FRIENDLY, neutral, FRIENDLY])).toEqual({
      ok: true,
      sides: [
        [1, 3],
        [0, 2],
      ],
    });
    expect(sidesFromDispositions([FRIENDLY])).toMatchObject({ ok: false, key: "FANGS.Odds.Error.SelectTwo" });
    expect(sidesFromDispositions([FRIENDLY, FRIENDLY, FRIENDLY])).toMatchObject({
      ok: false,
      key: "FANGS.Odds.Error.NoHostile",
    });
    expect(sidesFromDispositions([hostile, neutral, hostile])).toMatchObject({
      ok: false,
      key: "FANGS.Odds.Error.NoFriendly",
    });
    expect(sidesFromDispositions([FRIENDLY, ...Array(13).fill(hostile)])).toMatchObject({
      ok: false,
      key: "FANGS.Odds.Error.TooMany",
    });
    for (const key of ["SelectTwo", "NoHostile", "NoFriendly", "TooMany"])
      expect(lang[`FANGS.Odds.Error.${key}`]).toBeDefined();
  });

  it("draws each side's chance, cutting a long side name, and leaves the fighters' ends to the table", () => {
    const doc = parse(oddsChartSvg(groupReport, i18n));
    const titles = byTag(doc, "title").map((t) => text(t));
    expect(byTag(doc, "text").some((t) => text(t) === "Troll, Cave Bear")).toBe(true);
    const long = "Gru, Dagmar the Deadly, Fast Eddy, Pirate Jenny";
    const longDoc = parse(
      oddsChartSvg(
        { ...groupReport, sides: [{ ...groupReport.sides[0], name: long }, groupReport.sides[1]] },
        i18n,
      ),
    );
    expect(byTag(longDoc, "title").map((t) => text(t))).toContain(long);
    expect(byTag(longDoc, "text").some((t) => text(t).endsWith("…"))).toBe(true);
    expect(byTag(doc, "path")).toHaveLength(2);
    expect(titles.some((t) => t.startsWith(`${lang["FANGS.Odds.End.dead"]}: `))).toBe(false);
  });

  it("renders both sides' fighters, the sides' odds and a row per fighter, every word translated", () => {
    const hb = Handlebars.create();
    const words = createI18n(lang);
    registerFoundryHelpers(hb, words);
    const template = hb.compile(readFileSync(resolve(root, "templates/apps/encounter-odds.hbs"), "utf8"));
    const state = {
      names: names.sides,
      sides: [party.map((f) => f.name), foes.map((f) => f.name)] as const,
      runs: 120,
      seed: 3,
      running: false,
      done: 120,
      report: groupReport,
    };
    const doc = parse(template(oddsDialogContext(state, i18n)));
    expect(byTag(doc, "dd").map((d) => text(d))).toEqual(["Gru, Dagmar the Deadly", "Troll, Cave Bear"]);
    expect(text(byTag(doc, "figcaption"))).toMatch(/Gru, Dagmar the Deadly win +\d+\.\d%/);
    const rows = byTag(byTag(doc, "tbody")[0]!, "tr");
    expect(rows.map((r) => text(byTag(r, "th")[0]!))).toEqual([
      "Gru",
      "Dagmar the Deadly",
      "Troll",
      "Cave Bear",
    ]);
    const cells = byTag(rows[2]!, "td").map((c) => text(c));
    expect(cells[0]).toBe("B");
    const shares = cells.slice(1).map((c) => Number.parseFloat(c));
    expect(shares.reduce((a, b) => a + b)).toBeCloseTo(100, 0);
    expect([...words.missing]).toEqual([]);
    // Two tokens: the duel's layout, no table.
    const duel = parse(
      template(
        oddsDialogContext(
          { names: ["Gru", "Troll"], runs: 300, seed: 4, running: false, done: 300, report },
          i18n,
        ),
      ),
    );
    expect(byTag(duel, "table")).toHaveLength(0);
    expect(byTag(duel, "dl")).toHaveLength(0);
  });
});
