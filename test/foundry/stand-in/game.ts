/**
 * The game around the documents: users (several clients, two GMs if a test
 * wants), queries between them, `game.i18n`, `game.settings`,
 * `ui.notifications`, `Hooks`; written from Foundry's public API
 * documentation (foundryvtt.com/api/v13).
 *
 * One process plays every client: `game.user` is the client that runs the
 * code now. `onEachClient` runs a piece of code once per connected user with
 * `game.user` switched, as Foundry runs a document's hooks on every client.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DataModel } from "./data";
import { Collection, deepClone, expandObject, getProperty, type Obj, roundTrip } from "./utils";

type Globals = { game: { user: User; users: Users } };
const g = globalThis as unknown as Globals;

/* -------------------------------------------- */
/*  Users and queries                           */
/* -------------------------------------------- */

/** CONST.USER_ROLES. */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/** CONFIG.queries: the handlers `User#query` runs on the receiving client. */
export const queries: Record<string, (payload: unknown, options?: unknown) => unknown> = {};

/**
 * A user and its client. `query` runs `CONFIG.queries[name]` on this user's
 * client (`game.user` switched while it runs) with the payload serialised as
 * by the socket; an inactive user never answers (the promise rejects, as on
 * a timeout). The handler is told nothing of the sender.
 */
export class User {
  active = true;
  readonly targets = new Set<unknown>();
  readonly queries: { name: string; payload: unknown }[] = [];
  readonly hotbar: { macro: unknown; slot: unknown }[] = [];

  constructor(
    readonly id: string,
    readonly name: string,
    public role: number,
  ) {}

  get _id(): string {
    return this.id;
  }

  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }

  /** A GM demoted to a player (or the reverse) between two steps of a test. */
  set isGM(value: boolean) {
    this.role = value ? USER_ROLES.GAMEMASTER : USER_ROLES.PLAYER;
  }

  get isSelf(): boolean {
    return g.game.user?.id === this.id;
  }

  async query(name: string, payload: unknown, _options: { timeout?: number } = {}): Promise<unknown> {
    this.queries.push({ name, payload: deepClone(payload) });
    if (!this.active) throw new Error(`${this.id} did not answer the query ${name}`);
    const handler = queries[name];
    if (!handler) throw new Error(`no handler for query ${name}`);
    return asUser(this, () => handler(JSON.parse(JSON.stringify(payload ?? null)), { timeout: 30_000 }));
  }

  async assignHotbarMacro(macro: unknown, slot: unknown): Promise<void> {
    this.hotbar.push({ macro, slot });
  }
}

/**
 * game.users. `activeGM` is one active Gamemaster, a full GM before an
 * assistant, and among equals the one with the lowest id, so every client
 * names the same one.
 */
export class Users extends Collection<User> {
  get activeGM(): User | null {
    const gms = this.filter((u) => u.isGM && u.active);
    gms.sort((a, b) => b.role - a.role || a.id.localeCompare(b.id));
    return gms[0] ?? null;
  }

  get players(): User[] {
    return this.filter((u) => !u.isGM);
  }
}

/**
 * Which client a piece of code runs on. Foundry runs each client in its own
 * browser; here one process plays them all, so the client is carried with
 * the code: work a client sets off (a promise it does not await, a hook's
 * async handler) goes on as that client after `game.user` moved elsewhere.
 */
const client = new AsyncLocalStorage<User>();

/**
 * Makes `game.user` the client the running code belongs to: the one set by
 * `asUser`/`onEachClient` for the code inside them, else the one a test
 * chose (`game.user = …`, StandIn#as).
 */
export function bindCurrentUser(game: { user: User }): void {
  let chosen = game.user;
  Object.defineProperty(game, "user", {
    configurable: true,
    enumerable: true,
    get: () => client.getStore() ?? chosen,
    set: (user: User) => {
      chosen = user;
    },
  });
}

/** Runs `fn` on `user`'s client: `game.user` is that user in it and in all it sets off. */
export function asUser<T>(user: User, fn: () => T | Promise<T>): Promise<T> {
  return client.run(user, async () => await fn());
}

/** Runs `fn` once on each connected client, one after the other. */
export async function onEachClient(fn: (user: User) => unknown): Promise<void> {
  for (const user of [...g.game.users]) {
    if (!user.active) continue;
    await asUser(user, () => fn(user));
  }
}

