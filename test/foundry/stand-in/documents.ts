/**
 * Actor and Item documents (the bases FangsActor and FangsItem extend),
 * scenes with linked and unlinked tokens, and compendium packs, written from
 * Foundry's public API documentation (foundryvtt.com/api/v13).
 *
 * - Construction validates (a bad document is refused, fields and joint).
 * - Preparation in ClientDocument#prepareData's order: system base →
 *   document base → embedded documents (items; active effects set
 *   `statuses`) → system derived → document derived.
 * - Writes as Foundry's client makes them: the change is cleaned and
 *   validated field by field on the writing client (a refused change is
 *   notified with `ui.notifications.error` and left out: `update` resolves
 *   to undefined); then a server round trip (a macrotask); then the server
 *   refuses a user who may not modify the document (an error notification,
 *   and the promise rejects); then the change is applied and the
 *   `update<Name>` hooks run on every connected client.
 * - Ownership as `ownership` levels (NONE 0 … OWNER 3, a GM always owns);
 *   an embedded item is owned as its actor is.
 * - Active effects as light records; `toggleStatusEffect` as v13 (one effect
 *   per status). No tombstones, no delta name/img overrides.
 */
import { DataModelValidationError, DataModelValidationFailure, TypeDataModel } from "./data";
import { onEachClientSync, type User } from "./game";
import {
  Collection,
  deepClone,
  expandObject,
  getProperty,
  isPlainObject,
  mergeObject,
  type Obj,
  randomID,
  roundTrip,
  setProperty,
} from "./utils";

/* -------------------------------------------- */
/*  Permissions and the server's refusals       */
/* -------------------------------------------- */

/** CONST.DOCUMENT_OWNERSHIP_LEVELS. */
export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export type OwnershipLevel = keyof typeof OWNERSHIP;

interface Globals {
  game: { user: User; actors: Collection<StandInDocument>; items: Collection<StandInDocument> } & Obj;
  ui: { notifications: { error(message: string, options?: object): unknown } };
  Hooks: {
    callAll(event: string, ...args: unknown[]): unknown;
    call(event: string, ...args: unknown[]): boolean;
  };
  CONFIG: Obj;
}
const g = globalThis as unknown as Globals;

export function currentUser(): User {
  return g.game.user;
}

/** The level a user has on a document with these ownership data (a GM: OWNER). */
export function levelOf(ownership: Obj | undefined, user: User): number {
  if (user.isGM) return OWNERSHIP.OWNER;
  const own = ownership?.[user.id];
  if (typeof own === "number" && own !== OWNERSHIP.INHERIT) return own;
  const fallback = ownership?.default;
  return typeof fallback === "number" ? fallback : OWNERSHIP.NONE;
}

/** What the server answers a write it refuses: an error shown to the writer, and the request fails. */
export function refuseWrite(user: User, action: string, what: string): Error {
  const message = `User ${user.name} lacks permission to ${action} ${what}`;
  g.ui.notifications.error(message, { console: false });
  return new Error(message);
}

/** A write refused on the writing client by validation: shown, logged, and left out of the operation. */
export function notifyInvalid(error: Error): void {
  g.ui.notifications.error(error.message, { console: false });
}

/** Runs a document hook on every connected client, as Foundry broadcasts a change. */
export function broadcastHook(event: string, ...args: unknown[]): void {
  onEachClientSync(() => g.Hooks.callAll(event, ...args));
}

/* -------------------------------------------- */
/*  Documents                                   */
/* -------------------------------------------- */

type DocumentName = "Actor" | "Item";

interface OperationOptions {
  parent?: StandInDocument | null;
  pack?: string | null;
  /** The token whose synthetic actor this is (construction only). */
  token?: StandInToken | null;
  recursive?: boolean;
  diff?: boolean;
  [key: string]: unknown;
}

/**
 * A "==system" key replaces `system` whole, the other keys of the change
 * still merge (v13's forced replacement, foundry.utils.isDeletionKey). Turns
 * the key into the plain one and answers whether `system` is replaced.
 */
export function takeForcedSystem(changes: Obj): boolean {
  if (!("==system" in changes)) return false;
  changes.system = changes["==system"];
  delete changes["==system"];
  return true;
}

export function configFor(name: DocumentName): {
  documentClass: typeof StandInDocument;
  dataModels: Record<string, typeof TypeDataModel>;
} {
  return (g.CONFIG as Record<DocumentName, never>)[name];
}

function worldCollection(name: DocumentName): Collection<StandInDocument> {
  return g.game[name === "Actor" ? "actors" : "items"] as Collection<StandInDocument>;
}

/** Every create dialog a test opened: the document, the types offered, the compendium it was for. */
export const createDialogs: { documentName: DocumentName; types: string[]; pack: string | null }[] = [];

