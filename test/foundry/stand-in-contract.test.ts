import "./setup";
import { rulesetOwning } from "../../src/rulesets/registry";
import { createActor, createPack, createScene } from "./builders";
import { resetWorld, standIn } from "./setup";
import {
  Actor,
  ChatMessage,
  Combat,
  Combatant,
  createDialogs,
  DataModel,
  GridScene,
  makeToken,
  NumberField,
  OWNERSHIP,
  SquareGrid,
  setProperty,
  USER_ROLES,
  User,
} from "./stand-in";

/**
 * Each Foundry behaviour the system relies on, pinned on the stand-in. The
 * table in docs/development.md ("The Foundry stand-in") names each one's
 * public source and this file's test for it: a change that drifts from
 * Foundry fails here, not as a wrong result elsewhere.
 */

type Obj = Record<string, unknown>;

beforeEach(() => {
  resetWorld();
  standIn.game.combats.clear();
  standIn.viewedCombat = undefined;
});

const { gm, gm2, player, defender } = standIn.users;

/** A combat of three combatants with no actor, AG-like initiatives 16, 12, 8, set up as on creation. */
function combatOfThree(): { combat: Combat; a: Combatant; b: Combatant; c: Combatant } {
  const combat = new Combat({ _id: "combatPin0000001", round: 1, turn: 0, system: { phase: "x" } });
  const [a, b, c] = [16, 12, 8].map((ini, i) => {
    const combatant = new Combatant(`cbtPin${i}`, `C${ini}`, null);
    combatant.initiative = ini;
    return combatant;
  }) as [Combatant, Combatant, Combatant];
  for (const combatant of [a, b, c]) combat.add(combatant);
  standIn.game.combats.set(combat.id, combat);
  return { combat, a, b, c };
}

describe("writes: a server round trip, a permission check, validation on the client", () => {
  it("an update lands a macrotask later, so two read-then-write requests can both read the old value", async () => {
    const actor = await createActor();
    const hp = () => (actor.system as unknown as { hitPoints: { value: number } }).hitPoints.value;
    const start = hp();
    const write = actor.update({ "system.hitPoints.value": start - 1 } as never);
    await Promise.resolve();
    expect(hp()).toBe(start);
    // A second request made meanwhile reads the same start: one of the two changes is lost.
    await Promise.all([write, actor.update({ "system.hitPoints.value": hp() - 2 } as never)]);
    expect(hp()).toBe(start - 2);
  });

  it("an invalid change is notified as an error and the update resolves to undefined; nothing is written", async () => {
    const actor = await createActor();
    const before = actor.toObject().system;
    await expect(
      actor.update({ "system.characteristics.st.value": "many" } as never),
    ).resolves.toBeUndefined();
    expect(actor.toObject().system).toEqual(before);
    expect(standIn.ui.notifications.shown.at(-1)?.type).toBe("error");
  });

  it("a user who does not own a document is refused by the server: an error shown and the promise rejects", async () => {
    const actor = await createActor();
    standIn.as(player);
    await expect(actor.update({ name: "Mine now" })).rejects.toThrow(/lacks permission/);
    expect(standIn.ui.notifications.shown.at(-1)?.type).toBe("error");
    expect(actor.name).not.toBe("Mine now");
  });

  it('a "==system" key replaces system whole on Actor, ActorDelta and ChatMessage; a plain key merges', async () => {
    const actor = await createActor();
    const system = actor.toObject().system as Obj;
    const hitPoints = { ...(system.hitPoints as Obj), value: 1 };
    await actor.update({ "==system": { ...system, hitPoints } } as never);
    expect((actor.toObject().system as Obj).hitPoints).toEqual(hitPoints);

    const token = createScene().addToken({
      actorId: actor.id!,
      delta: { system: { hitPoints: { value: 3 } } },
    });
    await token.delta.update({ "==system": { stunPoints: { value: 2 } } });
    expect(token.delta.toObject().system).toEqual({ stunPoints: { value: 2 } });

    const message = await ChatMessage.create({ content: "x", system: { a: 1, b: { c: 2 } } });
    await message.update({ system: { b: { d: 3 } } });
    expect(message.system.toObject()).toEqual({ a: 1, b: { c: 2, d: 3 } });
    await message.update({ "==system": { b: { d: 4 } } });
    expect(message.system.toObject()).toEqual({ b: { d: 4 } });
  });

  it("a change is validated field by field; a model's joint check runs on construction, and on changes only when asked", () => {
    class Range extends DataModel {
      static override defineSchema() {
        return { min: new NumberField({ initial: 0 }), max: new NumberField({ initial: 10 }) };
      }
      static override validateJoint(data: Obj): void {
        if ((data.min as number) > (data.max as number)) throw new Error("min above max");
      }
    }
    expect(() => new Range({ min: 5, max: 1 })).toThrow(/min above max/);
    const range = new Range({ min: 1, max: 5 });
    expect(range.validate({ changes: { min: 9 } })).toBe(true);
    expect(() => range.validate({ changes: { min: 9 }, joint: true })).toThrow(/min above max/);
    expect(() => range.validate({ changes: { min: "nine" } })).toThrow();
  });

  it("setProperty refuses a path through __proto__, constructor or prototype", () => {
    const target: Obj = {};
    expect(() => setProperty(target, "__proto__.polluted", true)).toThrow(/__proto__/);
    expect(() => setProperty(target, "a.constructor.prototype.polluted", true)).toThrow();
    expect(({} as Obj).polluted).toBeUndefined();
  });
});

