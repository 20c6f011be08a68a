import "../foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  configureDocuments,
  configureInitiative,
  configureStatusEffects,
  configureTypeLabels,
  registerRulesetSheets,
} from "../../src/config/document-classes";
import { FangsCombat } from "../../src/documents/combat";
import { renderRulesetNotice } from "../../src/rulesets/documents";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  listRulesetDefinitions,
  type RulesetDefinition,
  type RulesetDocumentName,
  registerRulesetDefinition,
  rulesetOwning,
  rulesetTypes,
} from "../../src/rulesets/registry";
import { createActor } from "../foundry/builders";
import { resetWorld, standIn } from "../foundry/setup";
import { type Combat, createDialogs, sheetConfig } from "../foundry/stand-in";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * Documents per ruleset, on the stand-in: the toy brings its own actor,
 * item, card and combatant types (prefixed with its id), Foundry is told
 * every ruleset's documents whichever the world plays, create dialogs offer
 * the world's ruleset's types only, and a document of another ruleset is
 * kept as it is, marked as theirs on its sheet, and refused where it would
 * be used.
 */

type Obj = Record<string, unknown>;

/** The types of a list that FANGS or the toy owns, in the list's order: a shipped ruleset's own are checked apart. */
function fangsAndToy(documentName: RulesetDocumentName, types: readonly string[]): string[] {
  return types.filter((type) => {
    const owner = rulesetOwning(documentName, type);
    return owner === "fangs" || owner === TOY_ID;
  });
}
type AnyDocument = {
  id: string;
  name: string;
  type: string;
  toObject(): Obj;
  items: { contents: unknown[] };
};

beforeAll(() => {
  registerRulesetDefinition(toyDefinition);
  // As `init` does once every ruleset module is imported.
  configureDocuments();
  configureTypeLabels();
});

beforeEach(() => resetWorld());
afterEach(() => vi.restoreAllMocks());

const playToy = () => standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
const notices = () => standIn.ui.notifications.shown.map((n) => n.message);

function actorClass() {
  return CONFIG.Actor.documentClass as unknown as {
    create(data: Obj): Promise<AnyDocument | undefined>;
    createDialog(data?: Obj, createOptions?: Obj, dialogOptions?: Obj): Promise<unknown>;
  };
}
function itemClass() {
  return CONFIG.Item.documentClass as unknown as {
    createDialog(data?: Obj, createOptions?: Obj, dialogOptions?: Obj): Promise<unknown>;
  };
}

async function toyFighter(name = "Tin Soldier"): Promise<AnyDocument> {
  const actor = await actorClass().create({ name, type: "toyFighter", system: { hp: { value: 7, max: 7 } } });
  if (!actor) throw new Error("the toy fighter was not created");
  return actor;
}

describe("registering a ruleset", () => {
  const model = class {};
  const rules = (id: string) => ({ id, labelKey: `${id}.Name`, phases: [], turnOrder: () => [] });
  const definition = (
    id: string,
    actorType: string,
    combatantType = `${id}Combatant`,
  ): RulesetDefinition => ({
    id,
    rules: rules(id),
    langPrefix: id.toUpperCase(),
    documents: {
      Actor: { [actorType]: { model, labelKey: "X" } },
      Item: {},
      ChatMessage: {},
      combatant: { type: combatantType, model },
    },
    statuses: [],
  });

  it("refuses a type of a ruleset other than FANGS without its id as prefix, naming both", () => {
    expect(() => registerRulesetDefinition(definition("lunos", "character2"))).toThrow(
      /"lunos".*Actor type "character2" must start with "lunos"/,
    );
    expect(() => registerRulesetDefinition(definition("lunos", "lunoscharacter"))).toThrow(/must start with/);
    expect(() => registerRulesetDefinition(definition("lunos", "lunosCharacter", "base"))).toThrow(
      /Combatant type "base"/,
    );
    expect(rulesetOwning("Actor", "character2")).toBeUndefined();
  });

  it("refuses a type another ruleset owns, and an id that cannot prefix a type; an id again replaces it", () => {
    // Registering an id again replaces it (a module reloaded): its own types are no clash.
    expect(() => registerRulesetDefinition(toyDefinition)).not.toThrow();
    // FANGS, the one ruleset whose types are not prefixed, cannot claim a type another owns either.
    const fangs = getRulesetDefinition("fangs")!;
    const greedy = {
      ...fangs,
      documents: {
        ...fangs.documents,
        Item: { ...fangs.documents.Item, toyBlade: { model, labelKey: "X" } },
      },
    };
    expect(() => registerRulesetDefinition(greedy)).toThrow(
      /"fangs".*Item type "toyBlade" belongs to the ruleset "toy"/,
    );
    expect(getRulesetDefinition("fangs")).toBe(fangs);
    expect(() => registerRulesetDefinition(definition("Toy", "ToyFighter"))).toThrow(/lower-case/);
  });

  it("says which ruleset owns each type; FANGS keeps its names and its combatants' `base`", () => {
    expect(rulesetOwning("Actor", "character")).toBe("fangs");
    expect(rulesetOwning("Item", "maneuver")).toBe("fangs");
    expect(rulesetOwning("ChatMessage", "exchange")).toBe("fangs");
    expect(rulesetOwning("ChatMessage", "gmDamage")).toBe("fangs");
    expect(rulesetOwning("Combatant", "base")).toBe("fangs");
    expect(rulesetOwning("Actor", "toyFighter")).toBe(TOY_ID);
    expect(rulesetOwning("ChatMessage", "toyCard")).toBe(TOY_ID);
    expect(rulesetOwning("Combatant", "toyCombatant")).toBe(TOY_ID);
    expect(rulesetOwning("Actor", "npc")).toBeUndefined();
  });
});

