/**
 * What the exchange card needs of Foundry beyond the data stand-in
 * (stand-in.ts, installed by setup.ts): users on separate "clients" talking
 * through v13 queries, chat messages with roll modes, Rolls, UUID look-ups,
 * active effects and statuses, ownership, and a combat with combatants.
 * Written from Foundry's public API documentation, like the rest of the
 * stand-in; it records what was asked of it so tests can assert on it.
 *
 * Behaviour modelled, as the API documents it:
 * - `User#query(name, data, {timeout})` runs `CONFIG.queries[name]` on that
 *   user's client (here: `game.user` is switched to it while the handler
 *   runs; the payload is cloned as by the socket); an inactive user never
 *   answers (the promise rejects, as on a timeout). The handler is given no
 *   sender.
 * - `game.users.activeGM`: the connected GM with the lowest id.
 * - `ChatMessage.create(data, {rollMode})` applies the roll mode (gmroll and
 *   blindroll whisper to the GMs, blindroll is blind, selfroll whispers to
 *   the author); `isContentVisible` follows Foundry's rule for roll
 *   messages; only the author or a GM may update a message (others throw).
 *   `update(data, {recursive: false})` replaces `system`.
 * - Actors and items (the data stand-in's, with the system's real data
 *   models) refuse updates from a user who is not an owner, as the server
 *   does; `toggleStatusEffect`, `statuses` and ActiveEffects are added.
 * - `new Roll("1dN").evaluate()` takes the next scripted die (`world.dice`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Collection, DataField, deepClone } from "./stand-in";
import "./setup";
import { standIn } from "./setup";

type Obj = Record<string, unknown>;
const g = globalThis as unknown as Obj & { game: Obj; CONFIG: Obj; foundry: Obj };

/**
 * Each client has its own `game.user`: a query's handler runs on the
 * answering user's client while the caller's code goes on with its own
 * user, as in Foundry where they are two browsers. One global user switched
 * back and forth mixed them up as soon as two requests were in flight, so
 * `game.user` reads the user of the client the running code belongs to
 * (an async context), and the test's own code is the client `world.as`
 * names.
 */
const clients = new AsyncLocalStorage<{ user: unknown }>();
let testClientUser: unknown = g.game.user;
Object.defineProperty(g.game, "user", {
  configurable: true,
  enumerable: true,
  get: () => clients.getStore()?.user ?? testClientUser,
  set: (user: unknown) => {
    const client = clients.getStore();
    if (client) client.user = user;
    else testClientUser = user;
  },
});

/** Runs `work` on `user`'s client: its code and everything it awaits see that user as `game.user`. */
export function onClientOf<T>(user: unknown, work: () => T): T {
  return clients.run({ user }, work);
}

/* -------------------------------------------- */
/*  Two more data fields                        */
/* -------------------------------------------- */

function isPlainObject(value: unknown): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export class ObjectField extends DataField {
  static override get _defaults() {
    return { ...super._defaults, required: true, nullable: false, initial: () => ({}) };
  }
  protected override _cleanType(value: unknown): unknown {
    return deepClone(value);
  }
  protected override _validateType(value: unknown): boolean | undefined {
    if (!isPlainObject(value)) throw new Error("must be an object");
    return undefined;
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: Obj = {},
  ) {
    super(options);
  }
  static override get _defaults() {
    return { ...super._defaults, required: true, nullable: false, initial: () => [] };
  }
  protected override _cleanType(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : value;
  }
  protected override _validateType(value: unknown): boolean | undefined {
    if (!Array.isArray(value)) throw new Error("must be an array");
    for (const v of value) {
      const failure = this.element.validate(v);
      if (failure) throw new Error(`an element ${failure.message ?? "is invalid"}`);
    }
    return undefined;
  }
}

const fields = (g.foundry.data as Obj).fields as Obj;
fields.ObjectField ??= ObjectField;
fields.ArrayField ??= ArrayField;

/* -------------------------------------------- */
/*  Users and queries                           */
/* -------------------------------------------- */

export interface TestUser {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  active: boolean;
  readonly isSelf: boolean;
  readonly targets: Set<unknown>;
  readonly queries: { name: string; payload: unknown }[];
  readonly hotbar: { macro: unknown; slot: unknown }[];
  query(name: string, payload: unknown, options?: { timeout?: number }): Promise<unknown>;
  assignHotbarMacro(macro: unknown, slot: unknown): Promise<void>;
}

