import "../../test/foundry/setup";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createActor, createScene } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import type { DataField, SchemaField } from "../../test/foundry/stand-in";
import { FangsActor } from "../documents/actor";
import { FangsItem } from "../documents/item";
import { MANEUVER_IDS } from "../rules/fangs/types";
import { FANGS_TRACKABLE } from "../rulesets/fangs";
import type { CharacterModel } from "../rulesets/fangs/data/actor-character";
import { ACTOR_DATA_MODELS, ITEM_DATA_MODELS } from "../rulesets/fangs/data/views";
import { initiativeMode, maneuverReading, RulesOptionsModel, rulesOptions, SETTINGS } from "./settings";
import { STATUS_IDS } from "./statuses";
import { FANGS, SYSTEM_ID, SYSTEM_PATH } from "./system";

const root = fileURLToPath(new URL("../..", import.meta.url));
const lang = JSON.parse(readFileSync(`${root}lang/en.json`, "utf8")) as Record<string, string>;

/** Where a `systems/fangs/...` path of the running game lives in this repository. */
function onDisk(systemPath: string): string {
  expect(systemPath.startsWith(`${SYSTEM_PATH}/`)).toBe(true);
  return `${root}${systemPath.slice(SYSTEM_PATH.length + 1)}`;
}

function expectSvgGlyph(systemPath: string): void {
  const file = onDisk(systemPath);
  expect(existsSync(file), file).toBe(true);
  const svg = readFileSync(file, "utf8");
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
  expect(svg).toMatch(/<title>[^<]+<\/title>/);
  expect(svg.trim().endsWith("</svg>")).toBe(true);
}

beforeEach(resetWorld);
afterEach(() => {
  vi.restoreAllMocks();
});

describe("statuses", () => {
  it("CONFIG.statusEffects lists the FANGS conditions first, in order, then core's others", () => {
    expect(CONFIG.statusEffects.map((s) => s.id).slice(0, STATUS_IDS.length)).toEqual([...STATUS_IDS]);
    const ids = CONFIG.statusEffects.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(STATUS_IDS).toEqual([
      "stunned",
      "unconscious",
      "dying",
      "dead",
      "comatose",
      "impaled",
      "grappled",
      "prone",
      "holding",
      "engaged",
    ]);
  });

  it("keeps every core status CONFIG.specialStatusEffects points at (invisible, blind); a same-id core status is FANGS's", () => {
    const special = (CONFIG as unknown as { specialStatusEffects: Record<string, string> })
      .specialStatusEffects;
    for (const id of Object.values(special))
      expect(
        CONFIG.statusEffects.some((s) => s.id === id),
        id,
      ).toBe(true);
    expect(CONFIG.statusEffects.find((s) => s.id === "dead")?.name).toBe("FANGS.Status.Dead");
  });

  it("keeps Foundry's id for dead, so the tracker's defeated toggle sets it", () => {
    const special = (CONFIG as unknown as { specialStatusEffects: { DEFEATED: string } })
      .specialStatusEffects;
    expect(CONFIG.statusEffects.some((s) => s.id === special.DEFEATED)).toBe(true);
  });

  it.each(STATUS_IDS)("%s has a name in lang/en.json and an SVG icon that exists", (id) => {
    const status = CONFIG.statusEffects.find((s) => s.id === id)!;
    expect(lang[status.name as string], status.name as string).toBeTruthy();
    expectSvgGlyph(status.img as string);
  });
});

describe("maneuver registry", () => {
  it.each(MANEUVER_IDS)("%s has a name in lang/en.json and an icon that exists", (id) => {
    const maneuver = FANGS.maneuvers[id];
    expect(maneuver.id).toBe(id);
    expect(lang[maneuver.label], maneuver.label).toBeTruthy();
    expectSvgGlyph(maneuver.icon);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(FANGS)).toBe(true);
    expect(Object.isFrozen(FANGS.maneuvers.attack)).toBe(true);
  });
});

