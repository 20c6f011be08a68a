import en from "../../../lang/en.json";
import { createLocalizer } from "../../sim/i18n";
import { jobNames, runFightRange } from "../../sim/odds";
import { oddsReport } from "../../sim/report";
import { findFighter, rosterEntries } from "../../sim/roster";
import { DEFAULT_BROWSER_RUNS, type OddsDialogState, oddsDialogContext } from "./view";

/**
 * The Encounter odds dialog's preview pages, from data: two sample fighters
 * of the pack sources, the dialog before a run, part-way through one, and
 * after it, with a result the simulator's own engine computed (the same
 * fights as `npm run odds`), and a party of two against two foes. The caller passes the actor documents as the
 * pack sources store them, so this module reads no files. The page objects
 * have the shape of the build's preview pages (test/preview/pages.ts).
 */

export interface EncounterOddsPreviewPage {
  id: string;
  title: string;
  group: string;
  frame: "sheet";
  classes: string[];
  width: number;
  parts: { id: string; template: string }[];
  context: () => object;
  expect: string[];
  theme?: "light" | "dark";
}

const TEMPLATE = "systems/fangs/templates/apps/encounter-odds.hbs";
/** Few enough fights to compute at every preview build, enough to fill the chart. */
const PREVIEW_RUNS = 400;
const SEED = 7;

export function encounterOddsPreviewPages(actors: readonly unknown[]): EncounterOddsPreviewPage[] {
  const roster = rosterEntries(actors.map((data, i) => ({ data, where: `preview actor ${i}` })));
  const fighters = [findFighter(roster, "Gru"), findFighter(roster, "Troll")] as const;
  const names = [fighters[0].name, fighters[1].name] as const;
  const i18n = createLocalizer(en);
  const idle: OddsDialogState = {
    names,
    runs: DEFAULT_BROWSER_RUNS,
    seed: 1,
    running: false,
    done: 0,
    report: null,
  };
  const page = (
    id: string,
    title: string,
    state: () => OddsDialogState,
    expect: string[],
  ): EncounterOddsPreviewPage => ({
    id,
    title,
    group: "Encounter odds",
    frame: "sheet",
    classes: ["fangs", "encounter-odds"],
    width: 580,
    parts: [{ id: "main", template: TEMPLATE }],
    context: () => oddsDialogContext(state(), i18n),
    expect,
  });
  const done = (): OddsDialogState => {
    const tally = runFightRange({ fighters, seed: SEED }, 0, PREVIEW_RUNS);
    return {
      ...idle,
      runs: PREVIEW_RUNS,
      seed: SEED,
      done: PREVIEW_RUNS,
      report: oddsReport(tally, names, SEED),
    };
  };
  const ran = page("app-encounter-odds--result", `${names[0]} against ${names[1]}: the odds`, done, [
    "svg.fangs-odds-chart",
    ".fangs-odds-result figcaption p",
    '[data-action="run"]',
  ]);
  // A party against its foes, as three or more selected tokens split by disposition give it.
  const party = [findFighter(roster, "Gru"), findFighter(roster, "Dagmar")];
  const foes = [findFighter(roster, "Troll"), findFighter(roster, "Cave Bear")];
  const groupJob = { sides: [party, foes] as const, seed: SEED };
  const groupNames = jobNames(groupJob);
  const groupIdle: OddsDialogState = {
    ...idle,
    names: groupNames.sides,
    sides: [party.map((f) => f.name), foes.map((f) => f.name)],
  };
  const groupDone = (): OddsDialogState => ({
    ...groupIdle,
    runs: PREVIEW_RUNS,
    seed: SEED,
    done: PREVIEW_RUNS,
    report: oddsReport(runFightRange(groupJob, 0, PREVIEW_RUNS), groupNames.sides, SEED, groupNames.fighters),
  });
  const group = page(
    "app-encounter-odds--group",
    `Encounter odds: ${groupNames.sides[0]} against ${groupNames.sides[1]}`,
    groupDone,
    ["dl.fangs-odds-sides dd", "svg.fangs-odds-chart", "table.fangs-odds-ends tbody tr"],
  );
  return [
    page("app-encounter-odds", `Encounter odds: ${names[0]} against ${names[1]}, before a run`, () => idle, [
      'input[name="runs"]',
      'input[name="seed"]',
      '[data-action="run"]',
    ]),
    page(
      "app-encounter-odds--running",
      "Encounter odds: a run part-way through",
      () => ({ ...idle, runs: PREVIEW_RUNS, seed: SEED, running: true, done: 160 }),
      [".fangs-odds-progress progress", '[data-action="cancel"]', 'input[name="runs"][disabled]'],
    ),
    ran,
    { ...ran, id: `${ran.id}--dark`, title: `${ran.title}, dark theme`, theme: "dark" },
    group,
    { ...group, id: `${group.id}--dark`, title: `${group.title}, dark theme`, theme: "dark" },
  ];
}
