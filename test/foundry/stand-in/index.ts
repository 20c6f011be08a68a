/**
 * The Foundry stand-in: the parts of Foundry VTT v13's runtime the FANGS
 * system touches, so its documents, cards and combat can be tested under
 * Node. No npm package provides Foundry's runtime; this one is written from
 * Foundry's public API documentation (foundryvtt.com/api/v13), its public
 * issue tracker and open-source v13 systems, never from Foundry's source.
 * Each behaviour the system relies on is listed, with its public source and
 * the test that pins it, in docs/development.md ("The Foundry stand-in").
 *
 * By role: utils.ts (foundry.utils, Collection), data.ts (fields, models,
 * validation), documents.ts (Actor, Item, tokens, packs, ownership),
 * combat.ts (Combat, Combatant), chat.ts (ChatMessage, Roll), game.ts
 * (users and queries, i18n, settings, notifications, Hooks). Anything else
 * is absent on purpose: a test that reaches it fails loudly.
 */
import { ChatMessage, dice, nextDocumentId, Roll, TokenDocument } from "./chat";
import { Combat, Combatant } from "./combat";
import {
  ArrayField,
  BooleanField,
  DataField,
  DataModel,
  DataModelValidationError,
  DataModelValidationFailure,
  HTMLField,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
  TypeDataModel,
} from "./data";
import {
  Actor,
  Item,
  OWNERSHIP,
  type StandInCompendium,
  type StandInDocument,
  type StandInScene,
} from "./documents";
import {
  bindCurrentUser,
  ClientSettings,
  GameTime,
  HooksStandIn,
  Localization,
  Notifications,
  onEachClientSync,
  queries,
  USER_ROLES,
  User,
  Users,
} from "./game";
import {
  Collection,
  deepClone,
  escapeHTML,
  expandObject,
  flattenObject,
  getProperty,
  hasProperty,
  mergeObject,
  type Obj,
  randomID,
  setProperty,
} from "./utils";

export * from "./chat";
export * from "./combat";
export * from "./data";
export * from "./documents";
export * from "./game";
export * from "./utils";

/** Foundry's own default status list, which the system extends (a few entries suffice). */
const CORE_STATUS_EFFECTS = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  // Core lists every status specialStatusEffects names (CONFIG.specialStatusEffects).
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
];

/**
 * The sidebar's CombatTracker as the system's subclass extends it: its
 * parts, its element, the render hook and core's row context menu (Modify,
 * Clear and Reroll Initiative, Remove), named by their labels.
 */
class CombatTracker {
  static PARTS = { header: {}, tracker: {}, footer: {} };
  element: unknown = null;
  async _onRender(_context: unknown, _options: unknown): Promise<void> {}
  _getEntryContextOptions(): { name: string }[] {
    return [
      "COMBAT.CombatantUpdate",
      "COMBAT.CombatantClear",
      "COMBAT.CombatantReroll",
      "COMBAT.CombatantRemove",
    ].map((name) => ({ name }));
  }
}

/** The world's users by default: two GMs (the active one has the lower id) and three players. */
export function defaultUsers(): Record<"gm" | "gm2" | "player" | "defender" | "stranger", User> {
  return {
    gm: new User("gm00000000000001", "gm00000000000001", USER_ROLES.GAMEMASTER),
    gm2: new User("gm00000000000002", "gm00000000000002", USER_ROLES.GAMEMASTER),
    player: new User("player0000000001", "player0000000001", USER_ROLES.PLAYER),
    defender: new User("player0000000002", "player0000000002", USER_ROLES.PLAYER),
    stranger: new User("player0000000003", "player0000000003", USER_ROLES.PLAYER),
  };
}

export interface StandInGame {
  i18n: Localization;
  settings: ClientSettings;
  user: User;
  users: Users;
  actors: Collection<StandInDocument>;
  items: Collection<StandInDocument>;
  scenes: Collection<StandInScene>;
  packs: Collection<StandInCompendium>;
  folders: Collection<StandInFolder>;
  messages: Collection<ChatMessage>;
  macros: Collection<Obj>;
  combats: Collection<Combat>;
  time: GameTime;
  readonly combat: Combat | null;
  ready: boolean;
  /** Whether the game is paused (`Game#paused`); `togglePause` changes it on every client. */
  paused: boolean;
  togglePause(pause?: boolean, options?: { broadcast?: boolean }): boolean;
  system: { id: string };
  dice3d: { showForRoll(...args: unknown[]): Promise<boolean> };
}

