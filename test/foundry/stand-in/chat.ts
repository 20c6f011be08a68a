/**
 * Chat messages and dice, written from Foundry's public API documentation
 * (foundryvtt.com/api/v13), recording what was asked of them:
 * - `ChatMessage.create(data, {rollMode})` applies the roll mode (gmroll
 *   and blindroll whisper to the GMs, blindroll is blind, selfroll whispers
 *   to the author); after the round trip every connected client runs its
 *   `createChatMessage` hooks, and `create` resolves without waiting for
 *   what they set off (Foundry calls hooks, it does not await them). `isContentVisible` follows Foundry's rule for roll messages.
 * - Only the author or a GM may update a message: the server refuses anyone
 *   else (an error notification, and the promise rejects).
 *   `update(data, {recursive: false})` replaces `system`. Every connected
 *   client then runs its `updateChatMessage` hooks (`deleteChatMessage`
 *   after a delete).
 * - `new Roll("1dN").evaluate()` takes the next scripted die (`dice`).
 */
import { broadcastHook, currentUser, refuseWrite, takeForcedSystem } from "./documents";
import type { User, Users } from "./game";
import { type Collection, deepClone, mergeObject, type Obj, roundTrip } from "./utils";

type Globals = {
  game: { user: User; users: Users; messages: Collection<ChatMessage> };
  CONFIG: Obj;
};
const g = globalThis as unknown as Globals;

let nextId = 1;
export function nextDocumentId(prefix: string): string {
  const n = String(nextId++);
  return `${prefix}${"0".repeat(16 - prefix.length - n.length)}${n}`;
}
const id = nextDocumentId;

/* -------------------------------------------- */
/*  Dice                                        */
/* -------------------------------------------- */

/** The scripted dice `Roll#evaluate` takes, in order. */
export const dice: number[] = [];

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

function gmIds(): string[] {
  return g.game.users.filter((u) => u.isGM).map((u) => u.id);
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
    this.author = currentUser().id;
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
    return currentUser().id === this.author;
  }

  /** Foundry's rule for a roll message. */
  get isContentVisible(): boolean {
    const user = g.game.user as User;
    if (this.whisper.length === 0) return true;
    return this.whisper.includes(user.id) || (this.isAuthor && !this.blind);
  }

  applyRollMode(mode: string): void {
    ChatMessage.applyRollMode(this as unknown as Obj, mode);
  }

  /** v13's static form: sets the whisper and blind fields of chat data for a roll mode. */
  static applyRollMode(data: Obj, mode: string): Obj {
    const author = (data.author as string | undefined) ?? currentUser().id;
    if (mode === "gmroll" || mode === "blindroll") data.whisper = gmIds();
    if (mode === "blindroll") data.blind = true;
    if (mode === "selfroll") data.whisper = [author];
    return data;
  }

  /** The data of every `create` asked for, in order, as given. */
  static readonly requested: Obj[] = [];

  static async create(data: Obj, options: { rollMode?: string } = {}): Promise<ChatMessage> {
    ChatMessage.requested.push(data);
    const message = new ChatMessage(data);
    if (options.rollMode) message.applyRollMode(options.rollMode);
    await roundTrip();
    g.game.messages.set(message.id, message);
    // Every client runs its hooks; nothing waits for what a handler sets off.
    broadcastHook("createChatMessage", message, options, message.author);
    return message;
  }

  static getSpeaker(options: Obj = {}): Obj {
    const actor = options.actor as { id?: string; name?: string } | undefined;
    return { actor: actor?.id ?? null, alias: actor?.name ?? null };
  }

  async update(data: Obj, options: Obj = {}): Promise<this> {
    const user = currentUser();
    await roundTrip();
    if (!user.isGM && user.id !== this.author) throw refuseWrite(user, "update", this.uuid);
    this.updates.push({ data: deepClone(data), options, by: user.id });
    data = { ...data };
    const replace = takeForcedSystem(data) || options.recursive === false;
    if ("system" in data) {
      const system = replace
        ? deepClone(data.system as Obj)
        : mergeObject(this.system.toObject(), deepClone(data.system as Obj));
      this.system = this.#model(system);
    }
    if (Array.isArray(data.rolls)) {
      this.rolls = data.rolls.map((r) =>
        r instanceof Roll ? r : Roll.fromData(typeof r === "string" ? JSON.parse(r) : (r as Obj)),
      );
    }
    broadcastHook("updateChatMessage", this, data, options, user.id);
    return this;
  }

  async delete(): Promise<this> {
    const user = currentUser();
    await roundTrip();
    if (!user.isGM && user.id !== this.author) throw refuseWrite(user, "delete", this.uuid);
    g.game.messages.delete(this.id);
    broadcastHook("deleteChatMessage", this, {}, user.id);
    return this;
  }
}

