import "../../../../../test/foundry/setup";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPacks, type SourceDocument } from "../../../../../test/build/pack-sources";
import { createPack } from "../../../../../test/foundry/builders";
import { makeActor } from "../../../../../test/foundry/chat-fixtures";
import { world } from "../../../../../test/foundry/chat-stand-in";
import { createI18n, registerFoundryHelpers } from "../../../../../test/handlebars/foundry-helpers";
import { byAttr, byTag, parse, text } from "../../../../../test/handlebars/html";
import { DEFAULT_CREATURE_PACK, ENCOUNTERS } from "../../../../encounters/table";
import { createLocalizer } from "../../../../sim/i18n";
import { oddsReport } from "../../../../sim/report";
import { rulesOptions } from "../../config/settings";
import { jobNames, runFightRange } from "../../fights";
import { type FighterSheet, fighterFromActorData } from "../../sim/fighter";
import type { EncounterOddsApp } from "./odds-app";
import { oddsDialogContext } from "./odds-view";
import { encounterChoices, encounterSides } from "./prepared-encounter";
import { FRIENDLY } from "./sides";

/**
 * A prepared encounter in Encounter odds: the window offers the list
 * `place` uses, under each encounter's name (its lang key); choosing one
 * sets the party (the selected friendly tokens) and the encounter's
 * friendly creatures against its hostile and neutral ones, and the fights
 * then run are those of these sides. The window runs on the Foundry
 * stand-in, its application base replaced by the small one below (the
 * stand-in's has no rendering); its creatures come from the creatures pack.
 */

