/**
 * Combat and Combatant as Foundry v13's client keeps them, written from the
 * public API documentation (foundryvtt.com/api/v13) and the public issue
 * tracker; each behaviour below is pinned in test/foundry/stand-in.test.ts.
 *
 * - `turns` is sorted by `setupTurns` (which sorts with `_sortCombatants`
 *   passed unbound) only when Foundry sorts it: when combatants are created
 *   or deleted, when a Combat update carries `combatants`, when a
 *   combatant's `initiative` changes, and once when the combat prepares with
 *   no turns yet. An update of the round, the turn or
 *   `system` leaves `turns` as it was. The subclass's `setupTurns` is the one
 *   called.
 * - Writes go through a server round trip (a macrotask) and the server's
 *   permission check: a GM may write anything; a player only `round`,
 *   `turn` and the `combatants` it owns of a Combat, and a Combatant whose
 *   actor it owns (`gmWritesOnly` stands for a world where players may not
 *   write combatants at all). A refused write shows an error and rejects.
 * - Deleting combatants runs each one's `_onDelete` and the Combat's
 *   `_onDeleteDescendantDocuments` on every connected client.
 * - `startCombat`, `nextTurn`, `nextRound`, `previousTurn`, `previousRound`
 *   fire `combatStart`, `combatTurn`, `combatRound` on the writing client
 *   before their update, with the update's data and options (`direction`,
 *   `advanceTime`); `_onUpdate` and `updateCombat` run on every client after,
 *   then the world time moves by `advanceTime` (`updateWorldTime` on every
 *   client).
 */
import { broadcastHook, currentUser, refuseWrite, type StandInDocument } from "./documents";
import { onEachClient, onEachClientSync, type User } from "./game";
import {
  Collection,
  deepClone,
  expandObject,
  isPlainObject,
  mergeObject,
  type Obj,
  roundTrip,
} from "./utils";

interface Globals {
  game: {
    actors: Collection<StandInDocument>;
    time?: { advancedBy(delta: number, options: Obj, userId: string): void };
  };
  CONFIG: {
    time?: { roundTime?: number; turnTime?: number };
    Combatant?: { documentClass?: typeof Combatant };
  };
  Hooks: { callAll(event: string, ...args: unknown[]): unknown };
}
const g = globalThis as unknown as Globals;

/** The seconds of world time a step advances (CONFIG.time), signed by its direction. */
function advanceTime(kind: "roundTime" | "turnTime", direction: 1 | -1): number {
  return direction * (g.CONFIG.time?.[kind] ?? 0);
}

/** A combatant's actor as the stand-in needs it: one it can ask for ownership. */
/** A combatant's actor: an actor of the one Actor class (or a subclass). */
export type CombatantActor = StandInDocument;

/** A write recorded on a combatant: the change, and the user whose client made it. */
export type CombatantWrite = Obj & { by: string };

/** Foundry makes a combat's combatants of the configured class (the system's FangsCombatant). */
function combatantClass(): typeof Combatant {
  return g.CONFIG.Combatant?.documentClass ?? Combatant;
}

/** Merges update data into a target: objects merge, arrays and scalars replace. */
function mergeInto(target: Obj, changes: Obj): Obj {
  return mergeObject(target, expandObject(changes));
}

export class Combatant {
  static documentName = "Combatant";
  readonly id: string;
  /** Its subtype (the system's state model for it); Foundry's default is "base". */
  type = "base";
  readonly #name: string | null;
  readonly #actor: CombatantActor | null;
  system: Obj;
  initiative: number | null = null;
  hidden = false;
  defeated = false;
  tokenId: string | null = null;
  token = null;
  sceneId = "scene";
  img = "icons/svg/mystery-man.svg";
  combat: Combat | null = null;
  /** Every write this combatant took, with the user who made it. */
  readonly updates: CombatantWrite[] = [];
  /** The id of the user whose client made each write, in order. */
  readonly writers: string[] = [];

  /**
   * `new Combatant(id, name, actor, system)`; `name` null takes the actor's.
   * A combatant joins a combat with `combat.add` (as if created there).
   */
  constructor(id: string, name: string | null, actor: CombatantActor | null, system: Obj = {}) {
    this.id = id;
    this.#name = name;
    this.#actor = actor;
    this.system = deepClone(system);
  }

  get _id(): string {
    return this.id;
  }

  get documentName(): string {
    return "Combatant";
  }

  get parent(): Combat | null {
    return this.combat;
  }

  get actor(): CombatantActor | null {
    return this.#actor;
  }

  get actorId(): string | null {
    return this.#actor?.id ?? null;
  }

  get name(): string {
    return this.#name ?? this.#actor?.name ?? "";
  }