describe("users and clients", () => {
  it("activeGM: an active full GM before an assistant, the lowest id among equals; null with none connected", () => {
    const assistant = new User("aaAssistant00001", "assistant", USER_ROLES.ASSISTANT);
    standIn.setUsers([player, gm2, assistant, gm]);
    standIn.as(player);
    expect(standIn.game.users.activeGM).toBe(gm);
    gm.active = false;
    expect(standIn.game.users.activeGM).toBe(gm2);
    gm2.active = false;
    expect(standIn.game.users.activeGM).toBe(assistant);
    assistant.active = false;
    expect(standIn.game.users.activeGM).toBeNull();
    standIn.setUsers(Object.values(standIn.users));
  });

  it("work a client sets off and does not await goes on as that client", async () => {
    const seen: string[] = [];
    const id = standIn.Hooks.on("createChatMessage", async () => {
      const client = standIn.game.user.id;
      await new Promise((resolve) => setTimeout(resolve, 0));
      seen.push(`${client}:${standIn.game.user.id}`);
    });
    try {
      await ChatMessage.create({ content: "hello" });
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      standIn.Hooks.off("createChatMessage", id);
    }
    expect(seen.sort()).toEqual(
      standIn.game.users
        .filter((u) => u.active)
        .map((u) => `${u.id}:${u.id}`)
        .sort(),
    );
  });
});

describe("chat messages", () => {
  it("ChatMessage.create resolves without waiting for the createChatMessage handlers, which run on every client", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: string[] = [];
    const id = standIn.Hooks.on("createChatMessage", async () => {
      ran.push(standIn.game.user.id);
      await held;
    });
    try {
      const message = await ChatMessage.create({ content: "x" });
      expect(standIn.game.messages.get(message.id)).toBe(message);
      expect(ran).toHaveLength(standIn.game.users.filter((u) => u.active).length);
    } finally {
      release();
      standIn.Hooks.off("createChatMessage", id);
    }
  });

  it("only the author or a GM may update a message", async () => {
    standIn.as(player);
    const message = await ChatMessage.create({ content: "mine" });
    await message.update({ content: "still mine" });
    standIn.as(defender);
    await expect(message.update({ content: "theirs" })).rejects.toThrow(/lacks permission/);
    standIn.as(gm2);
    await expect(message.update({ content: "the GM's" })).resolves.toBe(message);
    expect(message.updates.map((u) => u.by)).toEqual([player.id, gm2.id]);
  });
});