export class StandInDocument {
  static documentName: DocumentName;
  readonly parent: StandInDocument | null;
  readonly pack: string | null;
  /** The unlinked token this synthetic actor belongs to; its writes go to the token's delta. */
  readonly token: StandInToken | null;
  _source: Obj;
  system!: TypeDataModel;
  readonly items: Collection<StandInDocument> = new Collection();
  /** Active effects, as light records (not documents): what the system reads of them. */
  readonly effects = new Collection<StandInEffect>();
  /** The statuses of the active effects, gathered while the document prepares (Actor#statuses). */
  statuses = new Set<string>();
  /** Every effect and status write asked of this actor, in order, for assertions. */
  readonly calls: { op: string; data: unknown }[] = [];

  constructor(data: Obj = {}, { parent = null, pack = null, token = null }: OperationOptions = {}) {
    this.parent = parent;
    this.pack = pack;
    this.token = token;
    this._source = this.#initializeSource(data);
    this._initialize();
    if (!parent) this.prepareData();
  }

  get documentName(): DocumentName {
    return (this.constructor as typeof StandInDocument).documentName;
  }

  get id(): string {
    return this._source._id as string;
  }

  get _id(): string {
    return this.id;
  }

  get name(): string {
    return this._source.name as string;
  }

  get type(): string {
    return this._source.type as string;
  }

  get img(): string | null {
    return (this._source.img as string | null) ?? null;
  }

  get flags(): Obj {
    return this._source.flags as Obj;
  }

  /** The folder's id, or null. */
  get folder(): string | null {
    return (this._source.folder as string | undefined) ?? null;
  }

  /** Where the document came from: `compendiumSource` is the uuid of the compendium entry it was imported from. */
  get _stats(): { compendiumSource?: string | null } {
    return (this._source._stats as { compendiumSource?: string | null } | undefined) ?? {};
  }

  get isEmbedded(): boolean {
    return this.parent !== null;
  }

  get isToken(): boolean {
    return this.token !== null;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    if (this.parent) return `${this.parent.uuid}.${own}`;
    if (this.token) return `${this.token.uuid}.${own}`;
    return this.pack ? `Compendium.${this.pack}.${own}` : own;
  }

  get ownership(): Obj {
    return this._source.ownership as Obj;
  }

  /** An embedded document is owned as its parent is; a synthetic actor as its base actor. */
  getUserLevel(user: User = currentUser()): number {
    if (this.parent) return this.parent.getUserLevel(user);
    if (this.token) {
      const base = g.game.actors.get(this.token.actorId);
      if (base) return base.getUserLevel(user);
    }
    return levelOf(this.ownership, user);
  }

