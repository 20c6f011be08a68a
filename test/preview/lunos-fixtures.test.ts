import "../foundry/setup";
import { beforeAll, describe, expect, it } from "vitest";
import { applyTimedStatus } from "../../src/effects/timed-status-writes";
import { type LunosActorData, lunosActorData } from "../../src/rulesets/lunos/apps/sheets/sheet-data";
import { loadPacks, type SourceDocument } from "../build/pack-sources";
import { resetWorld } from "../foundry/setup";
import { actorData, SEATS, type Seat } from "./fixtures/lunos";

/**
 * Lunos's preview pages read plain data, where the sheets read Foundry
 * documents: the fixture's readings must be the sheets'. Each sample of
 * the pages is made on the Foundry stand-in from the same pack source,
 * levels and statuses, and what the sheet reads of it (the data models'
 * derived health, its items, its conditions) is compared with what the
 * pages show.
 */

type Loose = Record<string, unknown>;
const packs = loadPacks();
const docs = (name: string) => packs.find((p) => p.pack.name === name)?.documents ?? new Map();

/** Every sample as the packs hold it, then the pages' fighters in their states. */
const CASES: [string, SourceDocument, Seat["patch"]][] = [
  ...["lunos-characters", "lunos-creatures"].flatMap((pack) =>
    [...docs(pack)].map(([file, doc]) => [file, doc, {}] as [string, SourceDocument, Seat["patch"]]),
  ),
  ...SEATS.map(
    (seat) =>
      [seat.id, docs(seat.pack).get(seat.file)!, seat.patch] as [string, SourceDocument, Seat["patch"]],
  ),
];

const made = new Map<string, LunosActorData>();

beforeAll(async () => {
  resetWorld();
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: Loose): Promise<Actor.Implementation> };
  for (const [id, doc, patch] of CASES) {
    const system = structuredClone(doc.system) as Loose & { health: Record<string, { value: number }> };
    for (const [kind, value] of Object.entries(patch.health ?? {})) system.health[kind] = { value: value! };
    const actor = await cls.create({
      name: doc.name,
      type: doc.type,
      img: doc.img,
      system,
      items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, img: i.img, system: i.system })),
    });
    for (const condition of patch.conditions ?? []) {
      if (condition.timed)
        await applyTimedStatus(actor, condition.timed.id, {
          length: { clock: "seconds", amount: condition.timed.left * 6 },
        });
      else await actor.toggleStatusEffect(condition.status, { active: true });
    }
    made.set(id, lunosActorData(actor)!);
  }
});

/** What a page shows of a fighter, without the ids a world gives its documents. */
function shown(data: LunosActorData) {
  return {
    name: data.name,
    type: data.type,
    img: data.img,
    system: JSON.parse(JSON.stringify({ ...data.system, _source: undefined })),
    items: data.items.map((i) => ({
      name: i.name,
      type: i.type,
      img: i.img,
      system: { ...JSON.parse(JSON.stringify(i.system)), _source: undefined },
    })),
    // Out of combat the stand-in's clocks count seconds; the pages show a fight's rounds.
    conditions: data.conditions.map((c) => ({ ...c, left: c.left !== null })),
  };
}

describe("Lunos's preview fixture reads as the sheets do", () => {
  it.each(CASES.map(([id, doc, patch]) => [id, doc, patch] as const))(
    "%s: the prepared data and conditions are the data models' and the sheet reading's",
    (id, doc, patch) => {
      expect(shown(actorData(doc, patch))).toEqual(shown(made.get(id)!));
    },
  );

  it("the pages' fighters show a wound penalty, the pain putting one out, every level used and a choke", () => {
    const byId = Object.fromEntries(SEATS.map((s) => [s.id, actorData(docs(s.pack).get(s.file)!, s.patch)]));
    expect(byId["kell--wounded"]!.system).toMatchObject({ woundPenalty: 2, overcome: false });
    expect(byId["tass--unconscious"]!.system.overcome).toBe(true);
    expect(byId["oren--dying"]!.system).toMatchObject({ allLevelsUsed: true, levels: { value: 0 } });
    expect(byId["oren--dying"]!.conditions[0]).toMatchObject({ id: "dying", left: "48 rounds left" });
    expect(byId["mara--choked"]!.conditions.map((c) => c.name)).toEqual(["Choked out", "Grappled", "Pinned"]);
  });
});