describe("Foundry knows every ruleset's documents, whichever the world plays", () => {
  it("data models, type labels and token bars of FANGS and the toy", () => {
    // Another shipped ruleset's types come between FANGS's and the toy's (registered last); its are checked apart.
    for (const documentName of ["Actor", "Item", "ChatMessage", "Combatant"] as const) {
      const keys = Object.keys(CONFIG[documentName].dataModels);
      expect(keys, documentName).toEqual(
        listRulesetDefinitions().flatMap((d) => rulesetTypes(d, documentName)),
      );
    }
    expect(fangsAndToy("Actor", Object.keys(CONFIG.Actor.dataModels))).toEqual([
      "character",
      "creature",
      "toyFighter",
    ]);
    expect(Object.keys(CONFIG.Item.dataModels)).toContain("toyBlade");
    expect(fangsAndToy("ChatMessage", Object.keys(CONFIG.ChatMessage.dataModels))).toEqual([
      "exchange",
      "gmDamage",
      "toyCard",
      "toyVolley",
      "toyStrike",
      "toyKnockout",
    ]);
    expect(fangsAndToy("Combatant", Object.keys(CONFIG.Combatant.dataModels))).toEqual([
      "base",
      "toyCombatant",
    ]);
    expect(CONFIG.Actor.typeLabels).toMatchObject({
      character: "FANGS.Actor.Type.Character",
      toyFighter: "TOY.Actor.Fighter",
    });
    expect(CONFIG.Item.typeLabels).toMatchObject({ toyBlade: "TOY.Item.Blade" });
    expect(CONFIG.Actor.trackableAttributes).toMatchObject({
      character: { bar: ["stunPoints", "hitPoints"], value: [] },
      toyFighter: { bar: ["hp"], value: [] },
    });
  });

  it("every ruleset's sheets for its own types, and the notice hook", () => {
    sheetConfig.registered.length = 0;
    registerRulesetSheets();
    const types = sheetConfig.registered.map((r) => (r.options.types as string[])[0]!);
    const ownedHere = (type: string) =>
      fangsAndToy("Actor", [type]).length > 0 || fangsAndToy("Item", [type]).length > 0;
    expect(types.filter(ownedHere)).toEqual([
      "character",
      "creature",
      "creature",
      "weapon",
      "shield",
      "armor",
      "skill",
      "advantage",
      "maneuver",
    ]);
    expect(sheetConfig.registered.filter((r) => r.options.makeDefault).map((r) => r.options.label)).toContain(
      "FANGS.Sheet.Label.CreatureStatBlock",
    );
  });

  it("the world's ruleset gives the token statuses and the initiative formula", () => {
    // Core's list as each load starts with it.
    const core = () => [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
    ];
    CONFIG.statusEffects = core() as never;
    configureStatusEffects();
    configureInitiative();
    expect(CONFIG.statusEffects[0]?.id).toBe("stunned");
    expect((CONFIG.Combat as unknown as { initiative: { formula: string } }).initiative.formula).toBe(
      "@characteristics.ag",
    );
    playToy();
    CONFIG.statusEffects = core() as never;
    configureStatusEffects();
    configureInitiative();
    expect(CONFIG.statusEffects[0]).toEqual({
      id: "toyDazed",
      name: "TOY.Status.Dazed",
      img: "icons/svg/daze.svg",
    });
    expect(CONFIG.statusEffects.map((s) => s.id)).toEqual(["toyDazed", "dead", "blind"]);
    expect((CONFIG.Combat as unknown as { initiative: object }).initiative).toMatchObject({
      formula: "1d6",
      decimals: 0,
    });
  });
});

