import "../../../../../test/foundry/setup";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPacks } from "../../../../../test/build/pack-sources";
import { createPack } from "../../../../../test/foundry/builders";
import { makeActor } from "../../../../../test/foundry/chat-fixtures";
import { world } from "../../../../../test/foundry/chat-stand-in";
import { drawnOddsWindow, lang, simulatedOdds } from "../../../../../test/support/odds-window";
import { LUNOS_DEFAULTS, type LunosOptions } from "../../../../rules/lunos/config";
import type { LunosFighter } from "../../../../rules/lunos/types";
import { registerRulesetDefinition } from "../../../registry";
import { setLunosRules } from "../../config/rules-apply";
import { lunosFightRunner } from "../../fights";
import { lunosDefinition } from "../../index";
import { findSampleFighter } from "../../sim/roster";
import type { LunosOddsApp } from "./odds-app";
import { readLunosFighter } from "./read-fighter";

/**
 * Encounter odds in a Lunos world, on the Foundry stand-in: the GM's
 * token tool (src/apps/encounter-odds/index.ts) loads Lunos's simulator,
 * whose window reads the selected tokens' actors as its sheet and round
 * engine do, runs Lunos's duels a chunk at a time with the world's rules
 * options and shows the odds the simulator gives for the same fighters
 * and seed. What it cannot field is refused in Lunos's words, opening
 * nothing. The window's application base is the small drawing below (the
 * stand-in's has none).
 */

type Obj = Record<string, unknown>;
const FRIENDLY = 1;
const HOSTILE = -1;

/** ApplicationV2 as far as this window uses it: each drawing's context is kept, the last is what the GM sees. */
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

type Window = LunosOddsApp & Drawing;
let openOdds: typeof import("../../../../apps/encounter-odds").openEncounterOdds;

beforeAll(async () => {
  const api = (foundry.applications as unknown as { api: Obj }).api;
  api.ApplicationV2 = Drawing;
  api.HandlebarsApplicationMixin = (base: unknown) => base;
  ({ openEncounterOdds: openOdds } = await import("../../../../apps/encounter-odds"));
  registerRulesetDefinition(lunosDefinition);
});
afterAll(() => registerRulesetDefinition(lunosDefinition));

const packs = loadPacks();
const packDocs = (name: string) => [...(packs.find((p) => p.pack.name === name)?.documents.values() ?? [])];

/** The stand-in's stored setting values. */
const storage = () => (game.settings as unknown as { storage: Map<string, unknown> }).storage;