  testUserPermission(user: User, level: OwnershipLevel | number, { exact = false } = {}): boolean {
    const wanted = typeof level === "number" ? level : OWNERSHIP[level];
    const has = this.getUserLevel(user);
    return exact ? has === wanted : has >= wanted;
  }

  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }

  /** The server's check for an update or delete: an owner (a GM owns everything). */
  canUserModify(user: User, _action: "update" | "delete" = "update"): boolean {
    return this.testUserPermission(user, "OWNER");
  }

  getActiveTokens(): unknown[] {
    return [];
  }

  /** The model class for a type, or a failure naming the type. */
  static modelFor(type: unknown): typeof TypeDataModel {
    const model = configFor(this.documentName).dataModels[String(type)];
    if (!model) {
      const failure = new DataModelValidationFailure({ unresolved: true });
      failure.fields.type = new DataModelValidationFailure({
        invalidValue: type,
        message: `${String(type)} is not a valid type for the ${this.documentName} Document class`,
        unresolved: true,
      });
      throw new DataModelValidationError(failure, this.documentName);
    }
    return model;
  }

  #initializeSource(data: Obj): Obj {
    const cls = this.constructor as typeof StandInDocument;
    const source = deepClone(data ?? {});
    const failure = new DataModelValidationFailure({ unresolved: true });
    if (typeof source.name !== "string" || source.name.trim() === "") {
      failure.fields.name = new DataModelValidationFailure({
        invalidValue: source.name,
        message: "may not be a blank string",
        unresolved: true,
      });
    }
    const Model = cls.modelFor(source.type);
    let system: Obj = {};
    try {
      system = new Model((source.system as Obj) ?? {}, { strict: true })._source;
    } catch (error) {
      if (!(error instanceof DataModelValidationError)) throw error;
      failure.fields.system = error.getFailure()!;
    }
    if (!failure.isEmpty())
      throw new DataModelValidationError(failure, `${cls.documentName} "${String(source.name)}"`);
    return {
      _id: typeof source._id === "string" ? source._id : randomID(),
      name: source.name,
      type: source.type,
      img: source.img ?? null,
      flags: isPlainObject(source.flags) ? source.flags : {},
      ownership: isPlainObject(source.ownership) ? source.ownership : { default: OWNERSHIP.NONE },
      system,
      ...(cls.documentName === "Actor" ? { items: Array.isArray(source.items) ? source.items : [] } : {}),
      // Kept only when given, so documents made without them keep their old shape.
      ...(typeof source.folder === "string" ? { folder: source.folder } : {}),
      ...(isPlainObject(source._stats) ? { _stats: source._stats } : {}),
      ...(isPlainObject(source.prototypeToken) ? { prototypeToken: source.prototypeToken } : {}),
    };
  }

  protected _initialize(): void {
    const Model = (this.constructor as typeof StandInDocument).modelFor(this.type);
    this.system = new Model(this._source.system as Obj, { parent: this, strict: true });
    // Keep one source object, as Foundry does: the model's is the document's.
    this.system._source = this._source.system as Obj;
    if (Array.isArray(this._source.items)) this.#initializeItems(this._source.items as Obj[]);
  }

  /** Embedded items keep their identity across the actor's re-initialisation, as in Foundry. */
  #initializeItems(sources: Obj[]): void {
    const ItemClass = configFor("Item").documentClass;
    const seen = new Set<string>();
    for (let i = 0; i < sources.length; i += 1) {
      const source = sources[i]!;
      let item = typeof source._id === "string" ? this.items.get(source._id) : undefined;
      if (item && item._source === source) {
        item._initialize();
      } else {
        item = new ItemClass(source, { parent: this });
        sources[i] = item._source;
        this.items.set(item.id, item);
      }
      seen.add(item.id);
    }
    for (const id of [...this.items.keys()]) if (!seen.has(id)) this.items.delete(id);
  }

  /* ---------- preparation ---------- */

  prepareData(): void {
    const isTypeData = this.system instanceof TypeDataModel;
    if (isTypeData) this.system.prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (isTypeData) this.system.prepareDerivedData();
    this.prepareDerivedData();
  }

  prepareBaseData(): void {}

  prepareEmbeddedDocuments(): void {
    for (const item of this.items) item.prepareData();
    this.statuses = new Set();
    for (const effect of this.effects) for (const status of effect.statuses) this.statuses.add(status);
  }

  prepareDerivedData(): void {}

  /** Rebuilds everything from the source and prepares again. */
  reset(): void {
    this._initialize();
    if (this.parent) this.parent.reset();
    else this.prepareData();
  }

  render(_force?: boolean): void {}

  toObject(): Obj {
    return deepClone(this._source);
  }

  /* ---------- changes ---------- */

  /**
   * Cleans and validates a change against a copy of this document; throws a
   * DataModelValidationError (paths like "system.damage") and changes nothing.
   */
  #planChanges(changes: Obj, { recursive = true }: OperationOptions = {}): Obj {
    const planned = deepClone(changes);
    delete planned._id;
    const failure = new DataModelValidationFailure({ unresolved: true });
    if ("name" in planned && (typeof planned.name !== "string" || planned.name.trim() === "")) {
      failure.fields.name = new DataModelValidationFailure({
        invalidValue: planned.name,
        message: "may not be a blank string",
        unresolved: true,
      });
    }
    if ("type" in planned && planned.type !== this.type) {
      failure.fields.type = new DataModelValidationFailure({
        invalidValue: planned.type,
        message: "the type of a document cannot change here",
        unresolved: true,
      });
    }
    if ("system" in planned) {
      const Model = (this.constructor as typeof StandInDocument).modelFor(this.type);
      if (recursive) {
        const systemChanges = isPlainObject(planned.system) ? planned.system : {};
        const inner = this.system.validationFailure({ changes: systemChanges, clean: true });
        if (inner) failure.fields.system = inner;
        planned.system = systemChanges;
      } else {
        try {
          planned.system = new Model(planned.system as Obj, { strict: true })._source;
        } catch (error) {
          if (!(error instanceof DataModelValidationError)) throw error;
          failure.fields.system = error.getFailure()!;
        }
      }
    }
    for (const key of Object.keys(planned)) {
      if (!["name", "img", "flags", "system", "type", "ownership", "prototypeToken"].includes(key))
        delete planned[key];
    }
    if (!failure.isEmpty())
      throw new DataModelValidationError(failure, `${this.documentName} "${this.name}"`);
    return planned;
  }

  #applyChanges(planned: Obj, { recursive = true }: OperationOptions = {}): void {
    for (const [key, value] of Object.entries(planned)) {
      if (key === "system" && !recursive) {
        const system = this._source.system as Obj;
        for (const k of Object.keys(system)) delete system[k];
        Object.assign(system, value);
      } else if (isPlainObject(value) && isPlainObject(this._source[key])) {
        mergeObject(this._source[key] as Obj, value);
      } else {
        this._source[key] = value;
      }
    }
  }

  /**
   * Checks a change without writing it, as a document sheet does with the
   * whole form before it updates: throws the DataModelValidationError an
   * update would meet (strict), and changes nothing.
   */
  validate({ changes = {} }: { changes?: Obj; clean?: boolean; fallback?: boolean } = {}): true {
    this.#planChanges(expandObject(changes));
    return true;
  }

  /** The change is applied to the source at once, and the document prepared again, as a client document is. */
  updateSource(changes: Obj = {}, options: OperationOptions = {}): Obj {
    const planned = this.#planChanges(expandObject(changes), options);
    this.#applyChanges(planned, options);
    this._initialize();
    this.prepareData();
    return planned;
  }

  async update(data: Obj = {}, operation: OperationOptions = {}): Promise<StandInDocument | undefined> {
    // A synthetic actor stores nothing itself: the change goes into its token's delta.
    if (this.token) return (await this.token.delta.update(data, operation)) ? this : undefined;
    const cls = this.constructor as typeof StandInDocument;
    const updated = await cls.updateDocuments([{ ...data, _id: this.id }], {
      ...operation,
      parent: this.parent,
      pack: this.pack,
    });
    return updated[0];
  }

  /**
   * Foundry's client first cleans and validates each change: a refused one
   * is shown as an error and left out, the rest go on (so `update` resolves
   * to undefined for a refused change, it does not throw). After the round
   * trip the server refuses the whole request if the user may not modify a
   * document; otherwise the changes are applied and `update<Name>` runs on
   * every client.
   */
  static async updateDocuments(
    updates: Obj[] = [],
    operation: OperationOptions = {},
  ): Promise<StandInDocument[]> {
    const parent = operation.parent ?? null;
    const pack = writablePack(operation.pack ?? parent?.pack ?? null);
    const collection = parent ? parent.items : pack ? pack.documents : worldCollection(this.documentName);
    const user = currentUser();
    const plans: [StandInDocument, Obj, OperationOptions][] = [];
    for (const update of updates) {
      const changes = expandObject(update);
      const document = collection.get(String(changes._id));
      if (!document) throw new Error(`${this.documentName} ${String(changes._id)} does not exist`);
      const options = takeForcedSystem(changes) ? { ...operation, recursive: false } : operation;
      try {
        plans.push([document, document.#planChanges(changes, options), options]);
      } catch (error) {
        if (!(error instanceof DataModelValidationError)) throw error;
        notifyInvalid(error);
      }
    }
    if (plans.length === 0) return [];
    await roundTrip();
    for (const [document] of plans) {
      if (!document.canUserModify(user, "update")) throw refuseWrite(user, "update", document.uuid);
      if ("ownership" in plans.find(([d]) => d === document)![1] && !user.isGM)
        throw refuseWrite(user, "change the ownership of", document.uuid);
    }
    for (const [document, planned, options] of plans) {
      document.#applyChanges(planned, options);
      document._initialize();
    }
    if (parent) parent.reset();
    else for (const [document] of plans) document.prepareData();
    const updated = plans.map(([document]) => document);
    pack?.writes.push(...updated.map((document) => document.uuid));
    parent?.token?.delta.storeItems(updated.map((document) => document.toObject()));
    for (const [document, planned] of plans)
      broadcastHook(`update${this.documentName}`, document, planned, operation, user.id);
    return updated;
  }

  /** Rebuilds this document from new source data (a synthetic actor after its delta changed), keeping its identity. */
  _replaceSource(data: Obj): void {
    this._source = this.#initializeSource(data);
    this._initialize();
    this.prepareData();
  }

  /** The types a document of this class may have: the configured data models' (game.documentTypes). */
  static get TYPES(): string[] {
    return Object.keys(configFor(this.documentName).dataModels);
  }

  /**
   * The create dialog (sidebar, compendium, v13's signature): it offers
   * `TYPES`, narrowed to `dialogOptions.types` when given (an empty list is
   * refused, as Foundry refuses it). The stand-in opens nothing: it records
   * what the dialog would offer in `createDialogs` and resolves null, as
   * when the user closes it.
   */
  static async createDialog(
    _data: Obj = {},
    createOptions: OperationOptions = {},
    dialogOptions: { types?: string[] } & Obj = {},
  ): Promise<null> {
    const { types } = dialogOptions;
    if (types?.length === 0) throw new Error("The array of sub-types to restrict to must not be empty");
    const offered = this.TYPES.filter((type) => !types || types.includes(type));
    createDialogs.push({ documentName: this.documentName, types: offered, pack: createOptions.pack ?? null });
    return null;
  }

  static async create(data: Obj, operation: OperationOptions = {}): Promise<StandInDocument | undefined> {
    const created = await this.createDocuments([data], operation);
    return created[0];
  }

  static async createDocuments(
    data: Obj[] = [],
    operation: OperationOptions = {},
  ): Promise<StandInDocument[]> {
    const parent = operation.parent ?? null;
    const DocumentClass = configFor(this.documentName).documentClass;
    const created: StandInDocument[] = [];
    const candidates = data.map((d) => new DocumentClass(d, { parent, pack: operation.pack ?? null }));
    if (parent)
      for (const document of candidates) {
        if (!parent.items.has(document.id)) continue;
        // An id is unique in its collection: a kept one that is taken refuses the write; one not kept is new.
        if ((operation as { keepId?: boolean }).keepId === true)
          throw new Error(`${parent.uuid} already holds an item ${document.id}`);
        document._source._id = randomID();
      }
    const user = currentUser();
    for (const [i, document] of candidates.entries()) {
      const allowed = await document._preCreate(data[i]!, operation, user);
      if (allowed === false) continue;
      created.push(document);
    }
    if (created.length === 0) return [];
    await roundTrip();
    if (parent && !parent.canUserModify(user, "update")) throw refuseWrite(user, "create in", parent.uuid);
    for (const document of created) {
      if (parent) {
        (parent._source.items as Obj[]).push(document._source);
        parent.items.set(document.id, document);
      } else {
        worldCollection(this.documentName).set(document.id, document);
      }
    }
    if (parent) parent.reset();
    for (const document of created) broadcastHook(`create${this.documentName}`, document, operation, user.id);
    return created;
  }

  protected async _preCreate(
    data: Obj,
    options: OperationOptions,
    user: unknown,
  ): Promise<boolean | undefined> {
    // ClientDocument#_preCreate asks the type data model (TypeDataModel#_preCreate): false keeps the document out.
    if (this.system instanceof TypeDataModel) return this.system._preCreate(data, options, user);
    return undefined;
  }

  getEmbeddedCollection(name: string): Collection<StandInDocument> | Collection<StandInEffect> {
    if (name === "ActiveEffect") return this.effects;
    if (name !== "Item") throw new Error(`the stand-in has no embedded ${name} collection`);
    return this.items;
  }

  /** The server's refusal of an effect or status write by a user who does not own the actor. */
  async #ownerWrite(action: string): Promise<User> {
    const user = currentUser();
    await roundTrip();
    if (!this.canUserModify(user, "update")) throw refuseWrite(user, action, this.uuid);
    return user;
  }

  async createEmbeddedDocuments(name: string, data: Obj[], operation: OperationOptions = {}) {
    if (name !== "ActiveEffect")
      return configFor(name as DocumentName).documentClass.createDocuments(data, {
        ...operation,
        parent: this,
      });
    this.calls.push({ op: "create", data: deepClone(data) });
    await this.#ownerWrite("add an effect to");
    const created = data.map((d) => {
      const effect = new StandInEffect(this, d);
      this.effects.set(effect.id, effect);
      return effect;
    });
    this.prepareData();
    return created;
  }

  async updateEmbeddedDocuments(name: string, updates: Obj[], operation: OperationOptions = {}) {
    if (name !== "ActiveEffect")
      return configFor(name as DocumentName).documentClass.updateDocuments(updates, {
        ...operation,
        parent: this,
      });
    this.calls.push({ op: "update", data: deepClone(updates) });
    await this.#ownerWrite("update an effect of");
    const updated: StandInEffect[] = [];
    for (const change of updates) {
      const effect = this.effects.get(String(change._id));
      if (!effect) continue;
      effect.apply(change);
      updated.push(effect);
    }
    this.prepareData();
    return updated;
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]) {
    if (name === "Item") {
      const user = await this.#ownerWrite("delete an item of");
      const items = this._source.items as Obj[];
      const deleted = ids.filter((id) => items.some((item) => item._id === id));
      this._source.items = items.filter((item) => !ids.includes(String(item._id)));
      this.reset();
      for (const id of deleted) broadcastHook("deleteItem", id, {}, user.id);
      return deleted;
    }
    if (name !== "ActiveEffect")
      throw new Error(`the stand-in deletes only ActiveEffects and Items, not ${name}`);
    this.calls.push({ op: "delete", data: [...ids] });
    const user = await this.#ownerWrite("remove an effect from");
    const gone = ids.flatMap((id) => {
      const effect = this.effects.get(id);
      return effect && this.effects.delete(id) ? [effect] : [];
    });
    this.prepareData();
    // Foundry's deleteActiveEffect runs on every client with the deleting user's id.
    for (const effect of gone) broadcastHook("deleteActiveEffect", effect, {}, user.id);
    return gone.map((effect) => effect.id);
  }

  /** v13: one effect per status, created or deleted; resolves whether the status is now on. */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<boolean> {
    this.calls.push({ op: "status", data: { id: statusId, active } });
    const user = await this.#ownerWrite("change the statuses of");
    const existing = this.effects.filter((e) => e.statuses.size === 1 && e.statuses.has(statusId));
    const on = active ?? existing.length === 0;
    if (!on) for (const e of existing) this.effects.delete(e.id);
    else if (existing.length === 0) {
      const effect = new StandInEffect(this, { name: statusId, statuses: [statusId] });
      this.effects.set(effect.id, effect);
    }
    this.prepareData();
    if (!on) for (const e of existing) broadcastHook("deleteActiveEffect", e, {}, user.id);
    return on;
  }
}