describe("Combat and Combatant", () => {
  it("turns are not re-sorted by an update of round, turn or system; an update carrying combatants re-sorts them", async () => {
    const { combat, a, c } = combatOfThree();
    expect(combat.turns.map((t) => t.id)).toEqual([a.id, "cbtPin1", c.id]);
    // The order the system keeps in `system` changes; Foundry's turn list does not follow it by itself.
    c.initiative = 20;
    await combat.update({ turn: 1, system: { phase: "y" } });
    expect(combat.turns.map((t) => t.id)).toEqual([a.id, "cbtPin1", c.id]);
    await combat.update({ combatants: [{ _id: a.id, system: { note: 1 } }] });
    expect(combat.turns.map((t) => t.id)).toEqual([c.id, a.id, "cbtPin1"]);
    // An initiative change through the combatant re-sorts too.
    await a.update({ initiative: 30 });
    expect(combat.turns[0]).toBe(a);
  });

  it("start, next and previous turn and round fire Foundry's hooks with the update's data and options; _onUpdate and updateCombat run on every client", async () => {
    const { combat } = combatOfThree();
    combat.round = 0;
    const heard: [string, unknown[]][] = [];
    const ids = ["combatStart", "combatTurn", "combatRound", "updateCombat"].map((event) => [
      event,
      standIn.Hooks.on(event, (...args: unknown[]) => void heard.push([event, args])),
    ]) as [string, number][];
    try {
      await combat.startCombat();
      await combat.nextTurn();
      await combat.previousTurn();
      await combat.nextRound();
    } finally {
      for (const [event, id] of ids) standIn.Hooks.off(event, id);
    }
    const clients = standIn.game.users.filter((u) => u.active).length;
    const steps = heard.filter(([event]) => event !== "updateCombat");
    expect(steps.map(([event]) => event)).toEqual(["combatStart", "combatTurn", "combatTurn", "combatRound"]);
    expect(steps[0]![1]).toEqual([combat, { round: 1, turn: 0 }]);
    expect(steps[1]![1]).toEqual([combat, { round: 1, turn: 1 }, { direction: 1, advanceTime: 0 }]);
    expect(steps[2]![1]).toEqual([combat, { round: 1, turn: 0 }, { direction: -1, advanceTime: -0 }]);
    expect(steps[3]![1]).toEqual([combat, { round: 2, turn: 0 }, { direction: 1, advanceTime: 6 }]);
    expect(heard.filter(([event]) => event === "updateCombat")).toHaveLength(4 * clients);
    expect(combat.updates[3]!.options).toEqual({ direction: 1, advanceTime: 6 });
  });

  it("a player may write a Combat's round, turn and the combatants it owns; not its system, not another's combatant", async () => {
    const mine = new Actor({
      name: "Mine",
      type: "character",
      ownership: { default: OWNERSHIP.NONE, [player.id]: OWNERSHIP.OWNER },
    });
    const theirs = new Actor({ name: "Theirs", type: "character" });
    const combat = new Combat({ _id: "combatPin0000002", round: 1, turn: 0 });
    const own = new Combatant("cbtPinOwn0000001", null, mine);
    const other = new Combatant("cbtPinOther00001", null, theirs);
    combat.add(own).add(other);
    standIn.as(player);
    expect([own.isOwner, other.isOwner, combat.isOwner]).toEqual([true, false, false]);
    await own.update({ system: { note: "mine" } });
    await combat.update({ turn: 1 });
    await expect(other.update({ system: { note: "theirs" } })).rejects.toThrow(/lacks permission/);
    await expect(combat.update({ system: { phase: "melee" } })).rejects.toThrow(/lacks permission/);
    await expect(combat.update({ combatants: [{ _id: other.id, initiative: 1 }] })).rejects.toThrow(
      /lacks permission/,
    );
    expect(own.system).toEqual({ note: "mine" });
    expect(combat.turn).toBe(1);
  });

  it("a Combat's flags: a GM's update by a dotted path merges into them; a player may not write them", async () => {
    const combat = new Combat({ _id: "combatFlags00001", round: 1, turn: 0 });
    standIn.as(standIn.users.gm);
    await combat.update({ "flags.fangs.kept.a": { n: 1 } });
    await combat.update({ "flags.fangs.kept.b": { n: 2 } });
    expect(combat.flags).toEqual({ fangs: { kept: { a: { n: 1 }, b: { n: 2 } } } });
    standIn.as(player);
    await expect(combat.update({ "flags.fangs.kept.a": { n: 9 } })).rejects.toThrow(/lacks permission/);
    expect((combat.flags as { fangs: { kept: { a: unknown } } }).fangs.kept.a).toEqual({ n: 1 });
  });
});

