import { readFileSync } from "node:fs";
import {
  type ChatMessage,
  setOwners,
  type TestCombat,
  type TestUser,
  type TokenDocument,
  world,
} from "./chat-stand-in";

/**
 * Builders for the exchange card's Foundry tests: the sample characters of
 * the packs as world actors (prepared by the system's real data models),
 * tokens to target, an attack started the way a player starts it, and a
 * request sent as one user or another. The system modules are loaded only
 * after the stand-in is installed (`loadExchange`).
 */

export type AnyActor = Actor.Implementation;

export interface ExchangeModules {
  readonly authority: typeof import("../../src/chat/authority");
  readonly start: typeof import("../../src/rulesets/fangs/apps/attack/start-attack");
  readonly model: typeof import("../../src/rulesets/fangs/data/exchange-card");
  readonly render: typeof import("../../src/rulesets/fangs/chat/exchange-render");
  /** The one `renderChatMessageHTML` hook that draws every ruleset's cards, the exchange card among them. */
  readonly card: typeof import("../../src/chat/card-render");
  /** The one `hotbarDrop` hook: the world's ruleset's own drops, then its attack items. */
  readonly hotbar: typeof import("../../src/chat/hotbar-drop");
}

let modules: ExchangeModules | null = null;

/** Loads the exchange modules (once) and registers them as `init` does. */
export async function loadExchange(): Promise<ExchangeModules> {
  if (modules) return modules;
  const index = await import("../../src/chat/index");
  index.registerExchange();
  modules = {
    authority: await import("../../src/chat/authority"),
    start: await import("../../src/rulesets/fangs/apps/attack/start-attack"),
    model: await import("../../src/rulesets/fangs/data/exchange-card"),
    render: await import("../../src/rulesets/fangs/chat/exchange-render"),
    card: await import("../../src/chat/card-render"),
    hotbar: await import("../../src/chat/hotbar-drop"),
  };
  return modules;
}

function fixture(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../packs/${path}`, import.meta.url), "utf8"));
}

/** A pack's sample actor as a world actor, owned by these users (and the GMs). */
export async function makeActor(path: string, ...ownerIds: string[]): Promise<AnyActor> {
  const data = fixture(path);
  for (const key of ["_key", "folder", "ownership", "prototypeToken", "effects"]) delete data[key];
  const items = (data.items as Record<string, unknown>[]).map((item) => {
    const { _key, ...rest } = item;
    return _key === undefined ? item : rest;
  });
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<AnyActor> };
  world.as(world.gm);
  const actor = await cls.create({ ...data, items });
  setOwners(actor, ...ownerIds);
  return actor;
}

export function itemId(actor: AnyActor, name: string): string {
  const item = actor.items.find((i) => i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no ${name}`);
  return item.id;
}

export interface Table {
  readonly gru: AnyActor;
  readonly jenny: AnyActor;
  readonly gruToken: TokenDocument;
  readonly jennyToken: TokenDocument;
  /** Gru's Broadsword. */
  readonly sword: string;
}

/** Gru (the player's) and Pirate Jenny (the defender's), with their tokens; a fresh world. */
export async function table(): Promise<Table> {
  world.reset();
  const gru = await makeActor("characters/gru.json", world.player.id);
  const jenny = await makeActor("characters/pirate-jenny.json", world.defender.id);
  return {
    gru,
    jenny,
    gruToken: world.token(gru as never, "Gru"),
    jennyToken: world.token(jenny as never, "Pirate Jenny"),
    sword: itemId(gru, "Broadsword"),
  };
}

export function target(user: TestUser, ...tokens: TokenDocument[]): void {
  user.targets.clear();
  for (const token of tokens) user.targets.add({ document: token, actor: token.actor, name: token.name });
}

/** A click with Shift held: the modifier dialog is skipped. */
export const SHIFT = { shiftKey: true } as unknown as Event;

export function lastMessage(): ChatMessage {
  const message = [...(game.messages as unknown as Iterable<ChatMessage>)].at(-1);
  if (!message) throw new Error("no message was posted");
  return message;
}