let nextEffect = 1;

/** An ActiveEffect as the system reads it: id, name, statuses, flags, duration, and the data it was made from. */
export class StandInEffect {
  readonly id: string;
  name: string;
  statuses: Set<string>;
  flags: Obj;
  data: Obj;

  constructor(
    readonly parent: StandInDocument,
    data: Obj,
  ) {
    const n = String(nextEffect++);
    this.id = typeof data._id === "string" ? data._id : `eff${"0".repeat(13 - n.length)}${n}`;
    this.name = String(data.name ?? "");
    this.statuses = new Set((data.statuses as string[]) ?? []);
    this.flags = deepClone((data.flags as Obj) ?? {});
    this.data = deepClone(data);
  }

  get _id(): string {
    return this.id;
  }

  get uuid(): string {
    return `${this.parent.uuid}.ActiveEffect.${this.id}`;
  }

  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Obj | undefined)?.[key];
  }

  /** The stored data (DataModel#_source), nested. */
  get _source(): Obj {
    return expandObject(this.data);
  }

  /** The stored duration fields (EffectDurationData: rounds, startRound, seconds, startTime…); Foundry adds its label. */
  get duration(): Obj {
    return (this._source.duration as Obj | undefined) ?? {};
  }

  apply(change: Obj): void {
    const expanded = expandObject(change);
    if (isPlainObject(expanded.flags)) mergeObject(this.flags, expanded.flags);
    if (typeof expanded.name === "string") this.name = expanded.name;
    if (Array.isArray(expanded.statuses)) this.statuses = new Set(expanded.statuses as string[]);
    this.data = { ...this.data, ...change };
  }
}