describe("world time and effect durations", () => {
  it("removing a status or an effect runs deleteActiveEffect (effect, options, userId) on every client", async () => {
    const heard: { status: boolean; user: unknown; client: string }[] = [];
    const id = standIn.Hooks.on("deleteActiveEffect", (...args: unknown[]) => {
      const effect = args[0] as { statuses: Set<string> };
      heard.push({ status: effect.statuses.has("prone"), user: args[2], client: standIn.game.user.id });
    });
    try {
      const actor = await createActor();
      await actor.toggleStatusEffect("prone", { active: true });
      expect(heard).toEqual([]);
      await actor.toggleStatusEffect("prone", { active: false });
      const clients = standIn.game.users.filter((u) => u.active).map((u) => u.id);
      expect(heard.map((h) => h.client)).toEqual(clients);
      expect(heard.every((h) => h.status && h.user === gm.id)).toBe(true);
    } finally {
      standIn.Hooks.off("deleteActiveEffect", id);
    }
  });

  it("game.time.advance moves the world time after a round trip, then runs updateWorldTime (worldTime, dt, options, userId) on every client; a player's is refused", async () => {
    const heard: { args: unknown[]; client: string }[] = [];
    const id = standIn.Hooks.on("updateWorldTime", (...args: unknown[]) => {
      heard.push({ args, client: standIn.game.user.id });
    });
    try {
      standIn.game.time.worldTime = 100;
      const advancing = standIn.game.time.advance(60, { note: 1 });
      expect(standIn.game.time.worldTime).toBe(100);
      expect(await advancing).toBe(160);
      standIn.as(player);
      await expect(standIn.game.time.advance(60)).rejects.toThrow(/lacks permission/);
    } finally {
      standIn.Hooks.off("updateWorldTime", id);
    }
    const clients = standIn.game.users.filter((u) => u.active).map((u) => u.id);
    expect(heard.map((h) => h.client)).toEqual(clients);
    expect(heard[0]!.args).toEqual([160, 60, { note: 1 }, gm.id]);
    expect(standIn.game.time.worldTime).toBe(160);
  });

  it("a combat update's advanceTime moves the world time once updateCombat has run on every client; a step of 0 s moves nothing", async () => {
    const { combat } = combatOfThree();
    standIn.game.time.worldTime = 0;
    const order: string[] = [];
    const ids = ["updateCombat", "updateWorldTime"].map((event) =>
      standIn.Hooks.on(event, () => void order.push(`${event}@${standIn.game.time.worldTime}`)),
    );
    try {
      await combat.nextTurn();
      await combat.nextRound();
    } finally {
      standIn.Hooks.off("updateCombat", ids[0]!);
      standIn.Hooks.off("updateWorldTime", ids[1]!);
    }
    const clients = standIn.game.users.filter((u) => u.active).length;
    expect(order).toEqual([
      ...Array(clients).fill("updateCombat@0"),
      ...Array(clients).fill("updateCombat@0"),
      ...Array(clients).fill("updateWorldTime@6"),
    ]);
  });

  it("an ActiveEffect's duration and its _source hold the stored fields it was made with", async () => {
    const actor = await createActor();
    const duration = { rounds: 2, startRound: 1, startTurn: 0, combat: "c1", startTime: 50 };
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Dazed", duration } as never]);
    const [effect] = [...actor.effects];
    expect(effect!.duration).toEqual(duration);
    expect((effect as unknown as { _source: { duration: object } })._source.duration).toEqual(duration);
  });
});