class Users extends Collection<TestUser> {
  get activeGM(): TestUser | null {
    return this.filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id))[0] ?? null;
  }
}

function makeUser(id: string, isGM: boolean): TestUser {
  return {
    id,
    name: id,
    isGM,
    active: true,
    targets: new Set(),
    queries: [],
    hotbar: [],
    get isSelf() {
      return (g.game.user as TestUser).id === id;
    },
    async query(name: string, payload: unknown) {
      this.queries.push({ name, payload: deepClone(payload) });
      if (!this.active) throw new Error(`${id} did not answer the query ${name}`);
      const handler = (g.CONFIG.queries as Record<string, (p: unknown, o: unknown) => unknown>)[name];
      if (!handler) throw new Error(`no handler for query ${name}`);
      // The socket serialises the payload; the handler runs on this user's client, told nothing of the sender.
      const data = JSON.parse(JSON.stringify(payload ?? null));
      return await onClientOf(this, () => handler(data, { timeout: 30_000 }));
    },
    async assignHotbarMacro(macro: unknown, slot: unknown) {
      this.hotbar.push({ macro, slot });
    },
  };
}

/* -------------------------------------------- */
/*  Dice                                        */
/* -------------------------------------------- */

const dice: number[] = [];

export class Roll {
  data: Obj | null = null;
  total: number | undefined;
  _evaluated = false;
  options: Obj = {};
  static evaluated: { formula: string; total: number; options: unknown }[] = [];
  constructor(readonly formula: string) {}
  async evaluate(options: Obj = {}): Promise<this> {
    const match = /^1d(\d+)$/.exec(this.formula);
    if (!match) throw new Error(`the stand-in rolls only 1dN, not ${this.formula}`);
    const faces = Number(match[1]);
    const next = dice.shift();
    if (next === undefined) throw new Error(`the scripted dice ran out (a d${faces} was asked)`);
    if (next < 1 || next > faces) throw new Error(`a scripted ${next} cannot be a d${faces}`);
    this.total = next;
    this._evaluated = true;
    Roll.evaluated.push({ formula: this.formula, total: next, options });
    return this;
  }
  static fromData(data: Obj): Roll {
    const roll = new Roll(String(data.formula));
    roll.data = deepClone(data);
    roll.total = data.total as number;
    roll.options = (data.options as Obj) ?? {};
    roll._evaluated = data.evaluated === true;
    return roll;
  }
  toJSON(): Obj {
    return (
      this.data ?? { class: "Roll", formula: this.formula, total: this.total, evaluated: this._evaluated }
    );
  }
}

/* -------------------------------------------- */
/*  Chat messages                               */
/* -------------------------------------------- */

let nextId = 1;
function id(prefix: string): string {
  const n = String(nextId++);
  return `${prefix}${"0".repeat(16 - prefix.length - n.length)}${n}`;
}

function gmIds(): string[] {
  return (g.game.users as Users).filter((u) => u.isGM).map((u) => u.id);
}

export class ChatMessage {
  readonly id: string;
  readonly type: string;
  readonly author: string;
  readonly speaker: unknown;
  content: string;
  whisper: string[] = [];
  blind = false;
  rolls: Roll[];
  system: Obj & { toObject(): Obj };
  readonly updates: { data: Obj; options: Obj; by: string }[] = [];

  constructor(data: Obj) {
    this.id = id("msg");
    this.type = String(data.type ?? "base");
    this.author = (g.game.user as TestUser).id;
    this.speaker = data.speaker ?? {};
    this.content = String(data.content ?? "");
    this.rolls = ((data.rolls as unknown[]) ?? []).map((r) =>
      r instanceof Roll ? r : Roll.fromData(r as Obj),
    );
    this.whisper = Array.isArray(data.whisper) ? [...(data.whisper as string[])] : [];
    this.blind = data.blind === true;
    this.system = this.#model(data.system as Obj);
  }