  get uuid(): string {
    return `Combat.${this.combat?.id ?? "none"}.Combatant.${this.id}`;
  }

  get isDefeated(): boolean {
    return this.defeated;
  }

  get visible(): boolean {
    return true;
  }

  /** A combatant is owned as its actor is (a GM owns everything). */
  testUserPermission(user: User, _level: "OWNER" | string = "OWNER"): boolean {
    if (user.isGM) return true;
    return this.#actor?.testUserPermission(user, "OWNER") ?? false;
  }

  get isOwner(): boolean {
    return this.testUserPermission(currentUser());
  }

  /** The server's check for a write to this combatant. */
  canUserModify(user: User): boolean {
    if (user.isGM) return true;
    if (this.combat?.gmWritesOnly) return false;
    return this.testUserPermission(user);
  }

  async update(data: Obj, options: Obj = {}): Promise<this> {
    if (this.combat) {
      await this.combat.updateEmbeddedDocuments("Combatant", [{ ...data, _id: this.id }], options);
      return this;
    }
    const user = currentUser();
    await roundTrip();
    if (!this.canUserModify(user)) throw refuseWrite(user, "update", this.uuid);
    this._applyChange(data, user);
    return this;
  }

  /** Applies a change the server accepted, recording who made it. */
  _applyChange(data: Obj, user: User): void {
    const change = expandObject(deepClone(data));
    delete change._id;
    this.updates.push({ ...deepClone(change), by: user.id });
    this.writers.push(user.id);
    if (isPlainObject(change.system)) mergeInto(this.system, change.system);
    if ("initiative" in change) this.initiative = change.initiative as number | null;
    if (typeof change.hidden === "boolean") this.hidden = change.hidden;
    if (typeof change.defeated === "boolean") this.defeated = change.defeated;
  }

  protected _onDelete(_options: unknown, _userId: string): void {}

  /** The creating client's last word on one new combatant: false keeps it out (Document#_preCreate). */
  protected async _preCreate(_data: Obj, _options: Obj, _user: User): Promise<boolean | undefined> {
    return undefined;
  }

  /**
   * Creates combatants in `operation.parent`, as `Combat#createEmbeddedDocuments`
   * asks the configured class to: each is built from its data (`type`
   * included), its `_preCreate` runs on the creating client, then the
   * server's check (a GM only), then the combat sets its turns up again and
   * `createCombatant` runs on every client.
   */
  static async createDocuments(
    data: Obj[] = [],
    operation: { parent?: Combat | null } = {},
  ): Promise<Combatant[]> {
    const combat = operation.parent;
    if (!combat) throw new Error("the stand-in creates combatants only in a combat");
    const user = currentUser();
    const candidates: Combatant[] = [];
    for (const d of data) {
      const actor = typeof d.actorId === "string" ? (g.game.actors.get(d.actorId) ?? null) : null;
      const combatant = new this(
        typeof d._id === "string" ? d._id : nextCombatantId(),
        typeof d.name === "string" ? d.name : null,
        actor,
        (d.system as Obj) ?? {},
      );
      if (typeof d.type === "string") combatant.type = d.type;
      if (typeof d.initiative === "number") combatant.initiative = d.initiative;
      if (typeof d.tokenId === "string") combatant.tokenId = d.tokenId;
      combatant.combat = combat;
      if ((await combatant._preCreate(d, {}, user)) === false) continue;
      candidates.push(combatant);
    }
    if (candidates.length === 0) return [];
    await roundTrip();
    if (!user.isGM) throw refuseWrite(user, "create a Combatant in", combat.uuid);
    return combat._addCreated(candidates, user);
  }
}

/** What a player may write to a Combat: the round, the turn, and the combatants it owns. */
const PLAYER_COMBAT_KEYS = new Set(["round", "turn", "combatants"]);

export class Combat {
  static documentName = "Combat";
  id: string;
  round: number;
  turn: number | null;
  system: Obj;
  /** A document's flags: a GM's update merges into them (key by key, as `system`). */
  flags: Obj = {};
  readonly combatants = new Collection<Combatant>();
  turns: Combatant[] = [];
  /** When true, only a GM may write a combatant, owner or not. */
  gmWritesOnly = false;
  /** Every write the server accepted: the change, its options, the user who made it. */
  readonly updates: { data: Obj; options: Obj; by: string }[] = [];

  constructor(data: { _id?: string; round?: number; turn?: number | null; system?: Obj } = {}) {
    this.id = data._id ?? "combat1";
    this.round = data.round ?? 0;
    this.turn = data.turn === undefined ? null : data.turn;
    this.system = deepClone(data.system ?? { phase: "initiative", order: [] });
  }

  get _id(): string {
    return this.id;
  }

  get uuid(): string {
    return `Combat.${this.id}`;
  }

