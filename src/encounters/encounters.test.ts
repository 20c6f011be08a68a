import "../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadPacks } from "../../test/build/pack-sources";
import { createPack, createScene } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import { Combat, type StandInScene } from "../../test/foundry/stand-in";
import { registerFangsConfig } from "../config/fangs-config";
import { encountersApi, registerEncounters } from "./index";
import { placeFootprints, squareKey } from "./layout";
import { DEFAULT_CREATURE_PACK, ENCOUNTERS, encounterTable } from "./table";

/**
 * Ready-made encounters: the table names only creatures of the packs, and
 * placing one on the viewed scene (the Foundry stand-in, with the packs'
 * creatures as the system's compendium) imports each creature once into a
 * folder named after the encounter and puts one token per creature on its
 * own free square. A player's call changes nothing.
 */

type Obj = Record<string, unknown>;
const g = globalThis as unknown as { canvas: Obj; CONFIG: Obj };
const packs = loadPacks();
const creatureSources = [...(packs.find((p) => p.pack.name === "creatures")?.documents.values() ?? [])];
const lang = JSON.parse(
  (await import("node:fs")).readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"),
) as Record<string, string>;

const canvasBefore = g.canvas;
let scene: StandInScene;
/** What registerEncounters hooks into: the text enrichers and the page's clicks. */
const listeners: string[] = [];
function stubPage(): Obj[] {
  const enrichers: Obj[] = [];
  g.CONFIG.TextEditor = { enrichers };
  (globalThis as Obj).document = { addEventListener: (type: string) => listeners.push(type) };
  return enrichers;
}

beforeEach(() => {
  resetWorld();
  createPack({
    id: DEFAULT_CREATURE_PACK,
    type: "Actor",
    packageType: "system",
    documents: creatureSources as unknown as Obj[],
  });
  scene = createScene("The Old Road");
  g.canvas = { scene, tokens: null, grid: null };
  standIn.game.combats.clear();
});
afterEach(() => {
  g.canvas = canvasBefore;
  delete (g.CONFIG as { FANGS?: unknown }).FANGS;
  delete g.CONFIG.TextEditor;
  delete (globalThis as Obj).document;
});

const actors = () => [...standIn.game.actors];
const squares = () => [...scene.tokens].map((t) => squareKey(t.x / 100, t.y / 100));

describe("the encounter table", () => {
  it("names only creatures of the creatures pack, each with a count of at least one, and a name in lang/en.json", () => {
    const ids = new Set(creatureSources.map((d) => d._id));
    expect(Object.keys(ENCOUNTERS).length).toBeGreaterThanOrEqual(8);
    for (const encounter of Object.values(ENCOUNTERS)) {
      expect(lang[encounter.name], encounter.id).toBeTruthy();
      for (const entry of encounter.creatures) {
        expect(entry.pack ?? DEFAULT_CREATURE_PACK).toBe(DEFAULT_CREATURE_PACK);
        expect(ids.has(entry.actor), `${encounter.id}: ${entry.actor}`).toBe(true);
        expect(Number.isInteger(entry.count) && entry.count >= 1).toBe(true);
        expect(["hostile", "neutral", "friendly"]).toContain(entry.side);
      }
    }
  });

  it("is frozen, and a module's additions are laid over it by id", () => {
    expect(Object.isFrozen(ENCOUNTERS)).toBe(true);
    expect(Object.isFrozen(ENCOUNTERS["three-wolves"]!.creatures[0])).toBe(true);
    const mine = { id: "three-wolves", name: "X", creatures: [] };
    const table = encounterTable({ mine: { ...mine, id: "mine" }, "three-wolves": mine });
    expect(table["three-wolves"]).toBe(mine);
    expect(table.mine?.id).toBe("mine");
    expect(table["bandit-ambush"]).toBe(ENCOUNTERS["bandit-ambush"]);
  });

  it("the encounters journal has a page per encounter, under its name, with its place link and a link to each of its creatures", () => {
    const journal = [...(packs.find((p) => p.pack.name === "encounters")?.documents.values() ?? [])][0]!;
    for (const encounter of Object.values(ENCOUNTERS)) {
      const page = journal.pages?.find((p) => p.name === lang[encounter.name]);
      expect(page, encounter.id).toBeDefined();
      const html = (page!.text as { content: string }).content;
      expect(html).toContain(`@FangsEncounter[${encounter.id}]{`);
      for (const entry of encounter.creatures)
        expect(html).toContain(`@UUID[Compendium.fangs.creatures.Actor.${entry.actor}]{`);
    }
  });
});

describe("free squares around the centre", () => {
  it("takes the centre, then the nearest free squares ring by ring, never a taken one or one off the scene", () => {
    const bounds = { minCol: 0, minRow: 0, maxCol: 4, maxRow: 4 };
    const placed = placeFootprints(
      { col: 2, row: 2 },
      Array.from({ length: 9 }, () => ({ width: 1, height: 1 })),
      new Set([squareKey(2, 2), squareKey(1, 1)]),
      bounds,
    )!;
    const keys = placed.map((s) => squareKey(s.col, s.row));
    expect(new Set(keys).size).toBe(9);
    expect(keys).not.toContain("2,2");
    expect(keys).not.toContain("1,1");
    expect(keys.slice(0, 7).every((k) => k.split(",").every((n) => Math.abs(Number(n) - 2) <= 1))).toBe(true);
  });

  it("keeps a large token's whole footprint free, and says when the scene is full", () => {
    const bounds = { minCol: 0, minRow: 0, maxCol: 2, maxRow: 2 };
    const [big, small] = placeFootprints(
      { col: 1, row: 1 },
      [
        { width: 2, height: 2 },
        { width: 1, height: 1 },
      ],
      new Set(),
      bounds,
    )!;
    expect(big).toEqual({ col: 1, row: 1 });
    expect(["1,1", "2,1", "1,2", "2,2"]).not.toContain(squareKey(small!.col, small!.row));
    expect(
      placeFootprints({ col: 1, row: 1 }, [{ width: 2, height: 2 }], new Set(["1,1"]), bounds),
    ).toBeNull();
  });
});