  #model(system: Obj | undefined): Obj & { toObject(): Obj } {
    const Model = ((g.CONFIG.ChatMessage as Obj).dataModels as Obj)[this.type] as
      | (new (
          data: Obj,
          options: Obj,
        ) => Obj & { toObject(): Obj })
      | undefined;
    if (!Model) return Object.assign(deepClone(system ?? {}), { toObject: () => deepClone(system ?? {}) });
    return new Model(system ?? {}, { parent: this, strict: true });
  }

  get uuid(): string {
    return `ChatMessage.${this.id}`;
  }

  get isAuthor(): boolean {
    return (g.game.user as TestUser).id === this.author;
  }

  /** Foundry's rule for a roll message. */
  get isContentVisible(): boolean {
    const user = g.game.user as TestUser;
    if (this.whisper.length === 0) return true;
    return this.whisper.includes(user.id) || (this.isAuthor && !this.blind);
  }

  applyRollMode(mode: string): void {
    ChatMessage.applyRollMode(this as unknown as Obj, mode);
  }

  /** v13's static form: sets the whisper and blind fields of chat data for a roll mode. */
  static applyRollMode(data: Obj, mode: string): Obj {
    const author = (data.author as string | undefined) ?? (g.game.user as TestUser).id;
    if (mode === "gmroll" || mode === "blindroll") data.whisper = gmIds();
    if (mode === "blindroll") data.blind = true;
    if (mode === "selfroll") data.whisper = [author];
    return data;
  }

  static async create(data: Obj, options: { rollMode?: string } = {}): Promise<ChatMessage> {
    const message = new ChatMessage(data);
    if (options.rollMode) message.applyRollMode(options.rollMode);
    (g.game.messages as Collection<ChatMessage>).set(message.id, message);
    // Every connected client runs its createChatMessage hooks (one client after the other here).
    for (const user of g.game.users as Users) {
      if (!user.active) continue;
      await onClientOf(user, async () => {
        for (const fn of createHooks) await fn(message, options, message.author);
      });
    }
    return message;
  }

  static getSpeaker(options: Obj = {}): Obj {
    const actor = options.actor as { id?: string; name?: string } | undefined;
    return { actor: actor?.id ?? null, alias: actor?.name ?? null };
  }

  async update(data: Obj, options: Obj = {}): Promise<this> {
    const user = g.game.user as TestUser;
    if (!user.isGM && user.id !== this.author) {
      throw new Error(`${user.id} may not update the message ${this.id} (only its author or a GM)`);
    }
    await serverRoundTrip();
    this.updates.push({ data: deepClone(data), options, by: user.id });
    // A "==" key replaces the field whole: foundryvtt.com/api/v13/functions/foundry.utils.isDeletionKey.html
    if ("==system" in data) this.system = this.#model(deepClone(data["==system"] as Obj));
    if ("system" in data) {
      const system =
        options.recursive === false
          ? (data.system as Obj)
          : { ...this.system.toObject(), ...(data.system as Obj) };
      this.system = this.#model(deepClone(system));
    }
    if (Array.isArray(data.rolls)) {
      this.rolls = data.rolls.map((r) =>
        r instanceof Roll ? r : Roll.fromData(typeof r === "string" ? JSON.parse(r) : (r as Obj)),
      );
    }
    return this;
  }
}

/** The createChatMessage hooks, run by each connected client when a message is created. */
const createHooks: ((...args: unknown[]) => unknown)[] = [];
const hooks = g.Hooks as {
  on(event: string, fn: (...args: unknown[]) => unknown, options?: unknown): number;
};
const baseOn = hooks.on.bind(hooks);
hooks.on = (event, fn, options) => {
  if (event === "createChatMessage") createHooks.push(fn);
  return baseOn(event, fn, options);
};

/* -------------------------------------------- */
/*  Actors: ownership, statuses, effects        */
/* -------------------------------------------- */

export interface TestEffect {
  id: string;
  name: string;
  statuses: Set<string>;
  flags: Obj;
  data: Obj;
}

const owners = new WeakMap<object, Set<string>>();
const effects = new WeakMap<object, Collection<TestEffect>>();

function effectsOf(actor: object): Collection<TestEffect> {
  let list = effects.get(actor);
  if (!list) {
    list = new Collection<TestEffect>();
    effects.set(actor, list);
  }
  return list;
}

/** Who owns an actor besides the GMs. */
export function setOwners(actor: object, ...userIds: string[]): void {
  owners.set(actor, new Set(userIds));
}

function mayOwn(actor: object, user: TestUser): boolean {
  return user.isGM || (owners.get(actor)?.has(user.id) ?? false);
}

function requireOwner(actor: object, what: string): void {
  const user = g.game.user as TestUser;
  if (!mayOwn(actor, user))
    throw new Error(`${user.id} may not ${what} ${(actor as { name?: string }).name}`);
}