export class Actor extends StandInDocument {
  static override documentName: DocumentName = "Actor";

  /** The prototype token's data (name, size, bars, disposition), as stored. */
  get prototypeToken(): Obj {
    return (this._source.prototypeToken as Obj | undefined) ?? { name: this.name };
  }

  /** A token of this actor from its prototype, the given data over it (Actor#getTokenDocument). */
  async getTokenDocument(data: Obj = {}): Promise<{ toObject(): Obj }> {
    const source = { ...deepClone(this.prototypeToken), actorId: this.id, ...deepClone(data) };
    return { toObject: () => deepClone(source) };
  }

  /**
   * A Token HUD edit: a bar's new value is kept within 0..max, a plain
   * attribute is set as typed; a `modifyTokenAttribute` hook returning false
   * cancels the edit (Actor#modifyTokenAttribute, hookEvents.modifyTokenAttribute).
   */
  async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<unknown> {
    const current = getProperty(this.system, attribute) as { value: number; max: number } | number;
    let updates: Obj;
    if (isBar && typeof current === "object" && current !== null) {
      const next = isDelta ? current.value + value : value;
      updates = { [`system.${attribute}.value`]: Math.min(Math.max(next, 0), current.max) };
    } else {
      updates = { [`system.${attribute}`]: isDelta ? Number(current) + value : value };
    }
    const allowed = g.Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    return allowed !== false ? this.update(updates) : this;
  }
}

