/**
 * A small stand-in for the parts of Foundry the combat layer touches: Combat,
 * Combatant (an embedded collection updated through its parent), users,
 * queries, settings, notifications and chat. It behaves as Foundry's public
 * API documentation describes — update merges, embedded arrays merged by
 * `_id`, `setupTurns` sorting with `_sortCombatants` called unbound — and
 * records every call so tests can assert on them. Installed on globalThis
 * only where nothing else (the data stand-in) is installed already.
 */

type Dict = Record<string, unknown>;

function isObject(v: unknown): v is Dict {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Foundry's mergeObject for update data: objects merge, arrays and scalars replace. */
export function mergeInto(target: Dict, source: Dict): Dict {
  for (const [key, value] of Object.entries(source)) {
    if (key.includes(".")) {
      const [head, ...rest] = key.split(".");
      const child = isObject(target[head!]) ? (target[head!] as Dict) : {};
      target[head!] = mergeInto(child, { [rest.join(".")]: value });
    } else if (isObject(value) && isObject(target[key])) {
      mergeInto(target[key] as Dict, value);
    } else {
      target[key] = structuredClone(value);
    }
  }
  return target;
}

export interface StandInUser {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  readonly isSelf: boolean;
  queries: { name: string; payload: unknown }[];
  query(name: string, payload: unknown, options?: unknown): Promise<unknown>;
}

export class StandInEffect {
  constructor(
    public id: string,
    public flags: Dict,
    public data: Dict,
  ) {}
}

export class StandInActor {
  readonly effects: StandInEffect[] = [];
  readonly statuses = new Set<string>();
  readonly calls: { op: string; data: unknown }[] = [];
  #next = 1;
  isToken = false;
  token = null;
  constructor(
    public id: string,
    public name: string,
    public system: Dict,
    public items: Dict[] = [],
    public type = "character",
    public owners: string[] = [],
  ) {}
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  async createEmbeddedDocuments(_type: string, data: Dict[]): Promise<StandInEffect[]> {
    // Yields first, as a database round-trip does: a second call may start meanwhile.
    await Promise.resolve();
    this.calls.push({ op: "create", data });
    return data.map((d) => {
      const effect = new StandInEffect(`eff${this.#next++}`, (d.flags as Dict) ?? {}, d);
      this.effects.push(effect);
      return effect;
    });
  }
  async updateEmbeddedDocuments(_type: string, data: Dict[]): Promise<void> {
    await Promise.resolve();
    this.calls.push({ op: "update", data });
    for (const d of data) {
      const effect = this.effects.find((e) => e.id === d._id);
      if (effect) {
        effect.flags = (d.flags as Dict) ?? effect.flags;
        effect.data = { ...effect.data, ...d };
      }
    }
  }
  async deleteEmbeddedDocuments(_type: string, ids: string[]): Promise<void> {
    await Promise.resolve();
    this.calls.push({ op: "delete", data: ids });
    for (const id of ids) {
      const at = this.effects.findIndex((e) => e.id === id);
      if (at >= 0) this.effects.splice(at, 1);
    }
  }
  async toggleStatusEffect(id: string, { active }: { active: boolean }): Promise<void> {
    this.calls.push({ op: "status", data: { id, active } });
    if (active) this.statuses.add(id);
    else this.statuses.delete(id);
  }
}

/** A Collection: a Map with Foundry's array-like helpers. */
export class StandInCollection<T extends { id: string }> extends Map<string, T> {
  get contents(): T[] {
    return [...this.values()];
  }
  filter(fn: (v: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  map<U>(fn: (v: T) => U): U[] {
    return this.contents.map(fn);
  }
  find(fn: (v: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  some(fn: (v: T) => boolean): boolean {
    return this.contents.some(fn);
  }
  override [Symbol.iterator](): MapIterator<[string, T]> {
    return super[Symbol.iterator]();
  }
}
// Foundry's collections iterate over values.
Object.defineProperty(StandInCollection.prototype, Symbol.iterator, {
  value: function (this: Map<string, unknown>) {
    return this.values();
  },
});

export class StandInCombatant {
  system: Dict;
  initiative: number | null = null;
  hidden = false;
  defeated = false;
  combat: StandInCombat | null = null;
  readonly updates: Dict[] = [];
  /** The id of the user whose client made each update, in order. */
  readonly writers: string[] = [];
  sceneId = "scene";
  img = "icons/svg/mystery-man.svg";
  constructor(
    public id: string,
    public name: string,
    public actor: StandInActor | null,
    system: Dict = {},
  ) {
    this.system = structuredClone(system);
  }
  get _id(): string {
    return this.id;
  }
  get isDefeated(): boolean {
    return this.defeated;
  }
  get visible(): boolean {
    return true;
  }
  get isOwner(): boolean {
    const user = (globalThis as unknown as { game: { user: StandInUser } }).game.user;
    return user.isGM || (this.actor?.owners.includes(user.id) ?? false);
  }
  testUserPermission(user: StandInUser, _level: string): boolean {
    return user.isGM || (this.actor?.owners.includes(user.id) ?? false);
  }
  async update(data: Dict): Promise<this> {
    this.updates.push(structuredClone(data));
    this.writers.push((globalThis as unknown as { game: { user: StandInUser } }).game.user.id);
    this.applyChange(data);
    return this;
  }
  applyChange(data: Dict): void {
    if (isObject(data.system)) this.system = mergeInto(this.system, data.system);
    for (const [key, value] of Object.entries(data)) {
      if (key.startsWith("system.")) mergeInto(this.system, { [key.slice(7)]: value });
    }
    if (typeof data.initiative === "number") this.initiative = data.initiative;
  }
  protected _onDelete(_options: unknown, _userId: string): void {}
}

export class StandInCombat {
  id = "combat1";
  round = 0;
  turn: number | null = null;
  system: Dict = { phase: "initiative", order: [] };
  readonly combatants = new StandInCollection<StandInCombatant>();
  turns: StandInCombatant[] = [];
  readonly updates: { data: Dict; options: unknown }[] = [];

  get _id(): string {
    return this.id;
  }
  get combatant(): StandInCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  get started(): boolean {
    return this.round > 0;
  }
  add(combatant: StandInCombatant): this {
    combatant.combat = this;
    this.combatants.set(combatant.id, combatant);
    this.setupTurns();
    return this;
  }
  setupTurns(): StandInCombatant[] {
    // Foundry sorts with the method passed unbound.
    const sort = (this as unknown as { _sortCombatants: (a: unknown, b: unknown) => number })._sortCombatants;
    this.turns = this.combatants.contents.sort(sort);
    return this.turns;
  }
  protected _sortCombatants(a: StandInCombatant, b: StandInCombatant): number {
    return (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
  }
  async update(data: Dict, options: unknown = {}): Promise<this> {
    // Yields first, as the server round-trip does: a second click may plan meanwhile.
    await Promise.resolve();
    this.updates.push({ data: structuredClone(data), options });
    if (typeof data.round === "number") this.round = data.round;
    if ("turn" in data) this.turn = data.turn as number | null;
    if (isObject(data.system)) this.system = mergeInto(this.system, data.system);
    if (Array.isArray(data.combatants)) {
      for (const change of data.combatants as Dict[])
        this.combatants.get(String(change._id))?.applyChange(change);
      // Combat#_onUpdate re-sorts the turns only when the combatants changed, not for round, turn or system:
      // foundryvtt.com/api/v13/classes/foundry.documents.Combat.html (setupTurns, _onUpdate).
      this.setupTurns();
    }
    const self = (globalThis as unknown as { game: { user: StandInUser } }).game.user.id;
    this._onUpdate(data, options, self);
    return this;
  }
  /** Runs on every client after the update (one client here); the system overrides it. */
  protected _onUpdate(_changed: Dict, _options: unknown, _userId: string): void {}
  /**
   * Deletes combatants as Foundry does: gone from the collection, then each one's
   * `_onDelete` and the Combat's `_onDeleteDescendantDocuments` (one client here).
   */
  async deleteCombatants(ids: string[], userId = "gm"): Promise<void> {
    await Promise.resolve();
    const documents = ids.flatMap((id) => this.combatants.get(id) ?? []);
    for (const id of ids) this.combatants.delete(id);
    for (const doc of documents)
      (doc as unknown as { _onDelete: (o: unknown, u: string) => void })._onDelete({}, userId);
    this._onDeleteDescendantDocuments(this, "combatants", documents, ids, {}, userId);
  }
  /**
   * Foundry keeps the turn on the combatant whose turn it was (its index in the
   * new turn list), or on the next one left when that one was deleted; the
   * deleting user's client writes it.
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
    const self = (globalThis as unknown as { game: { user: StandInUser } }).game.user.id;
    if (self === userId) void this.update({ turn });
    else this.turn = turn;
  }
  getCombatantsByActor(actor: StandInActor): StandInCombatant[] {
    return this.combatants.filter((c) => c.actor === actor);
  }
  getCombatantsByToken(): StandInCombatant[] {
    return [];
  }
  async startCombat(): Promise<this> {
    return this.update({ round: 1, turn: 0 });
  }
  async nextTurn(): Promise<this> {
    return this;
  }
  async nextRound(): Promise<this> {
    return this;
  }
  async previousTurn(): Promise<this> {
    return this;
  }
  async previousRound(): Promise<this> {
    return this;
  }
  protected _onDelete(_options: unknown, _userId: string): void {}
}

class StandInField {
  constructor(
    readonly options: Dict = {},
    readonly element?: unknown,
  ) {}
}

export interface StandInWorld {
  gm: StandInUser;
  /**
   * A second GM, not connected and not among `game.users` until a test adds
   * it; never the active GM while `gm` is (Foundry's active GM: the lowest id).
   */
  gm2: StandInUser;
  player: StandInUser;
  other: StandInUser;
  warnings: string[];
  chat: Dict[];
  queries: Record<string, (payload: unknown, options?: unknown) => unknown>;
  combats: Map<string, unknown>;
  setUser(user: StandInUser): void;
  settings: Map<string, unknown>;
  diceValues: number[];
}

function user(world: () => StandInWorld, id: string, isGM: boolean): StandInUser {
  return {
    id,
    name: id,
    isGM,
    active: true,
    get isSelf() {
      return (globalThis as unknown as { game: { user: StandInUser } }).game.user.id === id;
    },
    queries: [],
    async query(name: string, payload: unknown) {
      this.queries.push({ name, payload });
      // The query runs on this user's client: switch to it, run, switch back.
      const g = (globalThis as unknown as { game: { user: StandInUser } }).game;
      const caller = g.user;
      g.user = this;
      try {
        return await world().queries[name]!(structuredClone(payload), {});
      } finally {
        g.user = caller;
      }
    },
  };
}

/** Installs the stand-in globals (only those not there yet) and returns handles for assertions. */
export function installCombatStandIn(): StandInWorld {
  const g = globalThis as unknown as Dict;
  let world!: StandInWorld;
  const gm = user(() => world, "gm", true);
  const gm2 = user(() => world, "gm2", true);
  // Not connected unless a test connects it, so worlds with one GM stay as they were.
  gm2.active = false;
  const player = user(() => world, "player", false);
  const other = user(() => world, "other", false);
  const queries: StandInWorld["queries"] = {};
  const combats = new Map<string, unknown>();
  const settings = new Map<string, unknown>();
  const warnings: string[] = [];
  const chat: Dict[] = [];
  world = {
    gm,
    gm2,
    player,
    other,
    warnings,
    chat,
    queries,
    combats,
    settings,
    diceValues: [],
    setUser(u) {
      (g.game as Dict).user = u;
    },
  };
  const fields = {
    StringField: StandInField,
    NumberField: StandInField,
    BooleanField: StandInField,
    SchemaField: StandInField,
    ArrayField: StandInField,
    HTMLField: StandInField,
    ObjectField: StandInField,
  };
  const existing = (g.foundry as Dict | undefined) ?? {};
  let requestIds = 0;
  g.foundry = {
    ...existing,
    // Request ids (src/requester.ts): unique, as Foundry's random ids are.
    utils: {
      randomID: () => `req${String(++requestIds).padStart(8, "0")}`,
      ...((existing.utils as Dict) ?? {}),
    },
    data: {
      ...((existing.data as Dict) ?? {}),
      fields: { ...fields, ...((existing.data as Dict)?.fields as Dict) },
    },
    abstract: {
      DataModel: class {},
      TypeDataModel: class {},
      ...((existing.abstract as Dict) ?? {}),
    },
    applications: {
      sidebar: {
        tabs: {
          CombatTracker: class {
            static PARTS = { header: {}, tracker: {}, footer: {} };
            element: unknown = null;
            async _onRender(_context: unknown, _options: unknown): Promise<void> {}
            // Core's row menu (names as v13 systems filter them: MetaMorphic-Digital/draw-steel,
            // src/module/applications/sidebar/combat-tracker.mjs): Modify, Clear and Reroll Initiative, Remove.
            _getEntryContextOptions(): { name: string }[] {
              return [
                "COMBAT.CombatantUpdate",
                "COMBAT.CombatantClear",
                "COMBAT.CombatantReroll",
                "COMBAT.CombatantRemove",
              ].map((name) => ({ name }));
            }
          },
        },
      },
      handlebars: { renderTemplate: async () => "" },
      ...((existing.applications as Dict) ?? {}),
    },
  };
  g.Combat = StandInCombat;
  g.Combatant = StandInCombatant;
  g.game = {
    user: gm,
    users: Object.defineProperty(new StandInCollection<StandInUser>(), "activeGM", {
      get: () => [gm, gm2].find((u) => u.active) ?? null,
    }),
    combats,
    get combat() {
      return combats.values().next().value ?? null;
    },
    i18n: {
      localize: (key: string) => key,
      format: (key: string, data: Dict = {}) => `${key} ${JSON.stringify(data)}`,
      has: () => true,
    },
    settings: {
      settings,
      get: (scope: string, key: string) => settings.get(`${scope}.${key}`),
      register: (scope: string, key: string, config: Dict) => settings.set(`${scope}.${key}`, config.default),
    },
  };
  for (const u of [gm, player, other]) (g.game as { users: Map<string, StandInUser> }).users.set(u.id, u);
  g.ui = { notifications: { warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) } };
  g.CONFIG = {
    Dice: {
      randomUniform: () => {
        const next = world.diceValues.shift();
        if (next === undefined) throw new Error("the stand-in dice ran out");
        // A face value f of a d20 comes from a uniform in [(f-1)/20, f/20).
        return (next - 0.5) / 20;
      },
    },
    statusEffects: [{ id: "holding" }, { id: "engaged" }],
    // Seconds of world time a round and a turn advance (core's defaults): foundryvtt.com/api/v13/variables/CONFIG.time.html
    time: { roundTime: 6, turnTime: 0 },
    queries,
    Combat: { dataModels: {} },
    Combatant: { dataModels: {} },
    ui: {},
  };
  g.ChatMessage = {
    create: async (data: Dict) => {
      chat.push(data);
      return data;
    },
  };
  g.Hooks = { on: () => 0, once: () => 0, callAll: () => true, call: () => true };
  g.canvas = { scene: { id: "scene" } };
  return world;
}