describe("create dialogs offer the world's ruleset's types only", () => {
  it("a FANGS world offers FANGS's actor and item types; a toy world the toy's", async () => {
    createDialogs.length = 0;
    await actorClass().createDialog();
    await itemClass().createDialog();
    playToy();
    await actorClass().createDialog({}, { pack: "world.monsters" });
    await itemClass().createDialog();
    expect(createDialogs).toEqual([
      { documentName: "Actor", types: ["character", "creature"], pack: null },
      {
        documentName: "Item",
        types: ["weapon", "shield", "armor", "skill", "advantage", "maneuver"],
        pack: null,
      },
      { documentName: "Actor", types: ["toyFighter"], pack: "world.monsters" },
      { documentName: "Item", types: ["toyBlade"], pack: null },
    ]);
  });

  it("types asked by a caller are narrowed to the world's; none left says so and opens nothing", async () => {
    createDialogs.length = 0;
    await itemClass().createDialog({}, {}, { types: ["weapon", "toyBlade"] });
    expect(createDialogs.at(-1)?.types).toEqual(["weapon"]);
    playToy();
    await expect(itemClass().createDialog({}, {}, { types: ["weapon"] })).resolves.toBeNull();
    expect(createDialogs).toHaveLength(1);
    expect(notices()).toEqual([
      'None of the asked types belongs to this world\'s combat rules, "TOY.Ruleset": nothing to create.',
    ]);
  });
});

describe("a new actor's token", () => {
  it("shows its ruleset's first two bars to its owners; data given on creation wins", async () => {
    const gru = (await createActor()) as unknown as { prototypeToken: Obj };
    expect(gru.prototypeToken).toMatchObject({
      displayBars: 40,
      bar1: { attribute: "stunPoints" },
      bar2: { attribute: "hitPoints" },
    });
    const tin = (await toyFighter()) as unknown as { prototypeToken: Obj };
    expect(tin.prototypeToken).toMatchObject({ displayBars: 40, bar1: { attribute: "hp" } });
    expect(tin.prototypeToken).not.toHaveProperty("bar2");
    const hidden = (await actorClass().create({
      name: "Quiet",
      type: "toyFighter",
      prototypeToken: { displayBars: 0, bar1: { attribute: null } },
    })) as unknown as { prototypeToken: Obj };
    expect(hidden.prototypeToken).toEqual({ displayBars: 0, bar1: { attribute: null } });
  });
});

