import "../../test/foundry/setup";
import { createActor } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import type { DataField, SchemaField } from "../../test/foundry/stand-in";
import { EN_LANG, expectSvgGlyph } from "../../test/support/system-files";
import { FangsActor } from "../documents/actor";
import { FangsItem } from "../documents/item";
import { FANGS_TRACKABLE } from "../rulesets/fangs";
import { RulesOptionsModel } from "../rulesets/fangs/config/settings";
import { ACTOR_DATA_MODELS, ITEM_DATA_MODELS } from "../rulesets/fangs/data/views";
import { listRulesetDefinitions, rulesetOwning, rulesetTypes } from "../rulesets/registry";
import { SETTINGS } from "./settings";
import { STATUS_IDS } from "./statuses";
import { SYSTEM_ID } from "./system";

const lang = EN_LANG;

/** The types of a list that FANGS owns, in the list's order (another shipped ruleset's are checked apart). */
function fangsOwn(documentName: "Actor" | "Item", types: readonly string[]): string[] {
  return types.filter((type) => rulesetOwning(documentName, type) === "fangs");
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
      "immobilized",
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

describe("labels", () => {
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
    // FANGS's exactly, in order; another shipped ruleset's types after them, each owned by it.
    for (const documentName of ["Actor", "Item"] as const) {
      const keys = Object.keys(CONFIG[documentName].dataModels);
      expect(keys).toEqual(listRulesetDefinitions().flatMap((d) => rulesetTypes(d, documentName)));
    }
    expect(fangsOwn("Actor", Object.keys(CONFIG.Actor.dataModels))).toEqual(["character", "creature"]);
    expect(fangsOwn("Item", Object.keys(CONFIG.Item.dataModels))).toEqual([
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
    const trackable = CONFIG.Actor.trackableAttributes as Record<string, unknown>;
    expect(
      Object.fromEntries(fangsOwn("Actor", Object.keys(trackable)).map((type) => [type, trackable[type]])),
    ).toEqual({
      character: { bar: ["stunPoints", "hitPoints"], value: [] },
      creature: { bar: ["stunPoints", "hitPoints"], value: [] },
    });
    // Another ruleset's bars are its actor types' own, and only an actor type has any.
    for (const definition of listRulesetDefinitions())
      for (const [type, entry] of Object.entries(definition.documents.Actor))
        if (entry.trackable) expect(trackable[type], type).toEqual(entry.trackable);
    for (const type of Object.keys(trackable)) expect(rulesetOwning("Actor", type), type).toBeDefined();
    const actor = await createActor();
    for (const bar of FANGS_TRACKABLE.bar) {
      const pool = (actor.system as unknown as Record<string, { value: unknown; max: unknown }>)[bar]!;
      expect(typeof pool.value).toBe("number");
      expect(typeof pool.max).toBe("number");
    }
  });
});

describe("world settings", () => {
  it("registers the system's own world settings with their defaults, and every ruleset's", () => {
    for (const key of [...Object.values(SETTINGS), "ruleset"]) {
      expect(standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`), key).toMatchObject({
        scope: "world",
      });
    }
    expect(standIn.game.settings.get(SYSTEM_ID, SETTINGS.schemaVersion)).toBe(0);
    // FANGS's, through its definition's options (src/rulesets/fangs/config/settings.test.ts).
    expect(standIn.game.settings.settings.has(`${SYSTEM_ID}.rules`)).toBe(true);
  });
});