export class Item extends StandInDocument {
  static override documentName: DocumentName = "Item";

  get actor(): StandInDocument | null {
    return this.parent instanceof Actor ? this.parent : null;
  }
}

/* -------------------------------------------- */
/*  Scenes, tokens and actor deltas             */
/* -------------------------------------------- */

function gameOf(): { actors: Collection<StandInDocument>; packs: Collection<StandInCompendium> } {
  return (globalThis as unknown as { game: never }).game;
}

/**
 * An unlinked token's ActorDelta: only what the token overrides of its base
 * actor (`system` as a partial object, `items` as whole item sources). The
 * stand-in's delta takes `system` changes only.
 */
export class StandInActorDelta {
  _source: { _id: string; system: Obj; items: Obj[] };

  constructor(
    readonly parent: StandInToken,
    data: { system?: Obj; items?: Obj[] } = {},
  ) {
    this._source = {
      _id: parent.id,
      system: deepClone(data.system ?? {}),
      items: deepClone(data.items ?? []),
    };
  }

  get id(): string {
    return this._source._id;
  }

  get name(): string {
    return this.parent.name;
  }

  toObject(): Obj {
    return deepClone(this._source);
  }

  /**
   * `recursive: false` replaces `system`; otherwise the change is merged. A
   * change the synthetic actor refuses is notified and not stored (resolves
   * undefined), as any document update.
   */
  async update(data: Obj = {}, operation: OperationOptions = {}): Promise<StandInActorDelta | undefined> {
    const changes = expandObject(deepClone(data));
    delete changes._id;
    const recursive = !takeForcedSystem(changes) && operation.recursive !== false;
    const others = Object.keys(changes).filter((key) => key !== "system");
    if (others.length) throw new Error(`the stand-in's ActorDelta takes system changes only, not ${others}`);
    const next = () => {
      const out = deepClone(this._source);
      if (isPlainObject(changes.system)) {
        out.system = recursive
          ? mergeObject(out.system, deepClone(changes.system))
          : deepClone(changes.system);
      }
      return out;
    };
    try {
      this.parent.checkDelta(next());
    } catch (error) {
      if (!(error instanceof DataModelValidationError)) throw error;
      notifyInvalid(error);
      return undefined;
    }
    const user = currentUser();
    await roundTrip();
    const base = this.parent.baseActor;
    if (base && !base.canUserModify(user, "update")) throw refuseWrite(user, "update", this.parent.uuid);
    const applied = next();
    this.parent.applyDelta(applied);
    this._source = applied;
    broadcastHook("updateActorDelta", this, changes, { recursive }, user.id);
    return this;
  }