  get combatant(): Combatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  get started(): boolean {
    return this.round > 0;
  }

  get isOwner(): boolean {
    return currentUser().isGM;
  }

  testUserPermission(user: User): boolean {
    return user.isGM;
  }

  /**
   * Test helper: the combatant (or a new one for this actor) is in the combat
   * as if created there: the turns are set up again, as on creation.
   */
  add(combatantOrActor: Combatant | object, system: Obj = {}): this {
    const combatant =
      combatantOrActor instanceof Combatant
        ? combatantOrActor
        : new (combatantClass())(nextCombatantId(), null, combatantOrActor as CombatantActor, system);
    combatant.combat = this;
    this.combatants.set(combatant.id, combatant);
    this.setupTurns();
    return this;
  }

  /** The turn order; Foundry sorts with `_sortCombatants` passed unbound. */
  setupTurns(): Combatant[] {
    const sort = (this as unknown as { _sortCombatants: (a: Combatant, b: Combatant) => number })
      ._sortCombatants;
    this.turns = this.combatants.contents.sort(sort);
    return this.turns;
  }

  protected _sortCombatants(a: Combatant, b: Combatant): number {
    return (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
  }

  /** Foundry sets the turns up while preparing only when there are none yet. */
  prepareDerivedData(): void {
    if (this.combatants.size && !this.turns.length) this.setupTurns();
  }

  getCombatantsByActor(actor: object | string): Combatant[] {
    const id = typeof actor === "string" ? actor : ((actor as CombatantActor).id ?? null);
    return this.combatants.filter((c) => c.actor === actor || (id !== null && c.actorId === id));
  }

  getCombatantsByToken(): Combatant[] {
    return [];
  }

  /** The server's refusal of a Combat write a player may not make. */
  #checkCombatWrite(user: User, change: Obj): void {
    if (user.isGM) return;
    const refused = Object.keys(change).filter((key) => key !== "_id" && !PLAYER_COMBAT_KEYS.has(key));
    if (refused.length) throw refuseWrite(user, "update", this.uuid);
    for (const entry of (change.combatants as Obj[] | undefined) ?? []) {
      const combatant = this.combatants.get(String(entry._id));
      if (combatant && !combatant.canUserModify(user)) throw refuseWrite(user, "update", combatant.uuid);
    }
  }

  async update(data: Obj, options: Obj = {}): Promise<this> {
    const user = currentUser();
    const change = expandObject(deepClone(data));
    await roundTrip();
    this.#checkCombatWrite(user, change);
    this.updates.push({ data: deepClone(data), options, by: user.id });
    if (typeof change.round === "number") this.round = change.round;
    if ("turn" in change) this.turn = change.turn as number | null;
    if (isPlainObject(change.system)) {
      if (options.recursive === false) this.system = deepClone(change.system);
      else mergeInto(this.system, change.system);
    }
    if (isPlainObject(change.flags)) mergeInto(this.flags, change.flags);
    if (Array.isArray(change.combatants)) {
      for (const entry of change.combatants as Obj[])
        this.combatants.get(String(entry._id))?._applyChange(entry, user);
      // Combat#_onUpdate sets the turns up again when the combatants changed, never for round, turn or system.
      this.setupTurns();
    }
    onEachClientSync(() => this._onUpdate(change, options, user.id));
    broadcastHook("updateCombat", this, change, options, user.id);
    // The seconds a round or turn lasts elapse with it (CONFIG.time): the world time moves after the combat.
    if (typeof options.advanceTime === "number") g.game.time?.advancedBy(options.advanceTime, {}, user.id);
    return this;
  }

