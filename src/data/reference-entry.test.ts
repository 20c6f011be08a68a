import "../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "../../test/foundry/builders";
import { resetWorld } from "../../test/foundry/setup";
import { choice } from "./fields";
import { ReferenceEntryModel } from "./reference-entry";

/*
 * What every ruleset's reference entry shares (Sharene's styles, Lunos's
 * maneuvers): made on its own it is kept; given to an actor, the
 * ruleset's answer decides, and an answer of false keeps it off the
 * actor. A toy entry type stands for a ruleset's, registered on the
 * stand-in as a ruleset's definition registers its models.
 */

type Obj = Record<string, unknown>;
const TOY_TYPE = "toyEntry";
const toySchema = () => ({ rule: choice({ feint: "Feint", lunge: "Lunge" }, "feint", "Rule") });

const given: { actor: string; rule: string }[] = [];
let answer: false | undefined = false;

class ToyEntryModel extends ReferenceEntryModel<ReturnType<typeof toySchema>> {
  static override defineSchema() {
    return toySchema();
  }

  protected override async givenTo(actor: Actor.Implementation): Promise<false | undefined> {
    given.push({ actor: actor.name ?? "", rule: this.rule });
    return answer;
  }
}

type Created = { name: string; items: { size: number } };
const itemClass = () =>
  CONFIG.Item.documentClass as unknown as { create(d: Obj, o?: Obj): Promise<Created | undefined> };
const models = () => CONFIG.Item.dataModels as unknown as Record<string, unknown>;

beforeEach(() => {
  resetWorld();
  models()[TOY_TYPE] = ToyEntryModel;
  given.length = 0;
  answer = false;
});
afterEach(() => {
  delete models()[TOY_TYPE];
  vi.restoreAllMocks();
});

describe("a reference entry", () => {
  it("made on its own is kept, and no ruleset is asked", async () => {
    const entry = await itemClass().create({ name: "Lunge", type: TOY_TYPE, system: { rule: "lunge" } });
    expect(entry?.name).toBe("Lunge");
    expect(given).toEqual([]);
  });

  it("given to an actor asks the ruleset with that actor and the entry's own data; false keeps it off", async () => {
    const gru = await createActor();
    const made = await itemClass().create(
      { name: "Lunge", type: TOY_TYPE, system: { rule: "lunge" } },
      { parent: gru },
    );
    expect(made).toBeUndefined();
    expect(gru.items.size).toBe(0);
    expect(given).toEqual([{ actor: gru.name, rule: "lunge" }]);
  });

  it("given to an actor the ruleset leaves alone goes on to the item's own checks, which here keep it", async () => {
    answer = undefined;
    const gru = await createActor();
    const made = await itemClass().create({ name: "Feint", type: TOY_TYPE, system: {} }, { parent: gru });
    expect(given).toEqual([{ actor: gru.name, rule: "feint" }]);
    // No ruleset claims the toy type, so the item's check of the owner's ruleset lets it on.
    expect(made?.name).toBe("Feint");
    expect(gru.items.size).toBe(1);
  });
});