  /** Items written through the synthetic actor become (or replace) overrides of the delta. */
  storeItems(sources: Obj[]): void {
    for (const source of sources) {
      const index = this._source.items.findIndex((item) => item._id === source._id);
      if (index >= 0) this._source.items[index] = deepClone(source);
      else this._source.items.push(deepClone(source));
    }
  }
}

/** A token on a scene: linked (its actor is the world actor) or unlinked (a synthetic actor from base + delta). */
export class StandInToken {
  readonly id: string;
  readonly name: string;
  readonly actorId: string;
  readonly actorLink: boolean;
  readonly delta: StandInActorDelta;
  /** Where it stands, in pixels from the canvas's top left, and its size in grid squares. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly disposition: number;
  #synthetic: StandInDocument | null = null;

  constructor(
    readonly parent: StandInScene,
    data: {
      name?: string;
      actorId: string;
      actorLink?: boolean;
      delta?: { system?: Obj; items?: Obj[] };
      x?: number;
      y?: number;
      width?: number;
      height?: number;
      disposition?: number;
    },
  ) {
    this.id = randomID();
    this.actorId = data.actorId;
    this.name = data.name ?? gameOf().actors.get(data.actorId)?.name ?? "Token";
    this.actorLink = data.actorLink ?? false;
    this.delta = new StandInActorDelta(this, data.delta);
    this.x = data.x ?? 0;
    this.y = data.y ?? 0;
    this.width = data.width ?? 1;
    this.height = data.height ?? 1;
    this.disposition = data.disposition ?? 0;
  }

  get uuid(): string {
    return `${this.parent.uuid}.Token.${this.id}`;
  }

  /** Linked: the world actor. Unlinked: one synthetic actor, kept until the delta changes it. */
  get actor(): StandInDocument | null {
    const base = gameOf().actors.get(this.actorId);
    if (!base) return null;
    if (this.actorLink) return base;
    if (!this.#synthetic) {
      const ActorClass = configFor("Actor").documentClass;
      this.#synthetic = new ActorClass(this.#syntheticSource(base, this.delta._source), { token: this });
    }
    return this.#synthetic;
  }

  get baseActor(): StandInDocument | null {
    return gameOf().actors.get(this.actorId) ?? null;
  }

  /** Throws the validation error the synthetic actor would meet with this delta; changes nothing. */
  checkDelta(delta: { system: Obj; items: Obj[] }): void {
    const base = this.baseActor;
    if (!base || this.actorLink) return;
    const ActorClass = configFor("Actor").documentClass;
    new ActorClass(this.#syntheticSource(base, delta), { token: this });
  }

  /** Re-applies a changed delta to the synthetic actor. */
  applyDelta(delta: { system: Obj; items: Obj[] }): void {
    const base = this.baseActor;
    if (!base || this.actorLink) return;
    const source = this.#syntheticSource(base, delta);
    if (this.#synthetic) this.#synthetic._replaceSource(source);
  }

  /** The base actor's source with the delta's system merged over it and its items replacing or adding to the base's. */
  #syntheticSource(base: StandInDocument, delta: { system: Obj; items: Obj[] }): Obj {
    const source = base.toObject();
    source.system = mergeObject(source.system as Obj, deepClone(delta.system));
    const items = source.items as Obj[];
    for (const item of delta.items) {
      const index = items.findIndex((i) => i._id === item._id);
      if (index >= 0) items[index] = deepClone(item);
      else items.push(deepClone(item));
    }
    return source;
  }
}

export class StandInScene {
  readonly id = randomID();
  readonly tokens = new Collection<StandInToken>();
  /** Scene#dimensions as the canvas reads them: the scene's rectangle inside its padding, and the grid size in pixels. */
  readonly dimensions = { sceneX: 500, sceneY: 500, sceneWidth: 2000, sceneHeight: 1500, size: 100 };