/** `attacker` attacks the token with a weapon as `user`, the dialog skipped; the attack's dice are scripted. */
export async function attackWith(
  user: TestUser,
  attacker: AnyActor,
  weaponName: string,
  token: TokenDocument,
  dice: number[],
): Promise<ChatMessage> {
  const { start } = await loadExchange();
  world.as(user);
  target(user, token);
  world.dice.push(...dice);
  const posted = await start.startAttack(attacker, itemId(attacker, weaponName), { event: SHIFT });
  if (!posted) throw new Error(`the attack was not posted: ${world.notices.at(-1) ?? "no notice"}`);
  return lastMessage();
}

export function stateOf(message: ChatMessage) {
  if (!modules) throw new Error("loadExchange() first");
  const state = modules.model.exchangeOf(message as never);
  if (!state) throw new Error("not an exchange card");
  return state;
}

type Intent = Parameters<ExchangeModules["authority"]["requestStep"]>[1];

/** Clicks a button of the card as `user` (on the revision the card shows now). */
export async function ask(user: TestUser, message: ChatMessage, intent: Intent) {
  const { authority } = await loadExchange();
  world.as(user);
  return authority.requestStep(message.id, intent, stateOf(message).revision);
}

export function pools(actor: AnyActor) {
  const s = actor.system as unknown as { stunPoints: { value: number }; hitPoints: { value: number } };
  return { stun: s.stunPoints.value, hp: s.hitPoints.value };
}

export function itemSp(actor: AnyActor, name: string): number {
  const item = actor.items.get(itemId(actor, name));
  return (item!.system as unknown as { itemSp: { value: number } }).itemSp.value;
}

/** A running combat in the Melee phase, with these actors and their combatants' data. */
export async function combat(...fighters: [AnyActor, Record<string, unknown>][]): Promise<TestCombat> {
  const { TestCombat } = await import("./chat-stand-in");
  const c = new TestCombat();
  for (const [actor, system] of fighters) c.add(actor as never, system);
  world.combat = c;
  return c;
}

/**
 * Sets part of a combatant's round by hand, as a GM resetting it would: on
 * the combatant and on its Combat's record of it (src/rulesets/fangs/combat/record.ts),
 * where the GM reads it once written.
 */
export function setRound(
  combatant: {
    id: string;
    system: Record<string, unknown>;
    combat: { system: Record<string, unknown> } | null;
  },
  patch: Record<string, unknown>,
): void {
  Object.assign(combatant.system, structuredClone(patch));
  const records = combatant.combat?.system.records as Record<string, Record<string, unknown>> | undefined;
  const record = records?.[combatant.id];
  if (record) Object.assign(record, structuredClone(patch));
}

// biome-ignore lint/suspicious/noExplicitAny: a hostile client's payload has any shape.
type AnyPayload = any;

/** Sends a raw `fangs.startAttack` payload to the active GM as `user`'s client sends one. */
export async function sendAttack(user: TestUser, payload: AnyPayload, confirm = true): Promise<AnyPayload> {
  const { whilePending } = await import("../../src/requester");
  world.as(user);
  const send = () => world.gm.query("fangs.startAttack", payload);
  try {
    const subject = { query: "fangs.startAttack", subject: `${payload?.attackerUuid}:${payload?.weaponId}` };
    return confirm && typeof payload?.requestId === "string"
      ? await whilePending(payload.requestId, subject, send)
      : await send();
  } finally {
    world.as(world.gm);
  }
}

/** A `fangs.startAttack` payload for Gru's Broadsword at Jenny, as the player's dialog sends it. */
export function choices(t: Table, patch: AnyPayload = {}): AnyPayload {
  return {
    userId: world.player.id,
    requestId: "req00000000000000000001",
    attackerUuid: t.gru.uuid,
    attackerTokenUuid: t.gruToken.uuid,
    weaponId: t.sword,
    targetActorUuid: t.jenny.uuid,
    targetTokenUuid: t.jennyToken.uuid,
    free: null,
    answers: {
      situational: 0,
      attackToDamage: 0,
      parryToAttack: 0,
      attackToParry: 0,
      mode: "strike",
      subdual: false,
      rollMode: "publicroll",
      special: null,
    },
    ...patch,
  };
}
