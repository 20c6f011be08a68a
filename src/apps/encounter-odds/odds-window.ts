import type { EncounterDefinition } from "../../encounters/table";
import type { ChunkedOptions } from "../../sim/fight-runner";
import type { Localizer } from "../../sim/i18n";
import { oddsReport } from "../../sim/report";
import type { OddsTally } from "../../sim/stats";
import { withHandlebars } from "../mixins";
import { DEFAULT_BROWSER_RUNS, type OddsDialogState, oddsDialogContext, readOddsForm } from "./odds-view";
import {
  encounterSheets,
  type FighterReader,
  type OddsSides,
  type PreparedReading,
  partyAgainst,
  SELECTED_TOKENS,
} from "./prepared";
import { type OddsWords, refusalData } from "./words";

/**
 * The GM's "Encounter odds" window, whatever the ruleset: the same
 * simulation as `npm run odds`, run in the browser a chunk at a time (a
 * pause between chunks keeps the UI responsive), drawn as an SVG chart.
 * What is the ruleset's (how its actors become fighters, how its fights
 * run, the most a side fields, its words) comes in an `OddsRuleset`; each
 * ruleset's window is this one with its own (FANGS's:
 * src/rulesets/fangs/apps/encounter-odds/odds-app.ts). Loaded with the
 * ruleset's heavy part, never at start-up.
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

/** Names as the report shows them: per fighter (with its side) and per side. */
export interface OddsNames {
  readonly fighters: readonly { readonly name: string; readonly side: 0 | 1 }[];
  readonly sides: readonly [string, string];
}

/** What a ruleset gives the shared window. */
export interface OddsRuleset<Sheet> {
  /** The most fighters a side fields in its simulator (1: it runs duels only). */
  readonly maxSide: number;
  readonly words: OddsWords;
  /** One of its actors (a token's, or a prepared encounter's creature) as its simulator's fighter, or refused. */
  readonly readFighter: FighterReader<Sheet>;
  readonly names: (sides: OddsSides<Sheet>) => OddsNames;
  /** Runs `runs` fights of these sides from `seed`, with the world's rules options, a chunk at a time. */
  readonly run: (
    sides: OddsSides<Sheet>,
    seed: number,
    runs: number,
    options: ChunkedOptions,
  ) => Promise<OddsTally | null>;
}

/** What the window is opened with (open-window.ts). */
export interface OddsSetup<Sheet> {
  /** The selected tokens' two sides, or null when they make none. */
  readonly selection: OddsSides<Sheet> | null;
  /** The selected friendly tokens: the party a prepared encounter is fought by. */
  readonly party: readonly Sheet[];
  /** The prepared encounters the picker offers. */
  readonly encounters: readonly EncounterDefinition[];
}

/** The sides of the encounter fought by the party, its creatures read from their compendium. */
export async function preparedSides<Sheet>(
  ruleset: OddsRuleset<Sheet>,
  party: readonly Sheet[],
  encounter: EncounterDefinition,
  name: string,
): Promise<PreparedReading<Sheet>> {
  const read = await encounterSheets(encounter, name, ruleset.readFighter);
  return read.ok ? partyAgainst(party, encounter, read.sheets, ruleset.maxSide, ruleset.words) : read;
}

/** What the form's buttons ask of the window. */
interface OddsRunning {
  runFights(): Promise<void>;
  stopFights(): void;
}

export class OddsWindow<Sheet> extends Base {
  static override DEFAULT_OPTIONS = {
    id: "encounter-odds",
    classes: ["fangs", "encounter-odds"],
    window: { title: "FANGS.Odds.App.Title", icon: "fa-solid fa-scale-balanced", resizable: true },
    position: { width: 580, height: "auto" as const },
    actions: {
      run: OddsWindow.#onRun,
      cancel: OddsWindow.#onCancel,
    },
  };

  static override PARTS = {
    main: { template: "systems/fangs/templates/apps/encounter-odds.hbs" },
  };

  readonly #ruleset: OddsRuleset<Sheet>;
  readonly #setup: OddsSetup<Sheet>;
  /** The fighters of each side (one each for a duel); null until the selection or an encounter sets them. */
  #sides: OddsSides<Sheet> | null = null;
  #names: OddsNames | null = null;
  #state: OddsDialogState;
  #abort: { aborted: boolean } | null = null;

  constructor(
    ruleset: OddsRuleset<Sheet>,
    setup: OddsSetup<Sheet>,
    options?: ConstructorParameters<typeof Base>[0],
  ) {
    super(options);
    this.#ruleset = ruleset;
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
  get sides(): OddsSides<Sheet> | null {
    return this.#sides;
  }

  /** Sets the sides the fights are run with; the last result, of other sides, is dropped. */
  #setSides(sides: OddsSides<Sheet> | null, encounter: string): void {
    this.#sides = sides;
    this.#names = sides ? this.#ruleset.names(sides) : null;
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
      ? await preparedSides(this.#ruleset, this.#setup.party, encounter, i18n.localize(encounter.name))
      : ({ ok: false, key: this.#ruleset.words.unknownEncounter, data: { id } } as const);
    if (!reading.ok) {
      ui.notifications?.warn(i18n.format(reading.key, refusalData(reading)));
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

  // The form's buttons (`actions`), whichever ruleset's window is drawn.
  static #onRun(this: OddsRunning): Promise<void> {
    return this.runFights();
  }

  static #onCancel(this: OddsRunning): void {
    this.stopFights();
  }

  /** Runs the fights the form asks for (its runs and seed), a chunk at a time, then draws their odds. */
  async runFights(): Promise<void> {
    const sides = this.#sides;
    const names = this.#names;
    if (this.#state.running || !sides || !names) return;
    const form = this.element;
    const runsText = form.querySelector<HTMLInputElement>("input[name=runs]")?.value ?? "";
    const seedText = form.querySelector<HTMLInputElement>("input[name=seed]")?.value ?? "";
    const reading = readOddsForm(runsText, seedText);
    if (!reading.ok) {
      ui.notifications?.warn(game.i18n!.format(reading.key, refusalData(reading)));
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
      const tally = await this.#ruleset.run(sides, reading.seed, reading.runs, {
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
        game.i18n!.format(this.#ruleset.words.failed, { message: (error as Error).message }),
      );
      console.error("FANGS | encounter odds failed", error);
    } finally {
      this.#abort = null;
    }
    if (!signal.aborted || this.rendered) await this.render();
  }

  /** Stops a run; the odds of the fights done so far are not shown. */
  stopFights(): void {
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