export interface StandIn {
  readonly game: StandInGame;
  readonly ui: { notifications: Notifications; combat: { render(force?: boolean): void } };
  readonly Hooks: HooksStandIn;
  readonly CONFIG: Obj;
  /** The default users (see `defaultUsers`), also in `game.users`. */
  readonly users: ReturnType<typeof defaultUsers>;
  /**
   * What `game.combat` answers on this client: undefined (the default) for
   * the first combat of `game.combats`; null or another combat when the
   * client views a scene without it. `game.combats` still finds it by id.
   */
  viewedCombat: Combat | null | undefined;
  /** Every Dice So Nice call, as the module would be asked. */
  readonly dsn: { roll: Roll; user: unknown; whisper: unknown; blind: unknown; messageId: unknown }[];
  /** Switches the client the code runs on. */
  as(user: User): void;
  /** Replaces the world's users (the first one becomes `game.user`). */
  setUsers(users: User[]): void;
}

/** Puts the stand-in on globalThis (foundry, game, ui, Hooks, CONFIG and the document classes) and returns it. */
export function installStandIn(): StandIn {
  const users = defaultUsers();
  const userCollection = new Users();
  for (const user of Object.values(users)) userCollection.set(user.id, user);
  const combats = new Collection<Combat>();
  const dsn: StandIn["dsn"] = [];
  const game: StandInGame = {
    i18n: new Localization(),
    settings: new ClientSettings(),
    user: users.gm,
    users: userCollection,
    actors: new Collection(),
    items: new Collection(),
    scenes: new Collection(),
    packs: new Collection(),
    folders: new Collection(),
    messages: new Collection(),
    macros: new Collection(),
    combats,
    time: new GameTime(),
    get combat() {
      return standIn.viewedCombat === undefined ? (combats.contents[0] ?? null) : standIn.viewedCombat;
    },
    ready: true,
    paused: false,
    togglePause(pause, { broadcast = true } = {}) {
      game.paused = pause ?? !game.paused;
      const options = { broadcast, userId: game.user.id };
      // Foundry runs the hook on every client the pause reaches (hookEvents.pauseGame).
      if (broadcast) onEachClientSync(() => standIn.Hooks.callAll("pauseGame", game.paused, options));
      else standIn.Hooks.callAll("pauseGame", game.paused, options);
      return game.paused;
    },
    system: { id: "fangs" },
    dice3d: {
      async showForRoll(roll, user, _sync, whisper, blind, messageId) {
        dsn.push({ roll: roll as Roll, user, whisper, blind, messageId });
        return true;
      },
    },
  };
  bindCurrentUser(game);
  const standIn: StandIn = {
    game,
    ui: { notifications: new Notifications(), combat: { render: () => undefined } },
    Hooks: new HooksStandIn(),
    CONFIG: {
      Actor: { documentClass: Actor, dataModels: {}, typeLabels: {}, trackableAttributes: {} },
      Item: { documentClass: Item, dataModels: {}, typeLabels: {} },
      Combat: { documentClass: Combat, dataModels: {} },
      Combatant: { documentClass: Combatant, dataModels: {} },
      ChatMessage: { documentClass: ChatMessage, dataModels: {} },
      statusEffects: CORE_STATUS_EFFECTS.map((s) => ({ ...s })),
      specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
      // Seconds of world time a round and a turn advance, core's defaults (CONFIG.time).
      time: { roundTime: 6, turnTime: 0 },
      queries,
      Dice: {
        rollModes: {
          publicroll: "CHAT.RollPublic",
          gmroll: "CHAT.RollPrivate",
          blindroll: "CHAT.RollBlind",
          selfroll: "CHAT.RollSelf",
        },
        /** A face value f of a d20 comes from a uniform in [(f-1)/20, f/20). */
        randomUniform: () => {
          const next = dice.shift();
          if (next === undefined) throw new Error("the stand-in dice ran out");
          return (next - 0.5) / 20;
        },
      },
      ui: {},
    },
    users,
    viewedCombat: undefined,
    dsn,
    as(user) {
      game.user = user;
    },
    setUsers(list) {
      userCollection.clear();
      for (const user of list) userCollection.set(user.id, user);
      game.user = list[0]!;
    },
  };
  const foundry = {
    abstract: { DataModel, TypeDataModel },
    data: {
      fields: {
        DataField,
        NumberField,
        StringField,
        BooleanField,
        HTMLField,
        SchemaField,
        ObjectField,
        ArrayField,
      },
      validation: { DataModelValidationError, DataModelValidationFailure },
    },
    utils: {
      deepClone,
      expandObject,
      flattenObject,
      getProperty,
      setProperty,
      hasProperty,
      mergeObject,
      randomID,
      escapeHTML,
      Collection,
    },
    documents: { BaseActor: Actor, BaseItem: Item },
    applications: {
      // Present at load in Foundry: windows of a ruleset's heavy part (src/on-demand.ts) extend them when
      // its barrel is imported, though no test of the stand-in opens one.
      api: {
        ApplicationV2: StandInApplication,
        DocumentSheetV2: StandInDocumentSheet,
        HandlebarsApplicationMixin: (Base: typeof StandInApplication) => class extends Base {},
      },
      // The same for the document sheets each ruleset registers (src/rulesets/): extended at load, never opened.
      sheets: { ActorSheetV2: StandInDocumentSheet, ItemSheetV2: StandInDocumentSheet },
      apps: { DocumentSheetConfig: sheetConfig },
      sidebar: {
        tabs: {
          CombatTracker: CombatTracker,
        },
      },
      // Loading a template registers it as a partial in Foundry; nothing here renders one.
      handlebars: { renderTemplate: async () => "", loadTemplates: async () => ({}) },
    },
  };
  Object.assign(globalThis, {
    foundry,
    game,
    ui: standIn.ui,
    Hooks: standIn.Hooks,
    CONFIG: standIn.CONFIG,
    CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP, USER_ROLES },
    Actor,
    Item,
    Combat,
    Combatant,
    ChatMessage,
    Roll,
    TokenDocument,
    Macro: {
      /** Macros: created with their author, as `Macro.create` does. */
      async create(data: Obj) {
        const macro = { ...deepClone(data), id: nextDocumentId("mac"), author: game.user.id, isAuthor: true };
        game.macros.set(macro.id, macro);
        return macro;
      },
    },
    Folder: StandInFolder,
    fromUuid: async (uuid: string) => resolveUuid(uuid),
    fromUuidSync: (uuid: string) => resolveUuid(uuid),
    // No scene is viewed: tokens have no place, so distances are unknown.
    canvas: { scene: null, tokens: null, grid: null },
  });
  return standIn;
}

