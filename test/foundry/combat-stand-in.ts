/**
 * The combat layer's view of the stand-in (test/foundry/stand-in/): three
 * users ("gm", "player", "other"), actors built from a few fields, combats
 * and combatants, the settings as stored, the warnings and chat data shown.
 * A thin adapter kept so the combat tests read as before; the documents it
 * hands out are the one stand-in's. Its language is `keysOnly`: the combat
 * tests read keys, not English.
 */
import "./setup";
import { standIn } from "./setup";
import {
  Actor,
  ChatMessage,
  Collection,
  type Combat,
  Combatant,
  dice,
  Localization,
  type Obj,
  OWNERSHIP,
  queries,
  type StandInDocument,
  StandInEffect,
  USER_ROLES,
  User,
} from "./stand-in/index";

export { Collection as StandInCollection };
export type StandInUser = User;
export type StandInCombat = Combat;

/**
 * A Combatant of the configured class, as Foundry makes them (the system's
 * FangsCombatant once the documents are configured):
 * `new StandInCombatant(id, name, actor, system)`.
 */
export const StandInCombatant: typeof Combatant = new Proxy(Combatant, {
  construct: (_target, args: ConstructorParameters<typeof Combatant>) => {
    const configured = (CONFIG as unknown as { Combatant: { documentClass: typeof Combatant } }).Combatant;
    return new configured.documentClass(...args);
  },
});
export type StandInCombatant = Combatant;

/**
 * An actor of the one Actor class from a few fields: its items get a name
 * when they have none, and `owners` own it besides the GMs.
 */
export class StandInActor extends Actor {
  constructor(
    id: string,
    name: string,
    system: Obj,
    items: Obj[] = [],
    type = "character",
    owners: string[] = [],
  ) {
    const ownership: Record<string, number> = { default: OWNERSHIP.NONE };
    for (const owner of owners) ownership[owner] = OWNERSHIP.OWNER;
    super({
      _id: id,
      name,
      type,
      system,
      items: items.map((item, i) => ({ name: `${String(item.type)} ${i + 1}`, ...item })),
      ownership,
    });
  }
}

/**
 * A status the actor has as the test begins, as a stored status effect:
 * an actor's `statuses` are gathered from its effects each time it prepares,
 * so a status added to the set alone is gone at the next write.
 */
export function giveStatus(actor: StandInDocument, statusId: string): void {
  const effect = new StandInEffect(actor, { name: statusId, statuses: [statusId] });
  actor.effects.set(effect.id, effect);
  actor.prepareData();
}

export interface StandInWorld {
  gm: User;
  /**
   * A second GM, not connected and not among `game.users` until a test adds
   * it; never the active GM while `gm` is (the active GM: lowest id).
   */
  gm2: User;
  player: User;
  other: User;
  warnings: string[];
  chat: Obj[];
  queries: typeof queries;
  combats: Collection<Combat>;
  setUser(user: User): void;
  /** The settings as stored, by "namespace.key" (a test may store any value). */
  settings: Map<string, unknown>;
  diceValues: number[];
}

/** Switches the stand-in to the combat tests' world and returns handles for assertions. */
export function installCombatStandIn(): StandInWorld {
  const gm = new User("gm", "gm", USER_ROLES.GAMEMASTER);
  const gm2 = new User("gm2", "gm2", USER_ROLES.GAMEMASTER);
  gm2.active = false;
  const player = new User("player", "player", USER_ROLES.PLAYER);
  const other = new User("other", "other", USER_ROLES.PLAYER);
  standIn.setUsers([gm, player, other]);
  standIn.game.i18n = new Localization(undefined, { keysOnly: true });
  const warnings: string[] = [];
  standIn.ui.notifications.listeners.push((notice) => {
    if (notice.type !== "info") warnings.push(notice.message);
  });
  (globalThis as unknown as Obj).canvas = { scene: { id: "scene" }, tokens: null, grid: null };
  return {
    gm,
    gm2,
    player,
    other,
    warnings,
    chat: ChatMessage.requested,
    queries,
    combats: standIn.game.combats,
    setUser: (user) => standIn.as(user),
    settings: standIn.game.settings.storage,
    diceValues: dice,
  };
}