  constructor(readonly name: string) {}

  /** Tokens created from token data (`actorId`, x, y…), by a GM only, as the server allows. */
  async createEmbeddedDocuments(name: "Token", data: Obj[]): Promise<StandInToken[]> {
    if (name !== "Token") throw new Error(`the stand-in's Scene embeds only Tokens, not ${name}`);
    const user = currentUser();
    await roundTrip();
    if (!user.isGM) throw refuseWrite(user, "create a Token in", this.uuid);
    return data.map((d) => this.addToken(d as unknown as ConstructorParameters<typeof StandInToken>[1]));
  }

  get uuid(): string {
    return `Scene.${this.id}`;
  }

  /** Test helper: places a token of a world actor on this scene. */
  addToken(data: ConstructorParameters<typeof StandInToken>[1]): StandInToken {
    const token = new StandInToken(this, data);
    this.tokens.set(token.id, token);
    return token;
  }
}

/* -------------------------------------------- */
/*  Compendium packs                            */
/* -------------------------------------------- */

export interface PackInput {
  /** "world.monsters", "fangs.equipment" */
  id: string;
  label?: string;
  type: DocumentName;
  packageType: "world" | "system" | "module";
  /** Defaults as Foundry's: a world pack is unlocked, a system or module pack locked. */
  locked?: boolean;
  documents?: Obj[];
}

/**
 * A CompendiumCollection: metadata, the lock, `configure({ locked })`,
 * `getDocuments()`. A write to a locked pack is refused as Foundry refuses
 * it; `writes` records the uuid of each document written, `configured` each
 * configure call.
 */
export class StandInCompendium {
  readonly metadata: {
    id: string;
    label: string;
    type: DocumentName;
    packageType: string;
    packageName: string;
  };
  readonly documents = new Collection<StandInDocument>();
  readonly writes: string[] = [];
  readonly configured: Obj[] = [];
  #locked: boolean;

  constructor(input: PackInput) {
    const [packageName = "world", name = input.id] = input.id.split(".");
    this.metadata = {
      id: input.id,
      label: input.label ?? name,
      type: input.type,
      packageType: input.packageType,
      packageName,
    };
    this.#locked = input.locked ?? input.packageType !== "world";
    const DocumentClass = configFor(input.type).documentClass;
    for (const data of input.documents ?? []) {
      const document = new DocumentClass(data, { pack: input.id });
      this.documents.set(document.id, document);
    }
  }

  get collection(): string {
    return this.metadata.id;
  }

  get title(): string {
    return this.metadata.label;
  }

  get documentName(): DocumentName {
    return this.metadata.type;
  }

  get locked(): boolean {
    return this.#locked;
  }

  async configure(settings: { locked?: boolean } = {}): Promise<void> {
    this.configured.push({ ...settings });
    if ("locked" in settings) this.#locked = Boolean(settings.locked);
  }

  async getDocuments(): Promise<StandInDocument[]> {
    return this.documents.contents;
  }

  /**
   * The index without loading documents: each entry holds `_id`, `name`,
   * `type`, `img` and the source's value at each dotted path of `fields`,
   * nested as in the source (CompendiumCollection#getIndex, "fields").
   */
  async getIndex(options: { fields?: string[] } = {}): Promise<Collection<Obj>> {
    const index = new Collection<Obj>();
    for (const document of this.documents) {
      const source = document.toObject();
      const entry: Obj = { _id: source._id, name: source.name, type: source.type, img: source.img };
      for (const field of options.fields ?? []) {
        const value = getProperty(source, field);
        if (value !== undefined) setProperty(entry, field, deepClone(value));
      }
      index.set(String(source._id), entry);
    }
    return index;
  }
}

/** The pack a write goes to, refusing a locked one; null for the world. */
function writablePack(id: string | null): StandInCompendium | null {
  if (!id) return null;
  const pack = gameOf().packs.get(id);
  if (!pack) throw new Error(`there is no compendium ${id}`);
  if (pack.locked) throw new Error(`the compendium ${id} is locked`);
  return pack;
}