/** Foundry's application base class, only to be extended (no test of the stand-in opens a window). */
class StandInApplication {}

/** Foundry's document sheet bases, only to be extended. */
class StandInDocumentSheet extends StandInApplication {}

/**
 * DocumentSheetConfig as the system calls it in `init`: each sheet registered
 * for a document class (`registered`, in order) and each one unregistered.
 */
export const sheetConfig = {
  registered: [] as { documentClass: unknown; scope: string; sheetClass: unknown; options: Obj }[],
  unregistered: [] as { documentClass: unknown; scope: string; sheetClass: unknown }[],
  registerSheet(documentClass: unknown, scope: string, sheetClass: unknown, options: Obj = {}): void {
    sheetConfig.registered.push({ documentClass, scope, sheetClass, options });
  },
  unregisterSheet(documentClass: unknown, scope: string, sheetClass: unknown): void {
    sheetConfig.unregistered.push({ documentClass, scope, sheetClass });
  },
};

/** Tokens `fromUuid` finds, by uuid (targets, free attacks). */
export const tokenDocuments = new Map<string, TokenDocument>();

/** A token for an actor, which `fromUuid` finds; with a place, it stands on that gridded scene. */
export function makeToken(
  actor: { uuid: string; name: string },
  name?: string,
  place: ConstructorParameters<typeof TokenDocument>[3] = null,
): TokenDocument {
  const token = new TokenDocument(
    `Scene.${place?.scene.id ?? "scene0000000001"}.Token.${nextDocumentId("tok")}`,
    name ?? actor.name,
    actor,
    place,
  );
  tokenDocuments.set(token.uuid, token);
  return token;
}

/** A sidebar folder: a name and the type of document it holds. Only a GM creates one. */
export class StandInFolder {
  readonly id = nextDocumentId("fol");

  constructor(
    readonly name: string,
    readonly type: string,
  ) {}

  static async create(data: { name: string; type: string }): Promise<StandInFolder> {
    const game = (globalThis as unknown as { game: StandInGame }).game;
    if (!game.user.isGM) throw new Error(`${game.user.id} may not create a folder`);
    const folder = new StandInFolder(data.name, data.type);
    game.folders.set(folder.id, folder);
    return folder;
  }
}

function resolveUuid(uuid: string): unknown {
  const parts = uuid.split(".");
  const game = (globalThis as unknown as { game: StandInGame }).game;
  // Compendium.<package>.<pack>.<Type>.<id>
  if (parts[0] === "Compendium")
    return game.packs.get(`${parts[1]}.${parts[2]}`)?.documents.get(parts[4] ?? "") ?? null;
  if (parts[0] === "Actor") {
    const actor = game.actors.get(parts[1] ?? "");
    if (!actor) return null;
    if (parts[2] === "Item") return actor.items.get(parts[3] ?? "") ?? null;
    return actor;
  }
  if (parts[0] === "ChatMessage") return game.messages.get(parts[1] ?? "") ?? null;
  if (parts[0] === "Combat") {
    const combat = game.combats.get(parts[1] ?? "");
    if (!combat) return null;
    if (parts[2] === "Combatant") return combat.combatants.get(parts[3] ?? "") ?? null;
    return combat;
  }
  if (parts[0] === "Scene") return tokenDocuments.get(uuid) ?? null;
  return null;
}
