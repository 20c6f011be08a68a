import "../foundry/setup";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * The live world's side of the batches (src/quench/live.ts, the stages'
 * set-up), on a world reduced to the calls they make. Foundry's Die maps a
 * uniform draw to a face by its own rule (DiceTerm#mapRandomFace); public
 * test code of v13 systems reads it as ceil((1 − u) × faces), counting the
 * bands from the top. Both readings are tried: a scripted face must come out
 * as scripted whichever holds. The stand-in is installed for the modules the
 * stages import; only the calls the stages make are replaced.
 */

type Obj = Record<string, unknown>;
const globals = globalThis as unknown as Record<string, unknown>;
/** Each replaced property, with its owner and its value before. */
let saved: [Obj, string, unknown][] = [];
function replace(owner: Obj, key: string, value: unknown): void {
  saved.push([owner, key, owner[key]]);
  owner[key] = value;
}

let created: { users: Obj[]; actors: Obj[] };
let mapping: (u: number, faces: number) => number;

function doc(data: Obj, id: string): Obj {
  return {
    ...data,
    id,
    uuid: `Doc.${id}`,
    items: (data.items as Obj[] | undefined) ?? [],
    toObject: () => structuredClone(data),
    delete: async () => undefined,
  };
}

beforeEach(() => {
  created = { users: [], actors: [] };
  let ids = 0;
  const nextId = () => {
    ids += 1;
    return `d${ids}`;
  };
  class Die {
    readonly faces: number;
    constructor({ faces }: { faces: number }) {
      this.faces = faces;
    }
    mapRandomFace(u: number): number {
      return mapping(u, this.faces);
    }
  }
  const documentClass = (bucket: Obj[]) => ({
    documentClass: {
      create: async (data: Obj) => {
        bucket.push(data);
        return doc(data, nextId());
      },
      createDocuments: async (list: Obj[]) => {
        bucket.push(...list);
        return list.map((data) => doc(data, nextId()));
      },
      deleteDocuments: async () => [],
    },
  });
  const config = globals.CONFIG as Obj;
  replace(config, "Dice", { ...(config.Dice as Obj), randomUniform: () => 0.999 });
  replace(config, "User", documentClass(created.users));
  replace(config, "Actor", documentClass(created.actors));
  replace(config, "ChatMessage", documentClass([]));
  replace(globals.CONST as Obj, "USER_ROLES", { PLAYER: 1 });
  const foundry = globals.foundry as Obj;
  replace(foundry, "dice", { terms: { Die } });
  replace(foundry, "utils", { ...(foundry.utils as Obj), randomID: (n = 16) => "x".repeat(n) });
  const broadsword = { _id: "sword", name: "Broadsword", type: "weapon" };
  const game = globals.game as Obj;
  replace(game, "messages", { contents: [] });
  replace(
    game,
    "packs",
    new Map([
      [
        "fangs.characters",
        {
          collection: "fangs.characters",
          getDocument: async (id: string) =>
            doc({ name: id, type: "character", items: [{ ...broadsword, id: "sword" }] }, id),
        },
      ],
    ]),
  );
});

afterEach(() => {
  for (const [owner, key, value] of saved.reverse()) owner[key] = value;
  saved = [];
});

const readings: [string, (u: number, faces: number) => number][] = [
  ["counted from the top, ceil((1 − u) × faces)", (u, faces) => Math.ceil((1 - u) * faces)],
  ["counted from the bottom, floor(u × faces) + 1", (u, faces) => Math.floor(u * faces) + 1],
];

describe("the exchange batch's scripted dice in a live world", () => {
  for (const [label, map] of readings) {
    it(`every scripted face comes out of Foundry's Die as scripted, the Die's bands ${label}`, async () => {
      mapping = map;
      const { liveExchangeStage } = await import("../../src/rulesets/fangs/quench/exchange-batch");
      const stage = liveExchangeStage();
      await stage.setUp();
      const rolls: [number, number][] = [
        [20, 15],
        [20, 2],
        [8, 6],
        [20, 1],
        [20, 20],
        [6, 3],
      ];
      stage.scriptDice(rolls);
      const dice = (globals.CONFIG as { Dice: { randomUniform: () => number } }).Dice;
      const Die = (globals.foundry as { dice: { terms: { Die: new (d: { faces: number }) => Obj } } }).dice
        .terms.Die;
      const rolled = rolls.map(([faces]) =>
        (new Die({ faces }) as unknown as { mapRandomFace(u: number): number }).mapRandomFace(
          dice.randomUniform(),
        ),
      );
      expect(rolled).toEqual(rolls.map(([, face]) => face));
      expect(stage.diceLeft()).toBe(0);
      await stage.tearDown();
      // Torn down, the world's own generator answers again.
      expect(dice.randomUniform()).toBe(0.999);
    });
  }
});

describe("the batches' player accounts", () => {
  it("are made with a password nobody knows, so no one can join the world as them", async () => {
    mapping = readings[0]![1];
    const { liveUser } = await import("../../src/quench/live");
    await liveUser("FANGS Quench test player", []);
    expect(created.users).toHaveLength(1);
    expect(created.users[0]).toMatchObject({ role: 1 });
    expect(typeof created.users[0]!.password).toBe("string");
    expect((created.users[0]!.password as string).length).toBeGreaterThanOrEqual(16);
  });
});