beforeEach(() => {
  world.reset();
  storage().set("fangs.ruleset", "lunos");
  for (const name of ["lunos-creatures", "lunos-characters"])
    createPack({
      id: `fangs.${name}`,
      type: "Actor",
      packageType: "system",
      documents: packDocs(name) as unknown as Obj[],
    });
});
afterEach(() => {
  storage().delete("fangs.ruleset");
  storage().delete("fangs.lunosRules");
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
  return { ...sample, id: place, weapon: sample.weapon && { ...sample.weapon, id: expect.any(String) } };
};

/** What the simulator gives for these two fighters and seed, as the window's view shows it. */
const simulated = (
  fighters: readonly [LunosFighter, LunosFighter],
  runs: number,
  seed: number,
  options: LunosOptions = LUNOS_DEFAULTS,
) => simulatedOdds(lunosFightRunner, { fighters, seed, options }, runs);

describe("Encounter odds in a Lunos world", () => {
  it("two Lunos tokens: the token tool opens Lunos's window, whose run shows the simulator's odds for the same seed", async () => {
    const app = (await opened([
      await token("lunos-characters/kell.json", "Kell", FRIENDLY),
      await token("lunos-characters/tass.json", "Tass", HOSTILE),
    ]))!;
    expect(app.constructor.name).toBe("LunosOddsApp");
    // The pack's samples are the simulator's own sample fighters, read from their documents.
    expect(app.sides).toEqual([[asRead("Kell", "token-0")], [asRead("Tass", "token-1")]]);
    expect(app.context).toMatchObject({ ready: true, names: ["Kell", "Tass"], group: false, chart: null });

    await app.runFights();
    const context = app.context as Obj;
    const fighters = [app.sides![0][0]!, app.sides![1][0]!] as const;
    const expected = simulated(fighters, 60, 9);
    expect(context).toMatchObject({ running: false, done: 60, runs: 60, seed: 9 });
    expect(context.summary).toEqual(expected.summary);
    expect(context.chart).toBe(expected.chart);
    expect(expected.summary[0]).toMatch(/^Kell wins +\d+\.\d%/);
    // Another seed, other fights: the odds follow the seed, not a fixed answer.
    app.fields = { runs: "60", seed: "10" };
    await app.runFights();
    expect((app.context as Obj).chart).toBe(simulated(fighters, 60, 10).chart);
    expect((app.context as Obj).chart).not.toBe(expected.chart);
    expect(world.notices).toEqual([]);

    // The shared template draws it, every word translated.
    const drawn = drawnOddsWindow(app.context);
    expect(drawn).toMatchObject({ charts: 1, missing: [] });
    expect(drawn.caption).toMatch(/Kell wins +\d+\.\d%/);
  });

  it("two tokens of one creature are two fighters, numbered as their names are the same", async () => {
    const app = (await opened([
      await token("lunos-creatures/wolf.json", "Wolf", FRIENDLY),
      await token("lunos-creatures/wolf.json", "Wolf", HOSTILE),
    ]))!;
    expect(app.sides!.map((side) => side[0]!.id)).toEqual(["token-0", "token-1"]);
    expect((app.context as Obj).names).toEqual(["Wolf (1)", "Wolf (2)"]);
    await app.runFights();
    expect(world.notices).toEqual([]);
    expect((app.context as { summary: string[] }).summary[1]).toMatch(/^Wolf \(2\) wins/);
  });

  it("runs the world's Lunos rules options, as its table plays them", async () => {
    // Mara's fifth dot of Agility rolls a die beside its sure success under the other reading.
    const options = { fifthDot: "besideDie" } as const;
    expect(await setLunosRules(options)).toBe(true);
    const app = (await opened([
      await token("lunos-characters/mara.json", "Mara", FRIENDLY),
      await token("lunos-characters/oren.json", "Oren", HOSTILE),
    ]))!;
    await app.runFights();
    const fighters = [app.sides![0][0]!, app.sides![1][0]!] as const;
    const rules = { ...LUNOS_DEFAULTS, ...options };
    expect((app.context as Obj).chart).toBe(simulated(fighters, 60, 9, rules).chart);
    expect((app.context as Obj).chart).not.toBe(simulated(fighters, 60, 9).chart);
  });

  it("a token without a name of its own is fielded under its actor's name", async () => {
    const app = (await opened([
      await token("lunos-characters/kell.json", "", FRIENDLY),
      await token("lunos-creatures/bear.json", "Old Grumble", HOSTILE),
    ]))!;
    expect(app.sides!.map((side) => side[0]!.name)).toEqual(["Kell", "Old Grumble"]);
    expect(world.notices).toEqual([]);
  });

  it("a fighter with no weapon in hand fights with Brawl, as the rules have it: fielded, not refused", async () => {
    const oren = await token("lunos-characters/oren.json", "Oren", HOSTILE);
    const club = oren.actor.items.find((i) => i.type === "lunosWeapon")!;
    await club.update({ "system.equipped": false } as never);
    const app = (await opened([await token("lunos-characters/kell.json", "Kell", FRIENDLY), oren]))!;
    expect(app.sides![1][0]).toMatchObject({ name: "Oren", weapon: null });
    await app.runFights();
    expect(world.notices).toEqual([]);
  });

  it("refuses no tokens, three tokens, a token of another ruleset and a player, in Lunos's words, opening nothing", async () => {
    expect(await opened([])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["LUNOS.Odds.Error.SelectTwo"]!.replace("{count}", "0"));

    const kell = await token("lunos-characters/kell.json", "Kell", FRIENDLY);
    const tass = await token("lunos-characters/tass.json", "Tass", HOSTILE);
    const oren = await token("lunos-characters/oren.json", "Oren", HOSTILE);
    expect(await opened([kell, tass, oren])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["LUNOS.Odds.Error.TooMany"]!.replace("{max}", "1"));

    expect(await opened([kell, await token("characters/gru.json", "Gru", HOSTILE)])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["LUNOS.Odds.Error.NotAFighter"]!.replace("{name}", "Gru"));
    const arden = await token("sharene-characters/arden.json", "Arden", HOSTILE);
    expect(await opened([kell, arden])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["LUNOS.Odds.Error.NotAFighter"]!.replace("{name}", "Arden"));

    world.as(world.player);
    expect(await opened([kell, tass])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["LUNOS.Odds.Error.GmOnly"]);
  });
});

describe("Lunos's prepared encounters in Encounter odds", () => {
  it("one friendly fighter faces one of Lunos's encounters, and its odds are the simulator's", async () => {
    const app = (await opened([await token("lunos-characters/tass.json", "Tass", FRIENDLY)]))!;
    expect(app.sides).toBeNull();
    const choices = (app.context as { encounterChoices: { value: string; label: string }[] })
      .encounterChoices;
    expect(choices.map((c) => c.value)).toEqual(["", "lunos-wolf", "lunos-bear", "lunos-oren"]);
    expect(choices[2]!.label).toBe(lang["LUNOS.Encounter.Bear.Name"]);

    expect(await app.chooseEncounter("lunos-bear")).toBe(true);
    expect(app.sides![1][0]).toMatchObject({ id: "encounter-0", name: "Bear", abilities: { body: 5 } });
    expect((app.context as Obj).names).toEqual(["Tass", "Bear"]);
    // Read from its compendium entry as a placed bear's token would be read.
    const placed = await makeActor("lunos-creatures/bear.json");
    expect(readLunosFighter(placed, "Bear", "encounter-0")).toEqual({
      ok: true,
      sheet: { ...app.sides![1][0], weapon: { ...app.sides![1][0]!.weapon, id: expect.any(String) } },
    });
    await app.runFights();
    const fighters = [app.sides![0][0]!, app.sides![1][0]!] as const;
    expect((app.context as Obj).summary).toEqual(simulated(fighters, 60, 9).summary);

    // Another ruleset's encounter is not offered, and asking for one by id is refused in Lunos's words.
    expect(await app.chooseEncounter("lone-wolf")).toBe(false);
    expect(world.notices.at(-1)).toBe('Lunos has no prepared encounter "lone-wolf".');
    expect(app.sides![1][0]!.name).toBe("Bear");
  });

  it("a party the simulator cannot field is refused, saying why, and nothing opens", async () => {
    // A hostile fighter alone has no one to face an encounter with.
    expect(await opened([await token("lunos-creatures/wolf.json", "Wolf", HOSTILE)])).toBeNull();
    expect(world.notices.at(-1)).toBe(lang["LUNOS.Odds.Error.SelectTwo"]!.replace("{count}", "1"));
    // Two friends are one side too many for a duel against the bear.
    const friends = [
      await token("lunos-characters/kell.json", "Kell", FRIENDLY),
      await token("lunos-characters/mara.json", "Mara", FRIENDLY),
    ];
    world.notices.length = 0;
    expect(await opened(friends, { encounter: "lunos-bear" })).toBeNull();
    expect(world.notices).toEqual([lang["LUNOS.Odds.Error.TooMany"]!.replace("{max}", "1")]);
    // An encounter this world's rules do not have.
    expect(await opened([friends[0]!], { encounter: "lone-wolf" })).toBeNull();
    expect(world.notices.at(-1)).toBe('Lunos has no prepared encounter "lone-wolf".');
  });
});
