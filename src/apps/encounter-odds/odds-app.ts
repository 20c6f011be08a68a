import { rulesOptions } from "../../config/settings";
import type { FighterSheet } from "../../sim/fighter";
import type { Localizer } from "../../sim/i18n";
import { jobNames, type OddsJob, runOddsChunked } from "../../sim/odds";
import { oddsReport } from "../../sim/report";
import { withHandlebars } from "../mixins";
import { DEFAULT_BROWSER_RUNS, type OddsDialogState, oddsDialogContext, readOddsForm } from "./odds-view";

/**
 * The GM's "Encounter odds" dialog: the same simulation as `npm run odds`,
 * run in the browser a chunk at a time (a pause between chunks keeps the UI
 * responsive), drawn as an SVG chart.
 */
const Base = withHandlebars(foundry.applications.api.ApplicationV2);

type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

/** Foundry's i18n as the simulator's Localizer. */
export function foundryLocalizer(): Localizer {
  const i18n = game.i18n!;
  return {
    localize: (key) => i18n.localize(key),
    format: (key, data) => i18n.format(key, data as Record<string, string>),
    has: (key) => i18n.has(key),
  };
}

export class EncounterOddsApp extends Base {
  static override DEFAULT_OPTIONS = {
    id: "fangs-encounter-odds",
    classes: ["fangs", "encounter-odds"],
    window: { title: "FANGS.Odds.App.Title", icon: "fa-solid fa-scale-balanced", resizable: true },
    position: { width: 580, height: "auto" as const },
    actions: {
      run: EncounterOddsApp.#onRun,
      cancel: EncounterOddsApp.#onCancel,
    },
  };

  static override PARTS = {
    main: { template: "systems/fangs/templates/apps/encounter-odds.hbs" },
  };

  /** The fighters of each side (one each for two tokens). */
  readonly sides: readonly [readonly FighterSheet[], readonly FighterSheet[]];
  readonly #names: ReturnType<typeof jobNames>;
  #state: OddsDialogState;
  #abort: { aborted: boolean } | null = null;

  constructor(
    sides: readonly [readonly FighterSheet[], readonly FighterSheet[]],
    options?: ConstructorParameters<typeof Base>[0],
  ) {
    super(options);
    this.sides = sides;
    this.#names = jobNames({ sides, seed: 0 });
    const fighterNames = this.#names.fighters;
    this.#state = {
      names: this.#names.sides,
      sides: [
        fighterNames.filter((f) => f.side === 0).map((f) => f.name),
        fighterNames.filter((f) => f.side === 1).map((f) => f.name),
      ],
      runs: DEFAULT_BROWSER_RUNS,
      seed: 1,
      running: false,
      done: 0,
      report: null,
    };
  }

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    return { ...base, ...oddsDialogContext(this.#state, foundryLocalizer()) };
  }

  override async close(options?: Parameters<InstanceType<typeof Base>["close"]>[0]) {
    if (this.#abort) this.#abort.aborted = true;
    return super.close(options);
  }

  static async #onRun(this: EncounterOddsApp): Promise<void> {
    if (this.#state.running) return;
    const form = this.element;
    const runsText = form.querySelector<HTMLInputElement>("input[name=runs]")?.value ?? "";
    const seedText = form.querySelector<HTMLInputElement>("input[name=seed]")?.value ?? "";
    const reading = readOddsForm(runsText, seedText);
    if (!reading.ok) {
      ui.notifications?.warn(game.i18n!.format(reading.key, reading.data as Record<string, string>));
      return;
    }
    const signal = { aborted: false };
    this.#abort = signal;
    this.#state = {
      ...this.#state,
      runs: reading.runs,
      seed: reading.seed,
      running: true,
      done: 0,
      report: null,
    };
    await this.render();
    try {
      // The world's rules options, as the table plays them.
      const job: OddsJob = { sides: this.sides, seed: reading.seed, options: rulesOptions() };
      const tally = await runOddsChunked(job, reading.runs, {
        chunkSize: 100,
        signal,
        onProgress: (done) => this.#showProgress(done, reading.runs),
      });
      this.#state = {
        ...this.#state,
        running: false,
        done: tally ? reading.runs : this.#state.done,
        report: tally ? oddsReport(tally, this.#names.sides, reading.seed, this.#names.fighters) : null,
      };
    } catch (error) {
      this.#state = { ...this.#state, running: false };
      ui.notifications?.error(
        game.i18n!.format("FANGS.Odds.Error.Failed", { message: (error as Error).message }),
      );
      console.error("FANGS | encounter odds failed", error);
    } finally {
      this.#abort = null;
    }
    if (!signal.aborted || this.rendered) await this.render();
  }

  static #onCancel(this: EncounterOddsApp): void {
    if (this.#abort) this.#abort.aborted = true;
    this.#state = { ...this.#state, running: false };
    void this.render();
  }

  /** Moves the progress bar without a re-render, so the form is not rebuilt a hundred times. */
  #showProgress(done: number, runs: number): void {
    this.#state = { ...this.#state, done };
    const bar = this.element?.querySelector<HTMLProgressElement>("progress");
    if (bar) {
      bar.max = runs;
      bar.value = done;
    }
    const label = this.element?.querySelector<HTMLElement>("[data-progress-label]");
    if (label) label.textContent = `${Math.floor((100 * done) / runs)}%`;
  }
}