/**
 * Foundry writes a document only once the server has answered: the change
 * lands a macrotask or more after the call, and other work runs meanwhile.
 * The writes below wait for one macrotask before they apply, so a test can
 * see two requests that read, then write, overtake each other.
 */
export function serverRoundTrip(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const ActorClass = g.Actor as { prototype: Obj };
const ItemClass = g.Item as { prototype: Obj };
const actorProto = ActorClass.prototype as Obj & {
  update(data: Obj, options?: Obj): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: Obj[], options?: Obj): Promise<unknown>;
  updateEmbeddedDocuments(name: string, data: Obj[], options?: Obj): Promise<unknown>;
};
const itemProto = ItemClass.prototype as Obj & { update(data: Obj, options?: Obj): Promise<unknown> };

const baseActorUpdate = actorProto.update;
const baseCreateEmbedded = actorProto.createEmbeddedDocuments;
const baseUpdateEmbedded = actorProto.updateEmbeddedDocuments;
const baseItemUpdate = itemProto.update;

Object.defineProperties(actorProto, {
  statuses: {
    configurable: true,
    get(this: object) {
      const set = new Set<string>();
      for (const effect of effectsOf(this)) for (const s of effect.statuses) set.add(s);
      return set;
    },
  },
  effects: {
    configurable: true,
    get(this: object) {
      return effectsOf(this);
    },
  },
  isOwner: {
    configurable: true,
    get(this: object) {
      return mayOwn(this, g.game.user as TestUser);
    },
  },
  isToken: { configurable: true, value: false, writable: true },
  token: { configurable: true, value: null, writable: true },
});

Object.assign(actorProto, {
  testUserPermission(this: object, user: TestUser, level: string) {
    if (level !== "OWNER") throw new Error(`the stand-in checks only OWNER, not ${level}`);
    return mayOwn(this, user);
  },
  getActiveTokens() {
    return [];
  },
  async update(this: object, data: Obj, options?: Obj) {
    requireOwner(this, "update");
    await serverRoundTrip();
    return baseActorUpdate.call(this, data, options);
  },
  async updateEmbeddedDocuments(this: object, name: string, data: Obj[], options?: Obj) {
    requireOwner(this, `update the ${name}s of`);
    if (name === "ActiveEffect") {
      await serverRoundTrip();
      for (const change of data) {
        const effect = effectsOf(this).get(String(change._id));
        if (effect) Object.assign(effect.data, change);
      }
      return [];
    }
    await serverRoundTrip();
    return baseUpdateEmbedded.call(this, name, data, options);
  },
  async createEmbeddedDocuments(this: object, name: string, data: Obj[], options?: Obj) {
    if (name !== "ActiveEffect") return baseCreateEmbedded.call(this, name, data, options);
    requireOwner(this, "add an effect to");
    await serverRoundTrip();
    return data.map((d) => {
      const effect: TestEffect = {
        id: id("eff"),
        name: String(d.name ?? ""),
        statuses: new Set((d.statuses as string[]) ?? []),
        flags: deepClone((d.flags as Obj) ?? {}),
        data: deepClone(d),
      };
      effectsOf(this).set(effect.id, effect);
      return effect;
    });
  },
  async deleteEmbeddedDocuments(this: object, name: string, ids: string[]) {
    if (name !== "ActiveEffect") throw new Error(`the stand-in deletes only ActiveEffects, not ${name}`);
    requireOwner(this, "remove an effect from");
    await serverRoundTrip();
    for (const effectId of ids) effectsOf(this).delete(effectId);
    return ids;
  },
  /** v13: one effect per status, created or deleted. */
  async toggleStatusEffect(this: object, statusId: string, { active }: { active?: boolean } = {}) {
    requireOwner(this, "change the statuses of");
    await serverRoundTrip();
    const list = effectsOf(this);
    const existing = list.filter((e) => e.statuses.size === 1 && e.statuses.has(statusId));
    const on = active ?? existing.length === 0;
    if (!on) for (const e of existing) list.delete(e.id);
    else if (existing.length === 0) {
      const effect: TestEffect = {
        id: id("sta"),
        name: statusId,
        statuses: new Set([statusId]),
        flags: {},
        data: {},
      };
      list.set(effect.id, effect);
    }
    return on;
  },
});

Object.assign(itemProto, {
  async update(this: { parent: object | null }, data: Obj, options?: Obj) {
    if (this.parent) requireOwner(this.parent, "update an item of");
    await serverRoundTrip();
    return baseItemUpdate.call(this, data, options);
  },
});