  /** Runs on every client once an update is applied; the system's subclass extends it. */
  protected _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}

  async updateEmbeddedDocuments(name: "Combatant", updates: Obj[], options: Obj = {}): Promise<Combatant[]> {
    if (name !== "Combatant") throw new Error(`the stand-in's Combat embeds only Combatants, not ${name}`);
    const user = currentUser();
    const changes = updates.map((u) => expandObject(deepClone(u)));
    await roundTrip();
    for (const entry of changes) {
      const combatant = this.combatants.get(String(entry._id));
      if (!combatant) throw new Error(`Combatant ${String(entry._id)} does not exist`);
      if (!combatant.canUserModify(user)) throw refuseWrite(user, "update", combatant.uuid);
    }
    const updated = this.#applyCombatantChanges(changes, user);
    for (const [i, combatant] of updated.entries())
      broadcastHook("updateCombatant", combatant, changes[i], options, user.id);
    return updated;
  }

  /** Applies accepted combatant changes; a change of initiative sets the turns up again. */
  #applyCombatantChanges(changes: Obj[], user: User): Combatant[] {
    const updated: Combatant[] = [];
    for (const entry of changes) {
      const combatant = this.combatants.get(String(entry._id));
      if (!combatant) continue;
      combatant._applyChange(entry, user);
      updated.push(combatant);
    }
    if (changes.some((entry) => "initiative" in entry)) this.setupTurns();
    return updated;
  }

  async createEmbeddedDocuments(name: "Combatant", data: Obj[]): Promise<Combatant[]> {
    if (name !== "Combatant") throw new Error(`the stand-in's Combat embeds only Combatants, not ${name}`);
    return combatantClass().createDocuments(data, { parent: this });
  }

  /** The server accepted these new combatants: they join, the turns are set up again, every client hears. */
  _addCreated(created: Combatant[], user: User): Combatant[] {
    const current = this.combatant;
    for (const combatant of created) this.combatants.set(combatant.id, combatant);
    this.setupTurns();
    if (current && this.turn !== null) this.turn = Math.max(this.turns.indexOf(current), 0);
    for (const combatant of created) broadcastHook("createCombatant", combatant, {}, user.id);
    return created;
  }

  async deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<Combatant[]> {
    if (name !== "Combatant") throw new Error(`the stand-in's Combat embeds only Combatants, not ${name}`);
    const user = currentUser();
    await roundTrip();
    if (!user.isGM) throw refuseWrite(user, "delete a Combatant of", this.uuid);
    return this.#delete(ids, user.id);
  }

  /**
   * Deletes combatants as Foundry does: gone from the collection, then on
   * every client each one's `_onDelete` and the Combat's
   * `_onDeleteDescendantDocuments`. `userId` is the deleting user.
   */
  async deleteCombatants(ids: string[], userId = currentUser().id): Promise<void> {
    await roundTrip();
    await this.#delete(ids, userId);
  }

  async #delete(ids: string[], userId: string): Promise<Combatant[]> {
    const documents = ids.flatMap((id) => this.combatants.get(id) ?? []);
    const before = [...this.turns];
    const turn = this.turn;
    for (const id of ids) this.combatants.delete(id);
    await onEachClient(() => {
      for (const doc of documents)
        (doc as unknown as { _onDelete: (o: unknown, u: string) => void })._onDelete({}, userId);
      // Every client starts from the same turns: each one sets them up itself.
      this.turns = before;
      this.turn = turn;
      this._onDeleteDescendantDocuments(this, "combatants", documents, ids, {}, userId);
    });
    return documents;
  }

  /**
   * Foundry keeps the turn on the combatant whose turn it was (its index in
   * the new turn list), or on the next one left when that one was deleted;
   * the deleting user's client writes it.
   */
  protected _onDeleteDescendantDocuments(
    _parent: unknown,
    _collection: string,
    _documents: unknown[],
    ids: string[],
    _options: unknown,
    userId: string,
  ): void {
    const before = this.turns;
    const current = this.combatant;
    this.setupTurns();
    if (this.turn === null) return;
    let turn: number;
    if (current && !ids.includes(current.id)) turn = this.turns.indexOf(current);
    else {
      const next = before.slice(this.turn).find((c) => !ids.includes(c.id));
      turn = next ? this.turns.indexOf(next) : 0;
    }
    turn = Math.max(turn, 0);
    if (currentUser().id === userId) void this.update({ turn });
    else this.turn = turn;
  }

  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    g.Hooks.callAll("combatStart", this, updateData);
    return this.update(updateData);
  }

  async nextTurn(): Promise<this> {
    const turn = this.turn ?? -1;
    if (turn + 1 >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: turn + 1 };
    const updateOptions = { direction: 1, advanceTime: advanceTime("turnTime", 1) };
    g.Hooks.callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }

  async previousTurn(): Promise<this> {
    if (this.turn === 0 && this.round === 0) return this;
    if ((this.turn ?? 0) <= 0) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? 0) - 1 };
    const updateOptions = { direction: -1, advanceTime: advanceTime("turnTime", -1) };
    g.Hooks.callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }

  async nextRound(): Promise<this> {
    const updateData = { round: this.round + 1, turn: 0 };
    const updateOptions = { direction: 1, advanceTime: advanceTime("roundTime", 1) };
    g.Hooks.callAll("combatRound", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }

  async previousRound(): Promise<this> {
    const round = Math.max(this.round - 1, 0);
    const updateData = { round, turn: round === 0 ? 0 : Math.max(this.turns.length - 1, 0) };
    const updateOptions = { direction: -1, advanceTime: advanceTime("roundTime", -1) };
    g.Hooks.callAll("combatRound", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }

  protected _onDelete(_options: unknown, _userId: string): void {}
}

let nextId = 1;
function nextCombatantId(): string {
  const n = String(nextId++);
  return `cbt${"0".repeat(13 - n.length)}${n}`;
}