describe("creating documents", () => {
  it("an item keeps its id only with keepId, refused when the actor already holds that id; without keepId a taken id is replaced", async () => {
    const actor = await createActor();
    const data = { _id: "item000000000001", name: "Knife", type: "weapon" };
    await actor.createEmbeddedDocuments("Item", [data] as never, { keepId: true } as never);
    expect(actor.items.get("item000000000001")?.name).toBe("Knife");
    await expect(
      actor.createEmbeddedDocuments(
        "Item",
        [{ ...data, name: "Second" }] as never,
        { keepId: true } as never,
      ),
    ).rejects.toThrow();
    const [made] = (await actor.createEmbeddedDocuments("Item", [
      { ...data, name: "Third" },
    ] as never)) as never as {
      id: string;
    }[];
    expect([made!.id === "item000000000001", actor.items.get("item000000000001")?.name]).toEqual([
      false,
      "Knife",
    ]);
  });

  it("Combat#createEmbeddedDocuments creates through the configured class's createDocuments, with each one's type; _preCreate returning false keeps one out", async () => {
    const actor = await createActor();
    const combat = new Combat({ _id: "combatPin0000002" });
    standIn.game.combats.set(combat.id, combat);
    const seen: string[] = [];
    class Counted extends Combatant {
      static override async createDocuments(data: Obj[] = [], operation: { parent?: Combat | null } = {}) {
        seen.push(...data.map((d) => String(d.name)));
        return super.createDocuments(data, operation);
      }
      protected override async _preCreate(data: Obj): Promise<boolean | undefined> {
        return data.name === "Kept out" ? false : undefined;
      }
    }
    const configured = (CONFIG as unknown as { Combatant: { documentClass: unknown } }).Combatant;
    const before = configured.documentClass;
    configured.documentClass = Counted;
    try {
      const made = await combat.createEmbeddedDocuments("Combatant", [
        { actorId: actor.id, name: "In", type: "someType" },
        { actorId: actor.id, name: "Kept out" },
      ]);
      expect(seen).toEqual(["In", "Kept out"]);
      expect(made.map((c) => [c.name, c.type, c instanceof Counted])).toEqual([["In", "someType", true]]);
      expect([...combat.combatants].map((c) => c.name)).toEqual(["In"]);
    } finally {
      configured.documentClass = before;
    }
  });

  it("createDialog offers the configured types, narrowed to `types`; an empty `types` is refused", async () => {
    createDialogs.length = 0;
    await Actor.createDialog({}, {}, {});
    await Actor.createDialog({}, { pack: "world.x" }, { types: ["creature"] });
    // Every configured type (a shipped ruleset's after FANGS's), FANGS's exactly.
    const configured = Object.keys(CONFIG.Actor.dataModels);
    expect(createDialogs).toEqual([
      { documentName: "Actor", types: configured, pack: null },
      { documentName: "Actor", types: ["creature"], pack: "world.x" },
    ]);
    const fangsTypes = createDialogs[0]!.types.filter((type) => rulesetOwning("Actor", type) === "fangs");
    expect(fangsTypes).toEqual(["character", "creature"]);
    await expect(Actor.createDialog({}, {}, { types: [] })).rejects.toThrow(/must not be empty/);
  });

  it("updateSource changes the source at once and prepares the document again", async () => {
    const actor = await createActor();
    const derived = () => (actor.system as unknown as { hitPoints: { max: number } }).hitPoints.max;
    const max = derived();
    actor.updateSource({ "system.characteristics.co": 20 } as never);
    expect(derived()).toBeGreaterThan(max);
  });
});

describe("Token HUD edits", () => {
  it("Actor#modifyTokenAttribute keeps a bar within 0..max; a hook returning false cancels the edit", async () => {
    const actor = await createActor();
    const base = Actor.prototype.modifyTokenAttribute;
    const hp = () => (actor.system as unknown as { hitPoints: { value: number; max: number } }).hitPoints;
    await base.call(actor, "hitPoints", -(hp().value + 5), true, true);
    expect(hp().value).toBe(0);
    await base.call(actor, "hitPoints", hp().max + 5, false, true);
    expect(hp().value).toBe(hp().max);
    const id = standIn.Hooks.on("modifyTokenAttribute", () => false);
    try {
      await base.call(actor, "hitPoints", -3, true, true);
    } finally {
      standIn.Hooks.off("modifyTokenAttribute", id);
    }
    expect(hp().value).toBe(hp().max);
  });
});