describe("labels", () => {
  it("every label of the frozen configuration is in lang/en.json", () => {
    const groups = [
      FANGS.actorTypes,
      FANGS.itemTypes,
      FANGS.weaponHands,
      FANGS.weaponKinds,
      FANGS.skillCategories,
      FANGS.advantages,
    ];
    const missing = groups.flatMap((g) => Object.values(g)).filter((key) => !(key in lang));
    expect(missing).toEqual([]);
  });

  function fieldsOf(schema: SchemaField): DataField[] {
    return Object.values(schema.fields).flatMap((f) =>
      "fields" in f ? [f, ...fieldsOf(f as SchemaField)] : [f],
    );
  }

  it("every field of every model has a label in lang/en.json (refusal notices name fields with it)", () => {
    const models = [
      ...Object.values(ACTOR_DATA_MODELS),
      ...Object.values(ITEM_DATA_MODELS),
      RulesOptionsModel,
    ];
    const missing: string[] = [];
    for (const model of models) {
      const schema = (model as unknown as { schema: SchemaField }).schema;
      for (const field of fieldsOf(schema)) {
        if (field.parent === schema && "fields" in field) continue;
        if (!field.label || !(field.label in lang))
          missing.push(`${model.name}.${field.fieldPath}: ${field.label}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("document configuration", () => {
  it("registers the document classes, the data models of every type and their labels", () => {
    expect(CONFIG.Actor.documentClass).toBe(FangsActor);
    expect(CONFIG.Item.documentClass).toBe(FangsItem);
    expect(Object.keys(CONFIG.Actor.dataModels)).toEqual(["character", "creature"]);
    expect(Object.keys(CONFIG.Item.dataModels)).toEqual([
      "weapon",
      "shield",
      "armor",
      "skill",
      "advantage",
      "maneuver",
    ]);
    expect(CONFIG.Actor.typeLabels).toMatchObject({ character: "FANGS.Actor.Type.Character" });
    expect(CONFIG.Item.typeLabels).toMatchObject({ maneuver: "FANGS.Item.Type.Maneuver" });
  });

  it("offers Stun and HP as token bars, and both have a value and a derived max", async () => {
    expect(CONFIG.Actor.trackableAttributes).toEqual({
      character: { bar: ["stunPoints", "hitPoints"], value: [] },
      creature: { bar: ["stunPoints", "hitPoints"], value: [] },
    });
    const actor = await createActor();
    for (const bar of FANGS_TRACKABLE.bar) {
      const pool = (actor.system as unknown as Record<string, { value: unknown; max: unknown }>)[bar]!;
      expect(typeof pool.value).toBe("number");
      expect(typeof pool.max).toBe("number");
    }
  });
});

describe("world settings", () => {
  it("registers the world settings with their defaults", () => {
    for (const key of Object.values(SETTINGS)) {
      expect(standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`)).toMatchObject({ scope: "world" });
    }
    expect(initiativeMode()).toBe("ag");
    expect(maneuverReading()).toBe("prose");
    expect(standIn.game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion)).toBe(0);
  });

  it("the initiative mode and maneuver reading are set in one place, the rules options menu", () => {
    for (const key of [SETTINGS.initiativeMode, SETTINGS.maneuverReading]) {
      expect(standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`)?.config, key).toBe(false);
    }
  });

  it("NC-RND-8: the initiative mode offers AG order, or d20 + AG each round or once per combat", async () => {
    const config = standIn.game.settings.settings.get(`${SYSTEM_ID}.${SETTINGS.initiativeMode}`)!;
    expect(Object.keys(config.choices!)).toEqual(["ag", "rollEachRound", "rollOnce"]);
    for (const label of Object.values(config.choices!)) expect(lang[label]).toBeTruthy();
    await standIn.game.settings.set(SYSTEM_ID, SETTINGS.initiativeMode, "rollOnce");
    expect(initiativeMode()).toBe("rollOnce");
    await expect(standIn.game.settings.set(SYSTEM_ID, SETTINGS.initiativeMode, "whenever")).rejects.toThrow();
  });

  it("the rules figures default to the core's, and a change re-derives every actor", async () => {
    const actor = await createActor({ characteristics: { st: 14, ag: 12, sz: 11 } });
    expect((actor.system as CharacterModel).attributes.movement).toBe(15);
    expect(rulesOptions()).toMatchObject({ movementFormula: "ST+AG-SZ", damageModifierThreshold: 20 });
    await standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { movementFormula: "(ST+AG)/2" });
    expect((actor.system as CharacterModel).attributes.movement).toBe(13);
    expect(rulesOptions()).toMatchObject({ movementFormula: "(ST+AG)/2", hitPointsFormula: "(CO+SZ)/2" });
  });

  it("a rules change re-derives the synthetic actors of unlinked tokens too, each actor once, and redraws the tracker", async () => {
    const gru = await createActor({ characteristics: { st: 14, ag: 12, sz: 11 } });
    const goblin = await createActor({ name: "Goblin", characteristics: { st: 8, ag: 14, sz: 6 } });
    const mill = createScene("The Old Mill");
    const ford = createScene("The Ford");
    mill.addToken({ actorId: gru.id!, actorLink: true });
    const strong = mill.addToken({ actorId: goblin.id!, delta: { system: { characteristics: { st: 16 } } } });
    const plain = ford.addToken({ actorId: goblin.id! });
    const strongActor = strong.actor as unknown as FangsActor;
    const plainActor = plain.actor as unknown as FangsActor;
    expect(strongActor).not.toBe(goblin);
    const movement = (actor: FangsActor) => (actor.system as CharacterModel).attributes.movement;
    expect([movement(gru), movement(goblin), movement(strongActor), movement(plainActor)]).toEqual([
      15, 16, 24, 16,
    ]);
    const resets = vi.spyOn(FangsActor.prototype, "reset");
    const renders = vi.spyOn(FangsActor.prototype, "render");
    const tracker = vi.spyOn(standIn.ui.combat, "render");

    await standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { movementFormula: "(ST+AG)/2" });

    expect([movement(gru), movement(goblin), movement(strongActor), movement(plainActor)]).toEqual([
      13, 11, 15, 11,
    ]);
    const once = [gru, goblin, strongActor, plainActor];
    expect(resets.mock.contexts).toHaveLength(once.length);
    expect(new Set(resets.mock.contexts)).toEqual(new Set(once));
    expect(new Set(renders.mock.contexts)).toEqual(new Set(once));
    expect(renders.mock.calls).toHaveLength(once.length);
    expect(tracker).toHaveBeenCalledTimes(1);
  });

  it("refuses a rules figure the core would refuse, and keeps the one in use", async () => {
    await expect(
      standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { movementFormula: "ST+AG-" }),
    ).rejects.toThrow(/movementFormula/);
    await expect(
      standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { damageModifierStep: 0 }),
    ).rejects.toThrow(/damageModifierStep/);
    expect(rulesOptions()).toMatchObject({ movementFormula: "ST+AG-SZ", damageModifierStep: 5 });
  });
});