/* -------------------------------------------- */
/*  Combat                                      */
/* -------------------------------------------- */

export class Combatant {
  readonly updates: Obj[] = [];
  tokenId: string | null = null;
  /** The value the round orders by (null: the actor's AG). */
  initiative: number | null = null;
  token = null;
  constructor(
    readonly id: string,
    readonly actor: object & { id: string },
    public system: Obj,
    readonly combat: TestCombat,
  ) {}
  get uuid(): string {
    return `Combat.${this.combat.id}.Combatant.${this.id}`;
  }
  get actorId(): string {
    return this.actor.id;
  }
  get name(): string {
    return (this.actor as { name?: string }).name ?? "";
  }
  get isOwner(): boolean {
    return mayOwn(this.actor, g.game.user as TestUser);
  }
  testUserPermission(user: TestUser): boolean {
    return mayOwn(this.actor, user);
  }
  async update(data: Obj): Promise<this> {
    requireOwner(this.actor, "update the combatant of");
    const user = g.game.user as TestUser;
    // A world where players may not update combatants at all (only a GM writes them).
    if (this.combat.gmWritesOnly && !user.isGM) throw new Error(`${user.name} may not update a combatant`);
    const by = user.id;
    await serverRoundTrip();
    this.updates.push({ ...deepClone(data), by });
    const merge = (target: Obj, source: Obj) => {
      for (const [k, v] of Object.entries(source)) {
        if (isPlainObject(v) && isPlainObject(target[k])) merge(target[k] as Obj, v);
        else target[k] = deepClone(v);
      }
    };
    if (isPlainObject(data.system)) merge(this.system, data.system);
    return this;
  }
}

export class TestCombat {
  readonly id = "combat0000000001";
  round = 1;
  turn = 0;
  started = true;
  /** When true, only a GM may update a combatant, owner or not. */
  gmWritesOnly = false;
  system: Obj = { phase: "melee", order: [] };
  readonly combatants = new Collection<Combatant>();
  add(actor: object & { id: string }, system: Obj = {}): Combatant {
    const c = new Combatant(id("cbt"), actor, deepClone(system), this);
    this.combatants.set(c.id, c);
    return c;
  }
  getCombatantsByActor(actor: object): Combatant[] {
    return this.combatants.filter((c) => c.actor === actor);
  }
  getCombatantsByToken(): Combatant[] {
    return [];
  }
}

/* -------------------------------------------- */
/*  UUIDs                                       */
/* -------------------------------------------- */

function resolve(uuid: string): unknown {
  const parts = uuid.split(".");
  const game = g.game as Obj & {
    actors: Collection<Obj & { items: Collection<Obj> }>;
    messages: Collection<ChatMessage>;
  };
  if (parts[0] === "Actor") {
    const actor = game.actors.get(parts[1] ?? "");
    if (!actor) return null;
    if (parts[2] === "Item") return actor.items.get(parts[3] ?? "") ?? null;
    return actor;
  }
  if (parts[0] === "ChatMessage") return game.messages.get(parts[1] ?? "") ?? null;
  if (parts[0] === "Combat") {
    const combat = world.combat;
    if (!combat || combat.id !== parts[1]) return null;
    return combat.combatants.get(parts[3] ?? "") ?? null;
  }
  if (parts[0] === "Scene") return tokens.get(uuid) ?? null;
  return null;
}

/** A token on a scene, as start-attack reads it (no canvas: distances are unknown). */
export class TokenDocument {
  constructor(
    readonly uuid: string,
    readonly name: string,
    readonly actor: unknown,
  ) {}
  readonly texture = { src: "token.webp" };
}
const tokens = new Map<string, TokenDocument>();

/* -------------------------------------------- */
/*  Installing                                  */
/* -------------------------------------------- */