describe("placing an encounter on the viewed scene", () => {
  it("registers the api, the journal's place links and an empty CONFIG.FANGS.encounters for modules", () => {
    const enrichers = stubPage();
    registerFangsConfig();
    registerEncounters();
    expect((standIn.game.system as unknown as { api: Obj }).api.encounters).toBe(encountersApi);
    expect((g.CONFIG as { FANGS: Obj }).FANGS.encounters).toEqual({});
    const pattern = enrichers[0]!.pattern as RegExp;
    expect("@FangsEncounter[three-wolves]{Place on the current scene}".match(pattern)).not.toBeNull();
    expect(listeners).toContain("click");
  });

  it("imports each creature once into a folder named after the encounter, and places one token per creature on distinct free squares", async () => {
    const placed = await encountersApi.place("bandit-ambush", { addToCombat: false });
    expect(placed?.imported).toBe(2);
    expect(
      actors()
        .map((a) => a.name)
        .sort(),
    ).toEqual(["Bandit", "Bandit Leader"]);
    const folder = [...standIn.game.folders][0]!;
    expect(folder).toMatchObject({ name: "Bandit Ambush", type: "Actor" });
    for (const actor of actors()) {
      expect(actor.folder).toBe(folder.id);
      expect(actor._stats.compendiumSource).toMatch(/^Compendium\.fangs\.creatures\.Actor\./);
    }
    expect(scene.tokens.size).toBe(5);
    expect(new Set(squares()).size).toBe(5);
    expect([...scene.tokens].map((t) => t.name).sort()).toEqual([
      "Bandit 1",
      "Bandit 2",
      "Bandit 3",
      "Bandit 4",
      "Bandit Leader",
    ]);
    expect([...scene.tokens].every((t) => t.disposition === -1)).toBe(true);
    expect(standIn.ui.notifications.shown.at(-1)).toMatchObject({ type: "info" });
  });

  it("placing again reuses the imported actors and puts the new tokens on squares still free", async () => {
    await encountersApi.place("three-wolves", { addToCombat: false });
    const again = await encountersApi.place("three-wolves", { addToCombat: false });
    expect(again?.imported).toBe(0);
    expect(actors().map((a) => a.name)).toEqual(["Wolf"]);
    expect(standIn.game.folders.size).toBe(1);
    expect(scene.tokens.size).toBe(6);
    expect(new Set(squares()).size).toBe(6);
    const { sceneX, sceneY, sceneWidth, sceneHeight } = scene.dimensions;
    for (const t of scene.tokens) {
      expect(t.x).toBeGreaterThanOrEqual(sceneX);
      expect(t.y).toBeGreaterThanOrEqual(sceneY);
      expect(t.x + 100).toBeLessThanOrEqual(sceneX + sceneWidth);
      expect(t.y + 100).toBeLessThanOrEqual(sceneY + sceneHeight);
    }
  });

  it("an ally is placed friendly beside the foes", async () => {
    await encountersApi.place("orc-raiders", { addToCombat: false });
    const knight = [...scene.tokens].find((t) => t.name === "Knight")!;
    expect(knight.disposition).toBe(1);
    expect([...scene.tokens].filter((t) => t.disposition === -1)).toHaveLength(3);
  });

  it("with a combat running, adds the tokens to it when the GM agrees", async () => {
    const combat = new Combat({ _id: "combatEnc000001", round: 1, turn: 0 });
    standIn.game.combats.set(combat.id, combat);
    const placed = await encountersApi.place("troll-bridge", { addToCombat: true });
    expect(placed?.combatants).toBe(1);
    expect([...combat.combatants].map((c) => c.actor?.name)).toEqual(["Troll"]);
  });

  it("a player's call changes nothing and says only a GM can place an encounter", async () => {
    standIn.as(standIn.users.player);
    const placed = await encountersApi.place("three-wolves");
    expect(placed).toBeNull();
    expect(actors()).toEqual([]);
    expect(standIn.game.folders.size).toBe(0);
    expect(scene.tokens.size).toBe(0);
    expect(standIn.ui.notifications.shown.at(-1)).toMatchObject({
      type: "warn",
      message: lang["FANGS.Encounter.Error.GmOnly"],
    });
  });

  it("refuses an unknown id and a client viewing no scene, placing nothing", async () => {
    expect(await encountersApi.place("dragon-tea-party")).toBeNull();
    g.canvas = { scene: null, tokens: null, grid: null };
    expect(await encountersApi.place("three-wolves")).toBeNull();
    expect(actors()).toEqual([]);
    expect(standIn.ui.notifications.shown.map((n) => n.type)).toEqual(["warn", "warn"]);
  });

  it("places a module's encounter added to CONFIG.FANGS.encounters", async () => {
    stubPage();
    registerFangsConfig();
    registerEncounters();
    const config = g.CONFIG as { FANGS: { encounters: Obj } };
    config.FANGS.encounters.twoTrolls = {
      id: "two-trolls",
      name: "Two Trolls",
      creatures: [{ actor: "a3T166LDmxsCvJrl", count: 2, side: "hostile" }],
    };
    expect((await encountersApi.list()).map((e) => e.id)).toContain("two-trolls");
    await encountersApi.place("two-trolls", { addToCombat: false });
    expect(scene.tokens.size).toBe(2);
  });
});
