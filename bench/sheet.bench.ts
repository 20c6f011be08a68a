import { bench, describe } from "vitest";
import type { ActorData, ItemData } from "../src/rulesets/fangs/apps/sheets/context-types";
import { loadPacks, type SourceDocument } from "../test/build/pack-sources";
import { prepareActor } from "../test/handlebars/fixtures/prepare";
import { createTemplateRenderer, renderActorSheet } from "../test/handlebars/render";

/*
 * One full render of an actor sheet: the sheet's context
 * (actorSheetContext) and every part of ACTOR_PARTS (header, tabs and each
 * tab's template with its partials) through the real Handlebars and the
 * Foundry helper stand-ins, compiled once beforehand. The actors are the
 * samples of packs/characters and packs/creatures, prepared with the rules
 * core as their data models would. Target: under 2 ms per sheet.
 */

const renderer = createTemplateRenderer();
const packs = loadPacks();

function item(doc: SourceDocument): ItemData {
  return {
    id: doc._id,
    name: doc.name,
    img: doc.img,
    type: doc.type,
    sort: doc.sort,
    system: doc.system,
  } as unknown as ItemData;
}

function actor(pack: string, file: string): ActorData {
  const doc = packs.find((p) => p.pack.name === pack)?.documents.get(file);
  if (!doc) throw new Error(`no ${pack}/${file}`);
  return prepareActor({
    id: doc._id,
    name: doc.name,
    img: doc.img,
    type: doc.type as ActorData["type"],
    system: doc.system as unknown as ActorData["system"],
    items: (doc.items ?? []).map(item),
  });
}

const SAMPLES: readonly [string, ActorData][] = [
  ["Gru (character, packs/characters/gru.json)", actor("characters", "gru.json")],
  ["Dagmar the Deadly (character, two blades)", actor("characters", "dagmar-the-deadly.json")],
  ["Troll (creature, packs/creatures/troll.json)", actor("creatures", "troll.json")],
];

describe("actor sheet, context + every part's template, one render", () => {
  for (const [label, data] of SAMPLES) {
    renderActorSheet(data, {}, renderer); // compile the templates and partials before timing
    bench(
      label,
      () => {
        renderActorSheet(data, {}, renderer);
      },
      { time: 2000 },
    );
  }
});
