/**
 * The exchange card's view of the stand-in (test/foundry/stand-in/): five
 * users on separate clients (two GMs; the active one has the lower id),
 * owned actors, a running combat, scripted dice and the notices shown.
 * A thin adapter kept so the card's tests read as before; everything it
 * hands out is the one stand-in's.
 */
import "./setup";
import { standIn } from "./setup";
import {
  ArrayField,
  ChatMessage,
  Combat,
  Combatant,
  dice,
  GridScene,
  makeToken,
  ObjectField,
  OWNERSHIP,
  Roll,
  SquareGrid,
  type StandInEffect,
  type TokenDocument,
  tokenDocuments,
  type User,
} from "./stand-in/index";

export type { TokenDocument };
export { ArrayField, ChatMessage, Combatant, GridScene, ObjectField, Roll, SquareGrid };
export type TestUser = User;
export type TestEffect = StandInEffect;

/** Who owns an actor besides the GMs: a test's shortcut for the ownership a GM would set. */
export function setOwners(actor: object, ...userIds: string[]): void {
  const source = (actor as { _source: { ownership?: Record<string, number> } })._source;
  source.ownership = { default: OWNERSHIP.NONE };
  for (const id of userIds) source.ownership[id] = OWNERSHIP.OWNER;
}

/** A running combat in the Melee phase (round 1, turn 0), whose combatants are added with `add(actor, system)`. */
export class TestCombat extends Combat {
  constructor() {
    super({ _id: "combat0000000001", round: 1, turn: 0, system: { phase: "melee", order: [] } });
  }
}

export interface ChatWorld {
  readonly gm: User;
  /** A second GM (not the active one: the active GM has the lowest id). */
  readonly gm2: User;
  /** Owns the attacker. */
  readonly player: User;
  /** Owns the target. */
  readonly defender: User;
  /** Owns nothing in the exchange. */
  readonly stranger: User;
  combat: Combat | null;
  /** What `game.combat` answers on this client (see StandIn#viewedCombat). */
  viewedCombat: Combat | null | undefined;
  readonly dice: number[];
  readonly dsn: (typeof standIn.dsn)[number][];
  readonly notices: string[];
  as(user: User): void;
  /** A token for an actor, which `fromUuid` finds (targets, free attacks); with a place, on a gridded scene. */
  token(
    actor: { uuid: string; name: string },
    name?: string,
    place?: { scene: GridScene; x: number; y: number; disposition: number } | null,
  ): TokenDocument;
  reset(): void;
}

const notices: string[] = [];
standIn.ui.notifications.listeners.push((notice) => notices.push(notice.message));

export const world: ChatWorld = {
  ...standIn.users,
  get combat() {
    return standIn.game.combats.contents[0] ?? null;
  },
  set combat(combat) {
    standIn.game.combats.clear();
    if (combat) standIn.game.combats.set(combat.id, combat);
  },
  get viewedCombat() {
    return standIn.viewedCombat;
  },
  set viewedCombat(combat) {
    standIn.viewedCombat = combat;
  },
  dice,
  dsn: standIn.dsn,
  notices,
  as(user) {
    standIn.as(user);
  },
  token: makeToken,
  reset() {
    dice.length = 0;
    standIn.dsn.length = 0;
    notices.length = 0;
    Roll.evaluated.length = 0;
    standIn.game.messages.clear();
    standIn.game.macros.clear();
    standIn.game.actors.clear();
    tokenDocuments.clear();
    this.combat = null;
    this.viewedCombat = undefined;
    for (const u of standIn.game.users) {
      u.active = true;
      u.queries.length = 0;
      u.hotbar.length = 0;
      u.targets.clear();
    }
    standIn.as(standIn.users.gm);
  },
};

standIn.game.settings.register("core", "rollMode", {
  scope: "client",
  config: false,
  type: String,
  default: "publicroll",
} as never);