export interface ChatWorld {
  readonly gm: TestUser;
  /** A second GM (not the active one: the active GM has the lowest id). */
  readonly gm2: TestUser;
  /** Owns the attacker. */
  readonly player: TestUser;
  /** Owns the target. */
  readonly defender: TestUser;
  /** Owns nothing in the exchange. */
  readonly stranger: TestUser;
  combat: TestCombat | null;
  /**
   * What `game.combat` answers on this client: by default the world's combat;
   * null (or another) when the client views a scene without it. `game.combats`
   * still finds the combat by its id, as Foundry's world collection does.
   */
  viewedCombat: TestCombat | null | undefined;
  readonly dice: number[];
  readonly dsn: { roll: Roll; user: unknown; whisper: unknown; blind: unknown; messageId: unknown }[];
  readonly notices: string[];
  as(user: TestUser): void;
  /** A token for an actor, which `fromUuid` finds (targets, free attacks). */
  token(actor: { uuid: string; name: string }, name?: string): TokenDocument;
  reset(): void;
}

const gm = makeUser("gm00000000000001", true);
const gm2 = makeUser("gm00000000000002", true);
const player = makeUser("player0000000001", false);
const defender = makeUser("player0000000002", false);
const stranger = makeUser("player0000000003", false);
const users = new Users();
for (const u of [gm, gm2, player, defender, stranger]) users.set(u.id, u);

const notices: string[] = [];
const dsnCalls: ChatWorld["dsn"][number][] = [];

export const world: ChatWorld = {
  gm,
  gm2,
  player,
  defender,
  stranger,
  combat: null,
  viewedCombat: undefined,
  dice,
  dsn: dsnCalls,
  notices,
  as(user) {
    g.game.user = user;
  },
  token(actor, name) {
    const t = new TokenDocument(`Scene.scene0000000001.Token.${id("tok")}`, name ?? actor.name, actor);
    tokens.set(t.uuid, t);
    return t;
  },
  reset() {
    dice.length = 0;
    dsnCalls.length = 0;
    notices.length = 0;
    Roll.evaluated.length = 0;
    (g.game.messages as Collection<ChatMessage>).clear();
    (g.game.macros as Collection<Obj>).clear();
    standIn.game.actors.clear();
    tokens.clear();
    this.combat = null;
    this.viewedCombat = undefined;
    for (const u of users) {
      u.active = true;
      u.queries.length = 0;
      u.hotbar.length = 0;
      u.targets.clear();
    }
    g.game.user = gm;
  },
};

const notifications = standIn.ui.notifications as unknown as Obj;
for (const level of ["info", "warn", "error"] as const) {
  const base = (notifications[level] as (m: string) => unknown).bind(notifications);
  notifications[level] = (message: string) => {
    notices.push(message);
    return base(message);
  };
}

Object.assign(g.game, {
  user: gm,
  users,
  messages: new Collection<ChatMessage>(),
  macros: new Collection<Obj>(),
  dice3d: {
    async showForRoll(
      roll: Roll,
      user: unknown,
      _sync: boolean,
      whisper: unknown,
      blind: unknown,
      messageId: unknown,
    ) {
      dsnCalls.push({ roll, user, whisper, blind, messageId });
      return true;
    },
  },
});
Object.defineProperty(g.game, "combat", {
  configurable: true,
  get: () => (world.viewedCombat === undefined ? world.combat : world.viewedCombat),
});
Object.defineProperty(g.game, "combats", {
  configurable: true,
  get: () => ({ get: (id: string) => (world.combat?.id === id ? world.combat : undefined) }),
});
Object.assign(g.CONFIG, {
  ChatMessage: { dataModels: {} },
  queries: {},
  Dice: {
    rollModes: {
      publicroll: "CHAT.RollPublic",
      gmroll: "CHAT.RollPrivate",
      blindroll: "CHAT.RollBlind",
      selfroll: "CHAT.RollSelf",
    },
  },
});
(g.foundry.utils as Obj).escapeHTML ??= (text: string) =>
  String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** Macros: created with their author, as `Macro.create` does. */
g.Macro = {
  async create(data: Obj) {
    const macro = { ...deepClone(data), id: id("mac"), author: (g.game.user as TestUser).id, isAuthor: true };
    (g.game.macros as Collection<Obj>).set(macro.id, macro);
    return macro;
  },
};
(g.game as Obj).system ??= { id: "fangs" };

// No scene is viewed: tokens have no place, so distances are unknown.
g.canvas ??= { scene: null, tokens: null, grid: null };
Object.assign(g, {
  ChatMessage,
  Roll,
  Combatant,
  TokenDocument,
  fromUuid: async (uuid: string) => resolve(uuid),
  fromUuidSync: (uuid: string) => resolve(uuid),
});
standIn.game.settings.register("core", "rollMode", {
  scope: "client",
  config: false,
  type: String,
  default: "publicroll",
} as never);
