import { withHandlebars } from "../../../../apps/mixins";
import type { EncounterDefinition } from "../../../../encounters/table";
import type { Localizer } from "../../../../sim/i18n";
import { oddsReport } from "../../../../sim/report";
import { rulesOptions } from "../../config/settings";
import { jobNames, type OddsJob, runOddsChunked } from "../../fights";
import type { FighterSheet } from "../../sim/fighter";
import { DEFAULT_BROWSER_RUNS, type OddsDialogState, oddsDialogContext, readOddsForm } from "./odds-view";
import { preparedEncounterSides, SELECTED_TOKENS, type Sides } from "./prepared-encounter";

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

/** What the window is opened with (open.ts). */
export interface OddsSetup {
  /** The selected tokens' two sides, or null when they make none. */
  readonly selection: Sides | null;
  /** The selected friendly tokens: the party a prepared encounter is fought by. */
  readonly party: readonly FighterSheet[];
  /** The prepared encounters the picker offers. */
  readonly encounters: readonly EncounterDefinition[];
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

  readonly #setup: OddsSetup;
  /** The fighters of each side (one each for a duel); null until the selection or an encounter sets them. */
  #sides: Sides | null = null;
  #names: ReturnType<typeof jobNames> | null = null;
  #state: OddsDialogState;
  #abort: { aborted: boolean } | null = null;

  constructor(setup: OddsSetup, options?: ConstructorParameters<typeof Base>[0]) {
    super(options);
    this.#setup = setup;
    this.#state = {
      names: ["", ""],
      runs: DEFAULT_BROWSER_RUNS,
      seed: 1,
      running: false,
      done: 0,
      report: null,
      encounters: setup.encounters.map((e) => ({ id: e.id, name: e.name })),
      encounter: SELECTED_TOKENS,
      selection: setup.selection !== null,
      ready: false,
    };
    this.#setSides(setup.selection, SELECTED_TOKENS);
  }

  /** The fighters of each side, as the next run fields them (null: none chosen yet). */
  get sides(): Sides | null {
    return this.#sides;
  }

  /** Sets the sides the fights are run with; the last result, of other sides, is dropped. */
  #setSides(sides: Sides | null, encounter: string): void {
    this.#sides = sides;
    this.#names = sides ? jobNames({ sides, seed: 0 }) : null;
    const fighters = this.#names?.fighters ?? [];
    this.#state = {
      ...this.#state,
      names: this.#names?.sides ?? ["", ""],
      sides: [
        fighters.filter((f) => f.side === 0).map((f) => f.name),
        fighters.filter((f) => f.side === 1).map((f) => f.name),
      ],
      encounter,
      ready: sides !== null,
      done: 0,
      report: null,
    };
  }

  /**
   * The picker's choice: a prepared encounter's id fought by the party, or
   * "" for the selected tokens' own sides. A choice that cannot be fought
   * is told in a notification and leaves the window as it was. Returns
   * whether the sides changed.
   */
  async chooseEncounter(id: string): Promise<boolean> {
    if (this.#state.running) return false;
    if (id === SELECTED_TOKENS) {
      this.#setSides(this.#setup.selection, SELECTED_TOKENS);
      await this.render();
      return true;
    }
    const i18n = game.i18n!;
    const encounter = this.#setup.encounters.find((e) => e.id === id);
    const reading = encounter
      ? await preparedEncounterSides(this.#setup.party, encounter, i18n.localize(encounter.name))
      : ({ ok: false, key: "FANGS.Odds.Error.UnknownEncounter", data: { id } } as const);
    if (!reading.ok) {
      ui.notifications?.warn(i18n.format(reading.key, { ...reading.data }));
      // Drawn again so the picker shows the choice still in force.
      if (this.rendered) await this.render();
      return false;
    }
    this.#setSides(reading.sides, id);
    await this.render();
    return true;
  }

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    return { ...base, ...oddsDialogContext(this.#state, foundryLocalizer()) };
  }

  protected override async _onRender(context: object, options: RenderOptions): Promise<void> {
    await super._onRender(context as never, options);
    const picker = this.element.querySelector<HTMLSelectElement>("select[name=encounter]");
    picker?.addEventListener("change", () => void this.chooseEncounter(picker.value));
  }

  override async close(options?: Parameters<InstanceType<typeof Base>["close"]>[0]) {
    if (this.#abort) this.#abort.aborted = true;
    return super.close(options);
  }

  static async #onRun(this: EncounterOddsApp): Promise<void> {
    const sides = this.#sides;
    const names = this.#names;
    if (this.#state.running || !sides || !names) return;
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
      const job: OddsJob = { sides, seed: reading.seed, options: rulesOptions() };
      const tally = await runOddsChunked(job, reading.runs, {
        chunkSize: 100,
        signal,
        onProgress: (done) => this.#showProgress(done, reading.runs),
      });
      this.#state = {
        ...this.#state,
        running: false,
        done: tally ? reading.runs : this.#state.done,
        report: tally ? oddsReport(tally, names.sides, reading.seed, names.fighters) : null,
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