/** The same, for code that must not yield (a synchronous hook run). */
export function onEachClientSync(fn: (user: User) => unknown): void {
  for (const user of [...g.game.users]) {
    if (!user.active) continue;
    client.run(user, () => fn(user));
  }
}

/* -------------------------------------------- */
/*  game.time                                   */
/* -------------------------------------------- */

/**
 * game.time: the world time in seconds (GameTime#worldTime) and
 * `advance(delta, options)`, which writes it as a world setting (a GM's
 * write; the server refuses a player's) and, after the round trip, runs
 * `updateWorldTime` (worldTime, dt, options, userId) on every client. A
 * combat update with `advanceTime` moves it too, as the server does when a
 * round or turn ends (`advancedBy`). `serverTime` is the server's clock in
 * milliseconds, shared by every client.
 */
export class GameTime {
  worldTime = 0;

  /** The clock every client shares (here `Date.now()`, which fake timers drive). */
  get serverTime(): number {
    return Date.now();
  }

  async advance(delta: number, options: Obj = {}): Promise<number> {
    const user = g.game.user;
    await roundTrip();
    if (!user.isGM) {
      const message = `User ${user.name} lacks permission to advance the world time`;
      (globalThis as unknown as { ui: { notifications: Notifications } }).ui.notifications.error(message, {
        console: false,
      });
      throw new Error(message);
    }
    this.advancedBy(delta, options, user.id);
    return this.worldTime;
  }

  /** The server's move of the clock: applied, then `updateWorldTime` on every connected client. */
  advancedBy(delta: number, options: Obj, userId: string): void {
    if (!Number.isFinite(delta) || delta === 0) return;
    this.worldTime += delta;
    const hooks = (globalThis as unknown as { Hooks: HooksStandIn }).Hooks;
    onEachClientSync(() => hooks.callAll("updateWorldTime", this.worldTime, delta, options, userId));
  }
}

/* -------------------------------------------- */
/*  game.i18n                                   */
/* -------------------------------------------- */

const LANG_FILE = fileURLToPath(new URL("../../../lang/en.json", import.meta.url));

/**
 * game.i18n over the real lang/en.json, dotted keys expanded as Foundry
 * does. `keysOnly` is a test language with no translations: `localize`
 * answers the key, as Foundry does for a missing one, and `format` adds the
 * data it was given, so a test can see both what was asked and with what.
 */
export class Localization {
  readonly lang = "en";
  translations: Obj;
  readonly keysOnly: boolean;

  constructor(translations?: Obj, { keysOnly = false }: { keysOnly?: boolean } = {}) {
    this.keysOnly = keysOnly;
    this.translations = keysOnly
      ? {}
      : expandObject(translations ?? (JSON.parse(readFileSync(LANG_FILE, "utf8")) as Obj));
  }

  has(key: string): boolean {
    return this.keysOnly || typeof getProperty(this.translations, key) === "string";
  }

  localize(key: string): string {
    const value = getProperty(this.translations, key);
    return typeof value === "string" ? value : key;
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    if (this.keysOnly) return `${key} ${JSON.stringify(data)}`;
    return this.localize(key).replace(/{[^}]+}/g, (match) => {
      const value = data[match.slice(1, -1)];
      return value === undefined ? match : String(value);
    });
  }
}

/* -------------------------------------------- */
/*  game.settings                               */
/* -------------------------------------------- */

interface SettingConfig {
  key: string;
  namespace: string;
  scope?: string;
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  default?: unknown;
  onChange?: (value: unknown) => void;
  [key: string]: unknown;
}

function isModelClass(type: unknown): type is typeof DataModel {
  return typeof type === "function" && (type === DataModel || type.prototype instanceof DataModel);
}

export class ClientSettings {
  readonly settings = new Map<string, SettingConfig>();
  /**
   * The stored values by "namespace.key", as the world database holds them.
   * A test may write here directly to stand for a value stored earlier
   * (one no longer valid, a setting not registered any more).
   */
  readonly storage = new Map<string, unknown>();
  readonly #models = new Map<string, DataModel>();

