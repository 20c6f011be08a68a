import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ExchangeModules, loadExchange } from "../foundry/chat-fixtures";
import { setOwners, world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { toyAttackLog } from "./toy-attack";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * Starting an attack is the world's ruleset's (`cards.attack`): the
 * unchanged shared entries (the hotbar's drop and its macro, which calls
 * `game.system.api.exchange.attackWithItem`, and `startAttack`) hand it to
 * the toy in a toy world, which posts its own volley card against every
 * targeted token; an actor of another ruleset is refused before any
 * ruleset sees it, and a ruleset that names no attack says so.
 */

type Loose = Record<string, unknown>;
type Doc = {
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: { toObject(): Loose };
  items: { contents: Doc[]; get(id: string): Doc | undefined };
};
type Api = {
  startAttack(actor: Doc, itemId: string, options?: Loose): Promise<boolean>;
  attackWithItem(itemUuid: string, options?: Loose): Promise<boolean>;
};

let modules: ExchangeModules;
let api: Api;
let register: typeof import("../../src/rulesets/registry").registerRulesetDefinition;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  register = (await import("../../src/rulesets/registry")).registerRulesetDefinition;
  register(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
  modules = await loadExchange();
  api = (game.system as unknown as { api: { exchange: Api } }).api.exchange;
});

let tin: Doc;
let lead: Doc;
let zinc: Doc;
beforeEach(async () => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  toyAttackLog.starts.length = 0;
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  world.as(world.gm);
  tin = await cls.create({
    name: "Tin",
    type: "toyFighter",
    items: [{ name: "Pin", type: "toyBlade", system: { damage: 2 } }],
  });
  lead = await cls.create({ name: "Lead", type: "toyFighter", system: { hp: { value: 9, max: 9 } } });
  zinc = await cls.create({ name: "Zinc", type: "toyFighter", system: { hp: { value: 6, max: 6 } } });
  setOwners(tin, world.player.id);
  setOwners(lead, world.defender.id);
  setOwners(zinc, world.defender.id);
});
afterEach(() => {
  standIn.game.settings.storage.delete("fangs.ruleset");
  register(toyDefinition);
});

const blade = (actor: Doc) => actor.items.contents.find((i) => i.type === "toyBlade")!;
const messages = () => [...(game.messages as unknown as Iterable<Doc>)];
function targetActors(...actors: Doc[]): void {
  world.player.targets.clear();
  for (const actor of actors) world.player.targets.add({ actor, document: null, name: actor.name } as never);
}

/** Runs a hotbar macro's script as Foundry does: an async function of `event`. */
async function runMacro(command: string): Promise<void> {
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (event: unknown) => Promise<void>;
  await new AsyncFunction("event", command)(null);
}

describe("an attack started by the world's ruleset", () => {
  it("a toy blade dropped on the hotbar makes a macro whose run posts the toy's volley at both targets", async () => {
    world.as(world.player);
    const pin = blade(tin);
    expect(modules.hotbar.onHotbarDrop(null, { type: "Item", uuid: pin.uuid }, 1)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const macro = [...(game.macros as unknown as Iterable<{ command: string }>)].at(-1);
    expect(macro?.command).toContain("attackWithItem");
    targetActors(lead, zinc);
    world.dice.push(7);
    await runMacro(macro!.command);
    expect(toyAttackLog.starts).toEqual([{ actor: tin.uuid, item: pin.id, options: { event: null } }]);
    const card = messages().at(-1)!;
    expect(card.type).toBe("toyVolley");
    expect(card.system.toObject()).toMatchObject({
      roll: 7,
      damage: 2,
      targets: [
        { actorId: lead.uuid, answer: null, outcome: null },
        { actorId: zinc.uuid, answer: null, outcome: null },
      ],
    });
    // Its steps are the toy's card flow's: each defender answers on their own.
    world.as(world.defender);
    const answered = await modules.authority.requestStep(
      card.id,
      { type: "answer", data: { target: 1, choice: "take" } } as never,
      0,
    );
    expect(answered).toEqual({ ok: true, stage: "open" });
    expect((zinc.system.toObject().hp as { value: number }).value).toBe(4);
  });

  it("game.system.api.exchange.startAttack reaches the toy too; its own refusal is its own", async () => {
    world.as(world.player);
    targetActors();
    expect(await api.startAttack(tin, blade(tin).id)).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Chat.Target.None"));
    targetActors(lead);
    world.dice.push(12);
    expect(await api.startAttack(tin, blade(tin).id)).toBe(true);
    expect(messages().at(-1)?.type).toBe("toyVolley");
    expect(toyAttackLog.starts).toHaveLength(2);
  });

  it("a FANGS actor is refused in a toy world before the toy sees it; a FANGS weapon makes no attack macro", async () => {
    const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
    world.as(world.gm);
    const gru = await cls.create({
      name: "Gru",
      type: "character",
      items: [{ name: "Broadsword", type: "weapon" }],
    });
    const sword = gru.items.contents[0]!;
    targetActors(lead);
    expect(await api.attackWithItem(sword.uuid)).toBe(false);
    expect(world.notices.at(-1)).toContain("Gru");
    expect(world.notices.at(-1)).toContain("cannot take part in an attack");
    expect(toyAttackLog.starts).toEqual([]);
    expect(messages()).toEqual([]);
    expect(modules.hotbar.onHotbarDrop(null, { type: "Item", uuid: sword.uuid }, 1)).toBeUndefined();
  });

  it("a ruleset without an attack says so, naming itself, and posts nothing", async () => {
    const { attack: _none, ...cards } = toyDefinition.cards!;
    register({ ...toyDefinition, cards });
    world.as(world.player);
    targetActors(lead);
    expect(await api.startAttack(tin, blade(tin).id)).toBe(false);
    expect(world.notices.at(-1)).toBe(
      game.i18n!.format("FANGS.Ruleset.Refusal.NoAttack", { ruleset: game.i18n!.localize("TOY.Ruleset") }),
    );
    expect(messages()).toEqual([]);
    expect(modules.hotbar.onHotbarDrop(null, { type: "Item", uuid: blade(tin).uuid }, 1)).toBeUndefined();
  });

  it("the Token HUD offers the toy's blades in a toy world, FANGS's weapons in a FANGS one", async () => {
    const { readyAttackItems } = await import("../../src/apps/attack/attack-entry");
    expect(readyAttackItems(tin as never).map((i) => i.name)).toEqual(["Pin"]);
    standIn.game.settings.storage.delete("fangs.ruleset");
    expect(readyAttackItems(tin as never)).toEqual([]);
    // In a FANGS world the toy's actor is refused as any actor of another ruleset is.
    world.as(world.player);
    targetActors(lead);
    expect(await api.startAttack(tin, blade(tin).id)).toBe(false);
    expect(toyAttackLog.starts).toEqual([]);
  });
});