type Obj = Record<string, unknown>;
const root = resolve(__dirname, "../../../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as Record<string, string>;
const i18n = createLocalizer(lang);
const packs = loadPacks();
const sources = (name: string): SourceDocument[] => [
  ...(packs.find((p) => p.pack.name === name)?.documents.values() ?? []),
];
const creatures = sources("creatures");
const sheetOf = (name: string): FighterSheet =>
  fighterFromActorData(
    [...sources("characters"), ...creatures].find((d) => d.name === name),
    name,
  );

const HOSTILE = -1;
const orcRaiders = ENCOUNTERS["orc-raiders"]!;

/**
 * What Foundry's ApplicationV2 does for this window, no more: render (with
 * `force` the first time) prepares the context and calls `_onRender`; the
 * form's fields are read through `element`.
 */
class WindowStandIn {
  static DEFAULT_OPTIONS = {};
  rendered = false;
  context: Obj | null = null;
  readonly fields: Record<string, string> = { runs: "40", seed: "5" };
  readonly element = {
    querySelector: (selector: string) => {
      const field = /^input\[name=(\w+)\]$/.exec(selector)?.[1];
      return field ? { value: this.fields[field] } : null;
    },
  };
  async _prepareContext(_options: unknown): Promise<Obj> {
    return {};
  }
  async _onRender(_context: unknown, _options: unknown): Promise<void> {}
  async render(options: { force?: boolean } = {}): Promise<this> {
    if (!this.rendered && !options.force) return this;
    this.context = await this._prepareContext(options);
    this.rendered = true;
    await this._onRender(this.context, options);
    return this;
  }
}

type Window = EncounterOddsApp & WindowStandIn;
let open: typeof import("./open").openEncounterOddsNow;
let App: typeof EncounterOddsApp;

beforeAll(async () => {
  const api = (foundry.applications as unknown as { api: Obj }).api;
  api.ApplicationV2 = WindowStandIn;
  api.HandlebarsApplicationMixin = (base: unknown) => base;
  ({ openEncounterOddsNow: open } = await import("./open"));
  ({ EncounterOddsApp: App } = await import("./odds-app"));
});

beforeEach(() => {
  world.reset();
  createPack({
    id: DEFAULT_CREATURE_PACK,
    type: "Actor",
    packageType: "system",
    documents: creatures as unknown as Obj[],
  });
});

async function token(path: string, name: string, disposition: number) {
  return { actor: await makeActor(path), name, disposition };
}

/** Opens the window as the token tool does, once its first drawing (not awaited by the tool) is done. */
async function opened(...args: Parameters<typeof open>): Promise<Window | null> {
  const app = (await open(...args)) as Window | null;
  if (app) await vi.waitFor(() => expect(app.context).not.toBeNull());
  return app;
}

describe("the Encounter odds window's prepared encounters", () => {
  it("offers every prepared encounter under its name's lang key, after the selected tokens", () => {
    const choices = encounterChoices(Object.values(ENCOUNTERS), "orc-raiders", true, (key) =>
      i18n.localize(key),
    );
    expect(choices[0]).toEqual({ value: "", label: "The selected tokens", selected: false });
    expect(choices.slice(1).map((c) => c.value)).toEqual(Object.keys(ENCOUNTERS));
    expect(choices.slice(1).map((c) => c.label)).toEqual(Object.values(ENCOUNTERS).map((e) => lang[e.name]));
    expect(choices.filter((c) => c.selected).map((c) => c.label)).toEqual(["Orc Raiders"]);
    // No two sides among the selected tokens: the first option asks for a choice.
    expect(encounterChoices([orcRaiders], "", false, (key) => i18n.localize(key))[0]).toMatchObject({
      label: "Choose a prepared encounter…",
      selected: true,
    });
  });

  it("sets the party and the encounter's friendly creatures against its hostile ones, each as many as its count", () => {
    const gru = sheetOf("Gru");
    const knight = sheetOf("Knight");
    const orc = sheetOf("Orc Warrior");
    expect(encounterSides([gru], orcRaiders, [orc, knight])).toEqual({
      ok: true,
      sides: [
        [gru, knight],
        [orc, orc, orc],
      ],
    });
    const wolves = ENCOUNTERS["three-wolves"]!;
    expect(encounterSides([], wolves, [sheetOf("Wolf")])).toMatchObject({
      ok: false,
      key: "FANGS.Odds.Error.NoParty",
    });
    expect(encounterSides(Array(13).fill(gru), wolves, [sheetOf("Wolf")])).toMatchObject({
      ok: false,
      key: "FANGS.Odds.Error.TooMany",
    });
    for (const key of ["NoParty", "NoFoes", "TooMany", "UnknownEncounter"])
      expect(lang[`FANGS.Odds.Error.${key}`]).toBeDefined();
  });

  it("draws the picker with the chosen encounter, the sides it sets, every word translated", () => {
    const hb = Handlebars.create();
    const words = createI18n(lang);
    registerFoundryHelpers(hb, words);
    const template = hb.compile(readFileSync(resolve(root, "templates/apps/encounter-odds.hbs"), "utf8"));
    const sides = [[sheetOf("Gru"), sheetOf("Knight")], Array(3).fill(sheetOf("Orc Warrior"))] as const;
    const names = jobNames({ sides, seed: 0 });
    const encounters = Object.values(ENCOUNTERS).map((e) => ({ id: e.id, name: e.name }));
    const base = { runs: 100, seed: 1, running: false, done: 0, report: null, encounters };
    const chosen = parse(
      template(
        oddsDialogContext(
          {
            ...base,
            names: names.sides,
            sides: [
              names.fighters.slice(0, 2).map((f) => f.name),
              names.fighters.slice(2).map((f) => f.name),
            ],
            encounter: "orc-raiders",
          },
          i18n,
        ),
      ),
    );
    const options = byTag(chosen, "option");
    expect(options).toHaveLength(1 + encounters.length);
    expect(byAttr(chosen, "selected").map((o) => text(o))).toEqual(["Orc Raiders"]);
    expect(byTag(chosen, "dd").map((d) => text(d))).toEqual([
      "Gru, Knight",
      "Orc Warrior (1), Orc Warrior (2), Orc Warrior (3)",
    ]);
    expect(byAttr(chosen, "data-action", "run")[0]!.attribs.disabled).toBeUndefined();
    // Nothing chosen and no sides from the selection: no fighters, and no run.
    const waiting = parse(
      template(oddsDialogContext({ ...base, names: ["", ""], selection: false, ready: false }, i18n)),
    );
    expect(text(byAttr(waiting, "class", "fangs-odds-pick"))).toContain("choose a prepared encounter");
    expect(byAttr(waiting, "data-action", "run")[0]!.attribs.disabled).toBeDefined();
    expect(byTag(waiting, "dl")).toHaveLength(0);
    expect([...words.missing]).toEqual([]);
  });
});

describe("Encounter odds of a party against a prepared encounter", () => {
  it("the party alone opens the window with nothing to fight; choosing Orc Raiders sets both sides and runs their fights", async () => {
    world.as(world.gm);
    const party = [await token("characters/gru.json", "Gru", FRIENDLY)];
    const app = (await opened(party))!;
    expect(app).not.toBeNull();
    expect(app.sides).toBeNull();
    expect(app.context).toMatchObject({ ready: false });
    expect((app.context!.encounterChoices as { label: string }[])[0]!.label).toBe(
      "Choose a prepared encounter…",
    );

    expect(await app.chooseEncounter("orc-raiders")).toBe(true);
    const context = app.context as Obj;
    expect(context.ready).toBe(true);
    expect(
      (context.encounterChoices as { value: string; selected: boolean }[]).find((c) => c.selected),
    ).toEqual({ value: "orc-raiders", label: "Orc Raiders", selected: true });
    expect(context.sides).toEqual([
      { label: "Side A (friendly)", names: "Gru, Knight" },
      { label: "Side B (hostile and neutral)", names: "Orc Warrior (1), Orc Warrior (2), Orc Warrior (3)" },
    ]);

    // Run: the fights are those of these sides, with the world's rules options.
    await App.DEFAULT_OPTIONS.actions.run.call(app);
    const expected = { sides: [[sheetOf("Gru"), sheetOf("Knight")], Array(3).fill(sheetOf("Orc Warrior"))] };
    const job = { sides: expected.sides as unknown as readonly [FighterSheet[], FighterSheet[]], seed: 5 };
    const names = jobNames(job);
    const report = oddsReport(
      runFightRange({ ...job, options: rulesOptions() }, 0, 40),
      names.sides,
      5,
      names.fighters,
    );
    const ran = oddsDialogContext(
      { names: names.sides, runs: 40, seed: 5, running: false, done: 40, report },
      createLocalizer(lang),
    );
    expect(ran.summary).toHaveLength(2);
    expect((app.context as Obj).summary).toEqual(ran.summary);
    expect((app.context as Obj).fighterEnds).toEqual(ran.fighterEnds);
    expect(ran.fighterEnds.map((r) => r.name)).toEqual([
      "Gru",
      "Knight",
      "Orc Warrior (1)",
      "Orc Warrior (2)",
      "Orc Warrior (3)",
    ]);
  });

  it("a selection of two sides is kept as the first choice, and comes back when chosen again", async () => {
    world.as(world.gm);
    const tokens = [
      await token("characters/gru.json", "Gru", FRIENDLY),
      await token("characters/pirate-jenny.json", "Pirate Jenny", FRIENDLY),
      await token("characters/dagmar-the-deadly.json", "Dagmar", HOSTILE),
    ];
    const app = (await opened(tokens, { encounter: "three-wolves" }))!;
    expect((app.context as Obj).sides).toEqual([
      { label: "Side A (friendly)", names: "Gru, Pirate Jenny" },
      { label: "Side B (hostile and neutral)", names: "Wolf (1), Wolf (2), Wolf (3)" },
    ]);
    expect(await app.chooseEncounter("")).toBe(true);
    expect((app.context as Obj).sides).toEqual([
      { label: "Side A (friendly)", names: "Gru, Pirate Jenny" },
      { label: "Side B (hostile and neutral)", names: "Dagmar" },
    ]);
    expect((app.context as { encounterChoices: { label: string }[] }).encounterChoices[0]!.label).toBe(
      "The selected tokens",
    );
  });

  it("an encounter no one can fight, or one that does not exist, is refused and the window keeps its sides", async () => {
    world.as(world.gm);
    const app = (await opened([]))!;
    expect(await app.chooseEncounter("three-wolves")).toBe(false);
    expect(world.notices.at(-1)).toBe(lang["FANGS.Odds.Error.NoParty"]);
    expect(app.sides).toBeNull();
    // Orc Raiders brings its own Knight: it can be fought with no party.
    expect(await app.chooseEncounter("orc-raiders")).toBe(true);
    expect(await app.chooseEncounter("no-such-encounter")).toBe(false);
    expect(world.notices.at(-1)).toBe('There is no prepared encounter "no-such-encounter".');
    expect((app.context as Obj).encounterChoices).toContainEqual({
      value: "orc-raiders",
      label: "Orc Raiders",
      selected: true,
    });
    expect(await open([], { encounter: "no-such-encounter" })).toBeNull();
  });
});