describe("a document of another ruleset is kept, and refused where it would be used", () => {
  async function combat(): Promise<Combat & FangsCombat> {
    const made = new FangsCombat() as unknown as Combat & FangsCombat;
    standIn.game.combats.set(made.id, made);
    return made;
  }

  it("a FANGS actor in a toy world is refused as a combatant with a notice; a toy fighter joins with the toy's state", async () => {
    const gru = await createActor();
    const tin = await toyFighter();
    const before = gru.toObject();
    playToy();
    const fight = await combat();
    const created = await fight.createEmbeddedDocuments("Combatant", [
      { actorId: gru.id },
      { actorId: tin.id },
    ]);
    expect(created.map((c) => [c.name, c.type])).toEqual([["Tin Soldier", "toyCombatant"]]);
    expect([...fight.combatants].map((c) => c.name)).toEqual(["Tin Soldier"]);
    expect(notices()).toEqual([
      'Gru the Sellsword belongs to the combat rules "FANGS Normal Combat" and cannot join a combat in this world, which plays "TOY.Ruleset".',
    ]);
    expect(gru.toObject()).toEqual(before);
  });

  it("in a FANGS world the toy fighter is the one refused, and a FANGS combatant keeps the `base` state", async () => {
    const gru = await createActor();
    const tin = await toyFighter();
    const fight = await combat();
    const created = await fight.createEmbeddedDocuments("Combatant", [
      { actorId: gru.id },
      { actorId: tin.id },
    ]);
    expect(created.map((c) => [c.name, c.type])).toEqual([["Gru the Sellsword", "base"]]);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toContain('Tin Soldier belongs to the combat rules "TOY.Ruleset"');
  });

  it("a fighter has one place in a combat: its token (or its actor, without one) a second time is refused with a notice", async () => {
    const gru = await createActor();
    const fight = await combat();
    await fight.createEmbeddedDocuments("Combatant", [{ actorId: gru.id }]);
    expect(await fight.createEmbeddedDocuments("Combatant", [{ actorId: gru.id }])).toEqual([]);
    expect(notices()).toEqual([
      "Gru the Sellsword is already in this combat: a fighter has one place in it.",
    ]);
    // Two tokens of one actor (a band of unlinked wolves) are two fighters; one token twice is not.
    await fight.createEmbeddedDocuments("Combatant", [{ actorId: gru.id, tokenId: "tokenA" }]);
    await fight.createEmbeddedDocuments("Combatant", [{ actorId: gru.id, tokenId: "tokenB" }]);
    expect(
      await fight.createEmbeddedDocuments("Combatant", [{ actorId: gru.id, tokenId: "tokenA" }]),
    ).toEqual([]);
    expect([...fight.combatants].map((c) => c.tokenId)).toEqual([null, "tokenA", "tokenB"]);
  });

  it("an item of one ruleset is not given to an actor of another", async () => {
    const gru = await createActor();
    const tin = await toyFighter();
    const gruItems = gru.items.contents.length;
    const given = await (
      gru as unknown as { createEmbeddedDocuments(n: string, d: Obj[]): Promise<unknown[]> }
    ).createEmbeddedDocuments("Item", [{ name: "Tin Blade", type: "toyBlade" }]);
    expect(given).toEqual([]);
    expect(gru.items.contents).toHaveLength(gruItems);
    expect(notices()).toEqual([
      'Tin Blade belongs to the combat rules "TOY.Ruleset" and cannot be given to Gru the Sellsword, who belongs to "FANGS Normal Combat".',
    ]);
    const blade = await (
      tin as unknown as { createEmbeddedDocuments(n: string, d: Obj[]): Promise<unknown[]> }
    ).createEmbeddedDocuments("Item", [{ name: "Tin Blade", type: "toyBlade" }]);
    expect(blade).toHaveLength(1);
  });

  it("its sheet says whose it is; a document of the world's ruleset shows no notice", async () => {
    const gru = await createActor();
    const tin = await toyFighter();
    const inserted: string[] = [];
    const element = {
      querySelector: (selector: string) =>
        selector === ".window-content"
          ? { insertAdjacentHTML: (_where: string, html: string) => inserted.push(html) }
          : null,
    };
    renderRulesetNotice({ document: gru as never }, element);
    renderRulesetNotice({ document: tin as never }, element);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]).toContain('data-ruleset="toy"');
    expect(inserted[0]).toContain("Tin Soldier belongs to the combat rules &quot;TOY.Ruleset&quot;");
    playToy();
    (Hooks as unknown as { callAll(hook: string, ...args: unknown[]): void }).callAll(
      "renderDocumentSheetV2",
      { document: gru },
      element,
    );
    expect(inserted).toHaveLength(2);
    expect(inserted[1]).toContain('data-ruleset="fangs"');
  });
});

describe("switching the world's ruleset", () => {
  it("loses no document: each is kept as stored and reads again under the other ruleset", async () => {
    const gru = await createActor({ items: [{ name: "Broadsword", type: "weapon", system: {} }] });
    const tin = await toyFighter();
    await (
      tin as unknown as { createEmbeddedDocuments(n: string, d: Obj[]): Promise<unknown[]> }
    ).createEmbeddedDocuments("Item", [{ name: "Tin Blade", type: "toyBlade", system: { damage: 3 } }]);
    const stored = [gru, tin].map((d) => d.toObject());
    for (const id of [TOY_ID, "fangs", TOY_ID]) {
      standIn.game.settings.storage.set("fangs.ruleset", id);
      // What a reload does: the documents are configured again, then built from the stored data.
      configureDocuments();
      configureTypeLabels();
      expect(activeRulesetDefinition().id).toBe(id);
      const reloaded = stored.map(
        (source) => new (CONFIG.Actor.documentClass as unknown as new (d: Obj) => AnyDocument)(source),
      );
      expect(reloaded.map((d) => d.toObject())).toEqual(stored);
      expect([...standIn.game.actors].map((a) => (a as unknown as AnyDocument).toObject())).toEqual(stored);
    }
    expect(notices()).toEqual([]);
  });
});
