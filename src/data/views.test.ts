import "../../test/foundry/setup";
import { beforeEach, describe, expect, it } from "vitest";
import { createActor, createItem, weapon } from "../../test/foundry/builders";
import { resetWorld } from "../../test/foundry/setup";
import { actorView, itemView } from "./views";

/*
 * The typed views every ruleset builds its own from (Sharene's, Lunos's):
 * a document's `system` when its model is one of the types asked, else
 * null, on documents made through Foundry's create path on the stand-in.
 */

type Obj = Record<string, unknown>;
type Created = { system: unknown; items: { contents: { name: string; system: unknown }[] } };

async function created(documentName: "Actor" | "Item", data: Obj): Promise<Created> {
  const cls = CONFIG[documentName].documentClass as unknown as {
    create(data: Obj): Promise<Created | undefined>;
  };
  const document = await cls.create(data);
  if (!document) throw new Error(`the ${documentName} was not created`);
  return document;
}

beforeEach(() => resetWorld());

describe("actorView: an actor of any of a ruleset's fighter types", () => {
  const fighter = actorView<{ abilities: object }>(["lunosCharacter", "lunosCreature"]);

  it("reads a character and a creature alike as their own model", async () => {
    for (const type of ["lunosCharacter", "lunosCreature"]) {
      const actor = await created("Actor", { name: "Kell", type, system: {} });
      expect(fighter(actor as never)).toBe(actor.system);
      expect(fighter(actor as never)?.abilities).toBeTypeOf("object");
    }
  });

  it("answers null for an actor of a type it was not asked, of its ruleset or another", async () => {
    const arden = await created("Actor", { name: "Arden", type: "shareneCharacter", system: {} });
    const gru = await createActor();
    expect(fighter(arden as never)).toBeNull();
    expect(fighter(gru as never)).toBeNull();
    expect(
      actorView(["lunosCreature"])(
        (await created("Actor", { name: "Kell", type: "lunosCharacter", system: {} })) as never,
      ),
    ).toBeNull();
  });
});

describe("itemView: an item of one type", () => {
  it("reads an item of its type as its model and answers null for any other", async () => {
    const club = await created("Item", { name: "Club", type: "lunosWeapon", system: {} });
    const mail = await created("Item", { name: "Mail", type: "lunosArmor", system: {} });
    const sword = await createItem(weapon("Broadsword", { damage: "1d8+2" }));
    const lunosWeapon = itemView("lunosWeapon");
    expect(lunosWeapon(club as never)).toBe(club.system);
    expect(lunosWeapon(mail as never)).toBeNull();
    expect(lunosWeapon(sword as never)).toBeNull();
    expect(itemView("weapon")(sword as never)).toBe(sword.system);
  });
});
