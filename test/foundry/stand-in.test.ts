import "./setup";
import { createActor, createPack, createScene } from "./builders";
import { resetWorld, standIn } from "./setup";
import {
  BooleanField,
  DataModelValidationError,
  expandObject,
  mergeObject,
  NumberField,
  SchemaField,
  StringField,
} from "./stand-in";

/**
 * The stand-in is a test tool: these tests pin the Foundry behaviour it
 * copies, so a change to it that drifts from Foundry's documented behaviour
 * shows up here rather than as a wrong result elsewhere.
 */
describe("the Foundry stand-in", () => {
  it("NumberField casts, rounds an integer field and clamps to min/max while cleaning, as Foundry does", () => {
    const field = new NumberField({ integer: true, min: 1, max: 20, nullable: false, initial: 10 });
    expect(field.clean("7")).toBe(7);
    expect(field.clean(7.6)).toBe(8);
    expect(field.clean(0)).toBe(1);
    expect(field.clean(null)).toBe(10);
    expect(field.validate(Number.NaN)?.message).toBe("must be a number");
    expect(field.validate(25)?.message).toBe("must be at most 20");
  });

  it("StringField trims, swaps a blank for the initial value on a non-blank field, and checks choices", () => {
    const field = new StringField({ blank: false, initial: "melee", choices: { melee: "M", missile: "S" } });
    expect(field.clean("  missile ")).toBe("missile");
    expect(field.clean("")).toBe("melee");
    expect(field.validate("siege")?.message).toBe("siege is not a valid choice");
    expect(field.validate("")?.message).toBe("may not be a blank string");
  });

  it("BooleanField reads form text", () => {
    const field = new BooleanField();
    expect([field.clean("true"), field.clean("false"), field.clean(1)]).toEqual([true, false, true]);
  });

  it("a field's validate option runs after the type check and its thrown message is the failure's", () => {
    const field = new StringField({
      validate: (v: unknown) => {
        if (v === "bad") throw new Error("is bad");
        return undefined;
      },
    });
    expect(field.validate("good")).toBeUndefined();
    expect(field.validate("bad")?.message).toBe("is bad");
    expect(field.validate(3)?.message).toBe("must be a string");
  });

  it("SchemaField drops unknown keys and, for a partial change, touches only the given keys", () => {
    const schema = new SchemaField({
      a: new NumberField({ initial: 1 }),
      b: new NumberField({ initial: 2 }),
    });
    expect(schema.clean({ a: "5", stray: true })).toEqual({ a: 5, b: 2 });
    expect(schema.clean({ b: "3" }, { partial: true })).toEqual({ b: 3 });
  });

  it("a validation error lists its failures by dotted path", () => {
    const schema = new SchemaField({ inner: new SchemaField({ n: new NumberField({ min: 0 }) }) });
    const failure = schema.validate({ inner: { n: -1 } })!;
    const error = new DataModelValidationError(failure);
    expect(Object.keys(error.getAllFailures()!)).toEqual(["inner.n"]);
    expect(error.getFailure("inner.n")?.invalidValue).toBe(-1);
  });

  it("expandObject and mergeObject handle dotted keys and deletions", () => {
    expect(expandObject({ "a.b": 1, c: { "d.e": 2 } })).toEqual({ a: { b: 1 }, c: { d: { e: 2 } } });
    expect(mergeObject({ a: { b: 1, c: 2 } }, { "a.b": 3 }, { inplace: false })).toEqual({
      a: { b: 3, c: 2 },
    });
    expect(mergeObject({ a: 1, b: 2 }, { "-=a": null }, { performDeletions: true })).toEqual({ b: 2 });
  });

  it("game.i18n reads the real lang file and formats placeholders", () => {
    expect(game.i18n.localize("FANGS.Status.Stunned")).toBe("Stunned");
    expect(game.i18n.localize("FANGS.No.Such.Key")).toBe("FANGS.No.Such.Key");
    expect(game.i18n.format("FANGS.Validation.IntegerAtLeast", { min: "3" })).toBe(
      "a whole number of at least 3",
    );
  });

  it("an unlinked token's actor is the base actor with the delta over it; its writes go into the delta, never the base", async () => {
    resetWorld();
    const base = await createActor({ name: "Goblin", characteristics: { st: 8 } });
    const scene = createScene();
    const linked = scene.addToken({ actorId: base.id!, actorLink: true });
    const token = scene.addToken({ actorId: base.id!, delta: { system: { hitPoints: { value: 3 } } } });
    expect(linked.actor).toBe(base);
    const actor = token.actor!;
    expect(actor).not.toBe(base);
    expect(actor.isToken).toBe(true);
    expect(actor.toObject().system).toMatchObject({ hitPoints: { value: 3 }, characteristics: { st: 8 } });
    await actor.update({ system: { stunPoints: { value: 4 } } });
    expect(token.delta.toObject().system).toEqual({ hitPoints: { value: 3 }, stunPoints: { value: 4 } });
    expect(token.actor).toBe(actor);
    expect(actor.toObject().system).toMatchObject({ stunPoints: { value: 4 } });
    await token.delta.update({ system: { hitPoints: { value: 1 } } }, { recursive: false });
    expect(token.delta.toObject().system).toEqual({ hitPoints: { value: 1 } });
    expect(base.toObject().system).toMatchObject({ hitPoints: { value: 10 }, stunPoints: { value: 20 } });
    // An invalid change is notified and resolves to nothing, as any document update on Foundry's client.
    await expect(token.delta.update({ system: { characteristics: { st: 0 } } })).resolves.toBeUndefined();
    expect(token.delta.toObject().system).toEqual({ hitPoints: { value: 1 } });
    expect(standIn.ui.notifications.shown.at(-1)?.type).toBe("error");
  });

  it("a pack refuses writes while locked (system and module packs are locked by default) and records the rest", async () => {
    resetWorld();
    const sword = { name: "Sword", type: "weapon", system: { damage: "1d8" } };
    const world = createPack({ id: "world.gear", type: "Item", packageType: "world", documents: [sword] });
    const system = createPack({ id: "fangs.gear", type: "Item", packageType: "system", documents: [sword] });
    expect([world.locked, system.locked]).toEqual([false, true]);
    const [mine] = await world.getDocuments();
    await mine!.update({ system: { damage: "1d10" } });
    expect(world.writes).toEqual([mine!.uuid]);
    expect(mine!.uuid).toBe(`Compendium.world.gear.Item.${mine!.id}`);
    const [theirs] = await system.getDocuments();
    await expect(theirs!.update({ system: { damage: "1d10" } })).rejects.toThrow(/locked/);
    await system.configure({ locked: false });
    await theirs!.update({ system: { damage: "1d10" } });
    expect(system.writes).toHaveLength(1);
    expect(system.configured).toEqual([{ locked: false }]);
  });
});