describe("scenes and their grid", () => {
  it("a square grid measures a path in spaces, a diagonal step as one (EQUIDISTANT), times its distance", () => {
    const grid = new SquareGrid(100, 1);
    const at = (i: number, j: number) => grid.getCenterPoint({ i, j });
    expect(at(0, 0)).toEqual({ x: 50, y: 50 });
    expect(grid.measurePath([at(0, 0), at(0, 1)]).distance).toBe(1);
    expect(grid.measurePath([at(0, 0), at(1, 1)]).distance).toBe(1);
    expect(grid.measurePath([at(0, 0), at(2, 5)]).distance).toBe(5);
    expect(new SquareGrid(100, 5).measurePath([at(0, 0), at(0, 3)]).distance).toBe(15);
  });

  it("a token placed on a scene stands there, among its scene's tokens; only a GM moves it", async () => {
    const scene = new GridScene("scenePin00000001", new SquareGrid(100, 1));
    const actor = await createActor();
    const token = makeToken(actor as never, "Pinned", { scene, x: 200, y: 100, disposition: -1 });
    expect(token.parent).toBe(scene);
    expect(scene.tokens).toEqual([token]);
    expect([token.x, token.y, token.width, token.height, token.disposition]).toEqual([200, 100, 1, 1, -1]);
    standIn.as(player);
    await expect(token.update({ x: 0 })).rejects.toThrow();
    standIn.as(gm);
    await token.update({ x: 300 });
    expect(token.x).toBe(300);
  });
});

describe("Compendium packs and folders", () => {
  const pack = () =>
    createPack({
      id: "fangs.pinned",
      type: "Item",
      packageType: "system",
      documents: [
        {
          _id: "pinSkill00000001",
          name: "Broadsword",
          type: "skill",
          img: "x.svg",
          system: { key: "broadsword" },
        },
      ],
    });

  it("getIndex gives _id, name, type and img, plus each asked field nested as in the source", async () => {
    const index = await pack().getIndex({ fields: ["system.key"] });
    const entry = index.get("pinSkill00000001") as Obj;
    expect(entry).toMatchObject({ _id: "pinSkill00000001", name: "Broadsword", type: "skill", img: "x.svg" });
    expect((entry.system as Obj).key).toBe("broadsword");
    const bare = (await pack().getIndex()).get("pinSkill00000001") as Obj;
    expect(bare.system).toBeUndefined();
  });

  it("fromUuid resolves a Compendium.<package>.<pack>.<Type>.<id> uuid to the pack's document", async () => {
    pack();
    const { fromUuid } = globalThis as unknown as {
      fromUuid(uuid: string): Promise<{ name: string } | null>;
    };
    expect((await fromUuid("Compendium.fangs.pinned.Item.pinSkill00000001"))?.name).toBe("Broadsword");
    expect(await fromUuid("Compendium.fangs.pinned.Item.missing")).toBeNull();
  });

  it("only a GM creates a folder", async () => {
    const { Folder } = globalThis as unknown as { Folder: { create(d: Obj): Promise<{ name: string }> } };
    standIn.as(player);
    await expect(Folder.create({ name: "Wolves", type: "Actor" })).rejects.toThrow();
    standIn.as(gm);
    expect((await Folder.create({ name: "Wolves", type: "Actor" })).name).toBe("Wolves");
  });
});

describe("Dice", () => {
  it("CONFIG.Dice.rollModes names the four roll modes ChatMessage.applyRollMode takes", () => {
    const { CONFIG } = globalThis as unknown as { CONFIG: { Dice: { rollModes: Obj } } };
    expect(Object.keys(CONFIG.Dice.rollModes).sort()).toEqual([
      "blindroll",
      "gmroll",
      "publicroll",
      "selfroll",
    ]);
  });
});
