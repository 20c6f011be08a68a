import "../../../../../test/foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPacks } from "../../../../../test/build/pack-sources";
import { createPack } from "../../../../../test/foundry/builders";
import { makeActor } from "../../../../../test/foundry/chat-fixtures";
import { world } from "../../../../../test/foundry/chat-stand-in";
import { drawnOddsWindow, lang, simulatedOdds } from "../../../../../test/support/odds-window";
import { SHARENE_DEFAULTS, type ShareneOptions } from "../../../../rules/sharene/config";
import type { ShareneFighter } from "../../../../rules/sharene/types";
import { registerRulesetDefinition } from "../../../registry";
import { setShareneRules } from "../../config/rules-apply";
import { shareneFightRunner } from "../../fights";
import { shareneDefinition } from "../../index";
import { findSampleFighter } from "../../sim/roster";
import type { ShareneOddsApp } from "./odds-app";
import { readShareneFighter } from "./read-fighter";

/**
 * Encounter odds in a Sharene world, on the Foundry stand-in: the GM's
 * token tool (src/apps/encounter-odds/index.ts) loads Sharene's simulator,
 * whose window reads the selected tokens' actors as its table does, runs
 * Sharene's duels a chunk at a time and shows the odds the simulator gives
 * for the same fighters and seed. What it cannot field is refused in
 * Sharene's words, opening nothing. The window's application base is the
 * small drawing below (the stand-in's has none).
 */

type Obj = Record<string, unknown>;
const FRIENDLY = 1;
const HOSTILE = -1;

/**
 * ApplicationV2 as far as this window uses it: a drawing prepares the
 * context and hands it to `_onRender`; each one drawn is kept, the last
 * one being what the GM sees. The form's fields are read through `element`.
 */
class Drawing {
  static DEFAULT_OPTIONS = {};
  readonly drawn: Obj[] = [];
  fields: Obj = { runs: "60", seed: "9" };
  get rendered(): boolean {
    return this.drawn.length > 0;
  }
  get context(): Obj | null {
    return this.drawn.at(-1) ?? null;
  }
  get element() {
    const input = (s: string) => /^input\[name=(\w+)\]$/.exec(s)?.[1];
    return { querySelector: (s: string) => (input(s) ? { value: this.fields[input(s)!] } : null) };
  }
  async _prepareContext(_o: unknown): Promise<Obj> {
    return {};
  }
  async _onRender(_c: unknown, _o: unknown): Promise<void> {}
  async render(options: { force?: boolean } = {}): Promise<this> {
    if (!options.force && !this.rendered) return this;
    const context = await this._prepareContext(options);
    this.drawn.push(context);
    await this._onRender(context, options);
    return this;
  }
}

type Window = ShareneOddsApp & Drawing;
let openOdds: typeof import("../../../../apps/encounter-odds").openEncounterOdds;

beforeAll(async () => {
  const api = (foundry.applications as unknown as { api: Obj }).api;
  api.ApplicationV2 = Drawing;
  api.HandlebarsApplicationMixin = (base: unknown) => base;
  ({ openEncounterOdds: openOdds } = await import("../../../../apps/encounter-odds"));
  registerRulesetDefinition(shareneDefinition);
});

const creatures = [
  ...(loadPacks()
    .find((p) => p.pack.name === "sharene-creatures")
    ?.documents.values() ?? []),
];

/** The stand-in's stored setting values. */
const storage = () => (game.settings as unknown as { storage: Map<string, unknown> }).storage;

beforeEach(() => {
  world.reset();
  storage().set("fangs.ruleset", "sharene");
  createPack({
    id: "fangs.sharene-creatures",
    type: "Actor",
    packageType: "system",
    documents: creatures as unknown as Obj[],
  });
});
afterEach(() => {
  storage().delete("fangs.ruleset");
  storage().delete("fangs.shareneRules");
  (game as unknown as { packs: Map<string, unknown> }).packs.clear();
});

/** Opens the window through the token tool; the tool does not await its first drawing, so this does. */
async function opened(...args: Parameters<typeof openOdds>): Promise<Window | null> {
  const app = (await openOdds(...args)) as Window | null;
  await vi.waitFor(() => expect(app === null || app.rendered).toBe(true));
  return app;
}