  /** Test helper: forgets every stored value (registrations stay). */
  clearValues(): void {
    this.storage.clear();
    this.#models.clear();
  }

  register(namespace: string, key: string, config: Omit<SettingConfig, "key" | "namespace">): void {
    this.settings.set(`${namespace}.${key}`, { ...config, namespace, key });
  }

  /** The menus the settings window would show, by "namespace.key". */
  readonly menus = new Map<string, Record<string, unknown>>();

  registerMenu(namespace: string, key: string, config: Record<string, unknown>): void {
    this.menus.set(`${namespace}.${key}`, { ...config, namespace, key });
  }

  #config(namespace: string, key: string): SettingConfig {
    const config = this.settings.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return config;
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    if (!this.settings.has(id) && this.storage.has(id)) return deepClone(this.storage.get(id));
    const config = this.#config(namespace, key);
    const stored = this.storage.has(id) ? this.storage.get(id) : undefined;
    if (isModelClass(config.type)) {
      if (stored === undefined && config.default instanceof DataModel) return config.default;
      let model = this.#models.get(id);
      if (!model) {
        model = new config.type((stored ?? config.default ?? {}) as Obj);
        this.#models.set(id, model);
      }
      return model;
    }
    return deepClone(stored === undefined ? config.default : stored);
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.#config(namespace, key);
    let stored: unknown = value;
    if (isModelClass(config.type)) {
      const model = new config.type((value instanceof DataModel ? value.toObject() : value) as Obj);
      stored = model.toObject();
      this.#models.set(id, model);
    } else if (config.type === Number) {
      stored = Number(value);
      if (!Number.isFinite(stored)) throw new Error(`${id} must be a number`);
    } else if (config.type === String) {
      stored = String(value);
    } else if (config.type === Boolean) {
      stored = Boolean(value);
    }
    if (config.choices && !(String(stored) in config.choices))
      throw new Error(`${String(stored)} is not a choice of ${id}`);
    this.storage.set(id, stored);
    config.onChange?.(this.get(namespace, key));
    return stored;
  }
}

/* -------------------------------------------- */
/*  ui.notifications and Hooks                  */
/* -------------------------------------------- */

export interface Notice {
  readonly type: "info" | "warn" | "error";
  readonly message: string;
  readonly options?: object;
}

export class Notifications {
  readonly shown: Notice[] = [];
  info(message: string, options?: object): Notice {
    return this.#push("info", message, options);
  }
  warn(message: string, options?: object): Notice {
    return this.#push("warn", message, options);
  }
  error(message: string, options?: object): Notice {
    return this.#push("error", message, options);
  }
  clear(): void {
    this.shown.length = 0;
  }
  /** Called with each notice as it is shown (the adapters of the older stand-ins keep their own lists). */
  readonly listeners: ((notice: Notice) => void)[] = [];
  #push(type: Notice["type"], message: string, options?: object): Notice {
    const notice = { type, message, ...(options ? { options } : {}) };
    this.shown.push(notice);
    for (const listener of this.listeners) listener(notice);
    return notice;
  }
}

type HookFn = (...args: unknown[]) => unknown;

export class HooksStandIn {
  readonly #events = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
  #next = 1;

  on(event: string, fn: HookFn, { once = false } = {}): number {
    const id = this.#next++;
    const list = this.#events.get(event) ?? [];
    list.push({ id, fn, once });
    this.#events.set(event, list);
    return id;
  }
  once(event: string, fn: HookFn): number {
    return this.on(event, fn, { once: true });
  }
  off(event: string, fnOrId: HookFn | number): void {
    const list = this.#events.get(event) ?? [];
    this.#events.set(
      event,
      list.filter((h) => h.id !== fnOrId && h.fn !== fnOrId),
    );
  }
  callAll(event: string, ...args: unknown[]): true {
    for (const hook of [...(this.#events.get(event) ?? [])]) {
      if (hook.once) this.off(event, hook.id);
      hook.fn(...args);
    }
    return true;
  }
  /** Stops at the first handler that returns false. */
  call(event: string, ...args: unknown[]): boolean {
    for (const hook of [...(this.#events.get(event) ?? [])]) {
      if (hook.once) this.off(event, hook.id);
      if (hook.fn(...args) === false) return false;
    }
    return true;
  }
}
