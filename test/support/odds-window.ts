import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { oddsDialogContext } from "../../src/apps/encounter-odds/odds-view";
import type { DuelJob } from "../../src/sim/duel-kit";
import { duelJobNames, type FightRunner, runRange } from "../../src/sim/fight-runner";
import { createLocalizer } from "../../src/sim/i18n";
import { oddsReport } from "../../src/sim/report";
import { createI18n, registerFoundryHelpers } from "../handlebars/foundry-helpers";
import { byTag, parse, text } from "../handlebars/html";

/**
 * What the Encounter odds tests of Sharene and Lunos check alike
 * (src/rulesets/<id>/apps/encounter-odds/odds-app.test.ts): the odds the
 * simulator gives for a duel, as the window's view shows them, and the
 * window drawn by the shared template.
 */

const root = resolve(__dirname, "../..");
export const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as Record<string, string>;

/** What the simulator gives for this duel's job (its fighters, seed, options) over `runs` fights, as the window's view shows it. */
export function simulatedOdds<Job extends DuelJob<{ readonly name: string }>>(
  runner: FightRunner<Job>,
  job: Job,
  runs: number,
) {
  const tally = runRange(runner, job, 0, runs);
  const names = duelJobNames(job);
  const report = oddsReport(tally, names.sides, job.seed, names.fighters);
  return oddsDialogContext(
    { names: names.sides, runs, seed: job.seed, running: false, done: runs, report },
    createLocalizer(lang),
  );
}

/** The window's context drawn by the shared template, every word translated: its chart and its caption. */
export function drawnOddsWindow(context: unknown): { charts: number; caption: string; missing: string[] } {
  const hb = Handlebars.create();
  const words = createI18n(lang);
  registerFoundryHelpers(hb, words);
  const template = hb.compile(readFileSync(resolve(root, "templates/apps/encounter-odds.hbs"), "utf8"));
  const page = parse(template(context));
  return {
    charts: byTag(page, "svg").length,
    caption: text(byTag(page, "figcaption")),
    missing: [...words.missing],
  };
}