/** A selected token: a pack's sample actor made in the world, under a token's name and disposition. */
const token = async (path: string, name: string, disposition: number) => ({
  name,
  disposition,
  actor: await makeActor(path),
});

/** A sample fighter as the window reads it from its token: the token's place as its id, its weapon item's id. */
const asRead = (name: string, place: string) => {
  const sample = findSampleFighter(name);
  return { ...sample, id: place, weapon: { ...sample.weapon, id: expect.any(String) } };
};

/** What the simulator gives for these two fighters and seed, as the window's view shows it. */
const simulated = (
  fighters: readonly [ShareneFighter, ShareneFighter],
  runs: number,
  seed: number,
  options: ShareneOptions = SHARENE_DEFAULTS,
) => simulatedOdds(shareneFightRunner, { fighters, seed, options }, runs);

describe("Encounter odds in a Sharene world", () => {
  it("two Sharene tokens: the token tool opens Sharene's window, whose run shows the simulator's odds for the same seed", async () => {
    const app = (await opened([
      await token("sharene-characters/arden.json", "Arden", FRIENDLY),
      await token("sharene-characters/dorn.json", "Dorn", HOSTILE),
    ]))!;
    expect(app.constructor.name).toBe("ShareneOddsApp");
    expect(app.sides).toEqual([[asRead("Arden", "token-0")], [asRead("Dorn", "token-1")]]);
    expect(app.context).toMatchObject({ ready: true, names: ["Arden", "Dorn"], group: false, chart: null });

    await app.runFights();
    const context = app.context as Obj;
    const fighters = [app.sides![0][0]!, app.sides![1][0]!] as const;
    const expected = simulated(fighters, 60, 9);
    expect(context).toMatchObject({ running: false, done: 60, runs: 60, seed: 9 });
    expect(context.summary).toEqual(expected.summary);
    expect(context.chart).toBe(expected.chart);
    expect(expected.summary[0]).toMatch(/^Arden wins +\d+\.\d%/);
    // Another seed, other fights: the odds follow the seed, not a fixed answer.
    app.fields = { runs: "60", seed: "10" };
    await app.runFights();
    expect((app.context as Obj).chart).toBe(simulated(fighters, 60, 10).chart);
    expect((app.context as Obj).chart).not.toBe(expected.chart);
    expect(world.notices).toEqual([]);

    // The shared template draws it, every word translated.
    const drawn = drawnOddsWindow(app.context);
    expect(drawn).toMatchObject({ charts: 1, missing: [] });
    expect(drawn.caption).toMatch(/Arden wins +\d+\.\d%/);
  });

  it("two tokens of one creature are two fighters, numbered as their names are the same", async () => {
    const app = (await opened([
      await token("sharene-creatures/wolf.json", "Wolf", FRIENDLY),
      await token("sharene-creatures/wolf.json", "Wolf", HOSTILE),
    ]))!;
    expect(app.sides!.map((side) => side[0]!.id)).toEqual(["token-0", "token-1"]);
    expect((app.context as Obj).names).toEqual(["Wolf (1)", "Wolf (2)"]);
    await app.runFights();
    expect(world.notices).toEqual([]);
    expect((app.context as { summary: string[] }).summary[1]).toMatch(/^Wolf \(2\) wins/);
  });

  it("runs the world's Sharene rules options, as its table plays them", async () => {
    const options = { initiativeDie: 20, fullAttackDf: 4 };
    expect(await setShareneRules(options)).toBe(true);
    const app = (await opened([
      await token("sharene-characters/brisk.json", "Brisk", FRIENDLY),
      await token("sharene-characters/corra.json", "Corra", HOSTILE),
    ]))!;
    await app.runFights();
    const fighters = [app.sides![0][0]!, app.sides![1][0]!] as const;
    expect((app.context as Obj).chart).toBe(simulated(fighters, 60, 9, options).chart);
    expect((app.context as Obj).chart).not.toBe(simulated(fighters, 60, 9).chart);
  });

  it("refuses no tokens, three tokens, a token of another ruleset, an unarmed fighter and a player, in Sharene's words, opening nothing", async () => {
    expect(await opened([])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["SHARENE.Odds.Error.SelectTwo"]!.replace("{count}", "0"));

    const arden = await token("sharene-characters/arden.json", "Arden", FRIENDLY);
    const dorn = await token("sharene-characters/dorn.json", "Dorn", HOSTILE);
    const brisk = await token("sharene-characters/brisk.json", "Brisk", HOSTILE);
    expect(await opened([arden, dorn, brisk])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["SHARENE.Odds.Error.TooMany"]!.replace("{max}", "1"));
    // Three friendly ones make no two sides, and are too many to face a prepared encounter.
    const friends = [arden, { ...dorn, disposition: FRIENDLY }, { ...brisk, disposition: FRIENDLY }];
    world.notices.length = 0;
    expect(await opened(friends)).toBeNull();
    expect(world.notices).toEqual([lang["SHARENE.Odds.Error.TooMany"]!.replace("{max}", "1")]);

    expect(await opened([arden, await token("characters/gru.json", "Gru", HOSTILE)])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["SHARENE.Odds.Error.NotAFighter"]!.replace("{name}", "Gru"));

    const unarmed = await token("sharene-characters/corra.json", "Corra", HOSTILE);
    const spear = unarmed.actor.items.find((i) => i.type === "shareneWeapon")!;
    await spear.update({ "system.equipped": false } as never);
    expect(await opened([arden, unarmed])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["SHARENE.Odds.Error.NoWeapon"]!.replace("{name}", "Corra"));

    // A weapon whose main blow deals nothing: the rules core refuses the fighter, and the notice names why.
    await spear.update({ "system.equipped": true, "system.mainBlow": "slash" } as never);
    expect(await opened([arden, unarmed])).toBeNull();
    expect(world.notices.at(-1)).toMatch(/^Corra cannot fight in Sharene's simulator: .*deals no slash/);

    world.as(world.player);
    expect(await opened([arden, dorn])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["SHARENE.Odds.Error.GmOnly"]);
  });
});

describe("Sharene's prepared encounters in Encounter odds", () => {
  it("one friendly fighter faces one of Sharene's encounters, and its odds are the simulator's", async () => {
    const app = (await opened([await token("sharene-characters/brisk.json", "Brisk", FRIENDLY)]))!;
    expect(app.sides).toBeNull();
    const choices = (app.context as { encounterChoices: { value: string; label: string }[] })
      .encounterChoices;
    expect(choices.map((c) => c.value)).toEqual(["", "lone-wolf", "wild-boar", "bear-den", "axeman"]);
    expect(choices[1]!.label).toBe(lang["SHARENE.Encounter.LoneWolf.Name"]);

    expect(await app.chooseEncounter("lone-wolf")).toBe(true);
    const wolf = creatures.find((c) => c.name === "Wolf")!;
    expect(app.sides![1][0]).toMatchObject({
      id: "encounter-0",
      name: "Wolf",
      lifePoints: (wolf.system!.lifePoints as { max: number }).max,
    });
    expect((app.context as Obj).names).toEqual(["Brisk", "Wolf"]);
    // Read from its compendium entry as a placed wolf's token would be read.
    const placed = await makeActor("sharene-creatures/wolf.json");
    expect(readShareneFighter(placed, "Wolf", "encounter-0")).toEqual({ ok: true, sheet: app.sides![1][0] });
    await app.runFights();
    const fighters = [app.sides![0][0]!, app.sides![1][0]!] as const;
    expect((app.context as Obj).summary).toEqual(simulated(fighters, 60, 9).summary);

    // A FANGS encounter is not offered, and asking for one by id is refused in Sharene's words.
    expect(await app.chooseEncounter("three-wolves")).toBe(false);
    expect(world.notices.at(-1)).toBe('Sharene has no prepared encounter "three-wolves".');
    expect(app.sides![1][0]!.name).toBe("Wolf");
  });

  it("a hostile fighter alone has no one to face an encounter with: refused, nothing opened", async () => {
    expect(await opened([await token("sharene-characters/dorn.json", "Dorn", HOSTILE)])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["SHARENE.Odds.Error.SelectTwo"]!.replace("{count}", "1"));
    expect(
      await opened([await token("sharene-characters/arden.json", "Arden", FRIENDLY)], {
        encounter: "nowhere",
      }),
    ).toBeNull();
    expect(world.notices.at(-1)).toBe('Sharene has no prepared encounter "nowhere".');
  });
});