/**
 * A scene's square grid as the system measures with it (foundry.grid.SquareGrid,
 * foundryvtt.com/api/v13): a space is `size` pixels and `distance` units;
 * `units` names the unit of `distance`;
 * `getCenterPoint({i, j})` is the centre of row i, column j; `measurePath`
 * counts the spaces between waypoints, a diagonal step as one
 * (CONST.GRID_DIAGONALS.EQUIDISTANT, SquareGridConfiguration's default), times
 * `distance`. Only the result's `distance` is given.
 */
export class SquareGrid {
  constructor(
    readonly size: number,
    readonly distance: number,
    /** The scene's unit of `distance` (BaseGrid#units); a new FANGS scene's is paces. */
    readonly units: string = "paces",
  ) {}

  getCenterPoint(coords: { i: number; j: number }): { x: number; y: number } {
    return { x: (coords.j + 0.5) * this.size, y: (coords.i + 0.5) * this.size };
  }

  measurePath(waypoints: readonly { x: number; y: number }[], _options: Obj = {}): { distance: number } {
    let spaces = 0;
    for (let k = 1; k < waypoints.length; k += 1) {
      const from = waypoints[k - 1]!;
      const to = waypoints[k]!;
      const cols = Math.abs(Math.round((to.x - from.x) / this.size));
      const rows = Math.abs(Math.round((to.y - from.y) / this.size));
      spaces += Math.max(cols, rows);
    }
    return { distance: spaces * this.distance };
  }
}

/** A scene with a grid and the tokens placed on it (`makeToken` with a place). */
export class GridScene {
  readonly tokens: TokenDocument[] = [];
  constructor(
    readonly id: string,
    readonly grid: SquareGrid,
  ) {}
  get uuid(): string {
    return `Scene.${this.id}`;
  }
}

/**
 * A token on a scene as start-attack reads it. Without a place its scene is
 * unknown (no parent), so distances are unknown; with one it stands at x, y
 * (pixels) on a gridded scene, with its disposition, and `update` moves it.
 */
export class TokenDocument {
  readonly texture = { src: "token.webp" };
  readonly parent: GridScene | null;
  x: number;
  y: number;
  readonly width = 1;
  readonly height = 1;
  readonly disposition: number;

  constructor(
    readonly uuid: string,
    readonly name: string,
    readonly actor: unknown,
    place: { scene: GridScene; x: number; y: number; disposition: number } | null = null,
  ) {
    this.parent = place?.scene ?? null;
    this.x = place?.x ?? 0;
    this.y = place?.y ?? 0;
    this.disposition = place?.disposition ?? 0;
    this.parent?.tokens.push(this);
  }

  /** Moves the token (a GM's drag): only its place, after the server's round trip; `updateToken` on every client. */
  async update(data: { x?: number; y?: number }): Promise<this> {
    const user = currentUser();
    await roundTrip();
    if (!user.isGM) throw refuseWrite(user, "update", this.uuid);
    if (typeof data.x === "number") this.x = data.x;
    if (typeof data.y === "number") this.y = data.y;
    broadcastHook("updateToken", this, { ...data }, {}, user.id);
    return this;
  }
}
