import { isActiveGM, newRequestId, whilePending } from "../requester";
import { verifyRequester } from "../verify-requester";
import { COMBAT_QUERY } from "./query";
import { activeTableRuleset } from "./rulesets";
import { type AnyTableRuleset, roundAction } from "./table-ruleset";
import { actingNow } from "./turn-groups";

/**
 * A player's request to move the round (end its turn, or one of the world
 * ruleset's round actions: FANGS's hold, break a hold, declare or clear a
 * maneuver, src/combat/table-ruleset.ts `actions`) goes to the active GM as a v13 query; the
 * GM's handler runs only on the active GM's client and trusts nothing in the
 * payload: the user it names must confirm the request from its own client
 * (src/requester.ts: Foundry v13 does not pass the sender), and the GM finds
 * the combat and the combatants itself, checks that this user owns them, and
 * that the round is still where the player saw it (a stale or doubled click
 * does nothing). An action the world's ruleset does not define is refused;
 * the action's data is checked by the ruleset's own `parse`. The round's own rules (when a maneuver may be declared or
 * taken back) are the GM's method's, as for the GM's own clicks.
 */

export { COMBAT_QUERY };

/** An action's name: "advance", or one of the world ruleset's (letters only). */
export type CombatAction = string;

const ACTION_NAME = /^[A-Za-z]{1,32}$/;

export interface CombatActionRequest {
  readonly action: CombatAction;
  readonly combatId: string;
  readonly userId: string;
  /** The requester's pending id, which its client confirms to the GM. */
  readonly requestId: string;
  readonly combatantIds: readonly string[];
  /** Where the requester saw the round: the GM acts only if it is still there. */
  readonly expected: { readonly round: number; readonly turn: number | null; readonly phase: string };
  /**
   * The action's own data, as its ruleset's `parse` returned it (FANGS's
   * declare: the maneuver, the weapon kind it attacks with, the hand Draw
   * Weapon readies); absent for an action that takes none.
   */
  readonly data?: unknown;
}

export type CombatActionAnswer =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: CombatActionRefusal;
      readonly key: string;
      /** Placeholders of the refusal's message (a name…). */
      readonly data?: Readonly<Record<string, string | number>>;
    };

export type CombatActionRefusal =
  | "notGM"
  | "malformed"
  | "unknownUser"
  | "unknownCombat"
  | "unknownCombatant"
  | "notOwner"
  /** The named user's client did not confirm the request (forged, or that user is this GM). */
  | "unconfirmed"
  | "stale"
  | "noCurrentCombatant"
  /** The world's ruleset has no action by that name. */
  | "notInRuleset"
  /** Authorised, but the round does not allow it (a maneuver that cannot be held…). */
  | "refused";

const REFUSAL_KEYS: Readonly<Record<CombatActionRefusal, string>> = {
  notGM: "FANGS.Combat.Refusal.NoActiveGm",
  malformed: "FANGS.Combat.Refusal.Malformed",
  unknownUser: "FANGS.Combat.Refusal.NotOwner",
  unknownCombat: "FANGS.Combat.Refusal.UnknownCombat",
  unknownCombatant: "FANGS.Combat.Refusal.UnknownCombatant",
  notOwner: "FANGS.Combat.Refusal.NotOwner",
  unconfirmed: "FANGS.Combat.Refusal.Unconfirmed",
  stale: "FANGS.Combat.Refusal.Stale",
  noCurrentCombatant: "FANGS.Combat.Refusal.NotYourTurn",
  notInRuleset: "FANGS.Combat.Refusal.NotInRuleset",
  refused: "FANGS.Combat.Refusal.CannotHold",
};

function refuse(reason: CombatActionRefusal): CombatActionAnswer {
  return { ok: false, reason, key: REFUSAL_KEYS[reason] };
}

/**
 * The payload, checked field by field against the world's ruleset (the
 * active one unless given); null when anything is off, "notInRuleset" for
 * an action that ruleset does not define.
 */
export function parseCombatActionRequest(
  payload: unknown,
  table: AnyTableRuleset = activeTableRuleset(),
): CombatActionRequest | "notInRuleset" | null {
  if (payload === null || typeof payload !== "object") return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.action !== "string" || !ACTION_NAME.test(p.action)) return null;
  if (typeof p.combatId !== "string" || typeof p.userId !== "string") return null;
  if (typeof p.requestId !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(p.requestId)) return null;
  if (!Array.isArray(p.combatantIds) || !p.combatantIds.every((id) => typeof id === "string")) return null;
  if (p.combatantIds.length > 64) return null;
  const e = p.expected as Record<string, unknown> | null | undefined;
  if (!e || typeof e !== "object" || typeof e.round !== "number" || typeof e.phase !== "string") return null;
  if (e.turn !== null && typeof e.turn !== "number") return null;
  const definition = roundAction(table, p.action);
  if (!definition) return "notInRuleset";
  const combatantIds = p.combatantIds as string[];
  let data: unknown;
  if (definition.parse) {
    data = definition.parse(p.data, combatantIds);
    if (data === null || data === undefined) return null;
  } else if (p.data !== undefined) return null;
  return {
    action: p.action,
    combatId: p.combatId,
    userId: p.userId,
    requestId: p.requestId,
    combatantIds,
    expected: { round: e.round, turn: e.turn as number | null, phase: e.phase },
    ...(data !== undefined ? { data } : {}),
  };
}

/** What the handler reads of the world: narrow, so tests can hand in stand-ins. */
export interface RequestWorld<U extends RequestUser, C extends RequestCombat<U>> {
  /** This client is the active GM (not merely a GM). */
  readonly isGM: boolean;
  user(id: string): U | undefined;
  combat(id: string): C | undefined;
}
export interface RequestUser {
  readonly isGM: boolean;
}
/** `U`: the world's users, whom a combatant's permission check takes. */
export interface RequestCombatant<U extends RequestUser> {
  testUserPermission(user: U, level: "OWNER"): boolean;
}
export interface RequestCombat<U extends RequestUser> {
  readonly round: number;
  readonly turn: number | null;
  readonly phase: string;
  /** Whose turn it is; its `id` (and the stored `system.groups`) name the group acting with it. */
  readonly combatant: (RequestCombatant<U> & { readonly id?: string | null }) | null | undefined;
  readonly combatants: { get(id: string): RequestCombatant<U> | undefined };
}

/**
 * Re-checks a request on the GM's side, once its sender is confirmed
 * (`handleCombatAction`). Only `ok` lets the GM act on it.
 */
export function authorizeCombatAction<U extends RequestUser, C extends RequestCombat<U>>(
  payload: unknown,
  world: RequestWorld<U, C>,
): { answer: CombatActionAnswer; request: CombatActionRequest | null; combat: C | null } {
  const deny = (reason: CombatActionRefusal) => ({ answer: refuse(reason), request: null, combat: null });
  if (!world.isGM) return deny("notGM");
  const request = parseCombatActionRequest(payload);
  if (request === "notInRuleset") return deny("notInRuleset");
  if (!request) return deny("malformed");
  const user = world.user(request.userId);
  if (!user) return deny("unknownUser");
  const combat = world.combat(request.combatId);
  if (!combat) return deny("unknownCombat");
  const { expected } = request;
  if (expected.round !== combat.round || expected.turn !== combat.turn || expected.phase !== combat.phase) {
    return deny("stale");
  }
  const owns = (c: RequestCombatant<U>): boolean => user.isGM || c.testUserPermission(user, "OWNER");
  if (roundAction(activeTableRuleset(), request.action)?.owner === "current") {
    const current = combat.combatant;
    if (!current) return deny("noCurrentCombatant");
    // Those acting now: the current combatant, or the whole group acting at once with it.
    const acting = current.id ? actingNow(combat) : [];
    if (request.combatantIds.length === 0) {
      // Naming no one asks for everyone acting now: the requester must own each of them.
      const members = acting.length > 0 ? acting.map((id) => combat.combatants.get(id)) : [current];
      if (!members.every((c) => c !== undefined && owns(c))) return deny("notOwner");
    } else {
      for (const id of request.combatantIds) {
        if (!acting.includes(id)) return deny("noCurrentCombatant");
        const c = combat.combatants.get(id);
        if (!c) return deny("unknownCombatant");
        if (!owns(c)) return deny("notOwner");
      }
    }
  } else {
    if (request.combatantIds.length === 0) return deny("malformed");
    for (const id of request.combatantIds) {
      const c = combat.combatants.get(id);
      if (!c) return deny("unknownCombatant");
      if (!owns(c)) return deny("notOwner");
    }
  }
  // What only a GM may ask (a combatant hidden from players named, a GM's ruling): the ruleset's check.
  const playerCheck = user.isGM ? undefined : roundAction(activeTableRuleset(), request.action)?.playerCheck;
  const key = playerCheck?.(
    combat as unknown as Combat.Implementation,
    request.combatantIds,
    request.data,
    user as unknown as User.Implementation,
  );
  if (key) return { answer: { ok: false, reason: "refused", key }, request: null, combat: null };
  return { answer: { ok: true }, request, combat };
}

interface ActingCombat extends RequestCombat<User.Implementation> {
  /** Runs the work after the round actions still running on the GM's client. */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  performAction(
    action: CombatAction,
    ids: readonly string[],
    data?: unknown,
  ): Promise<{ readonly key: string; readonly data: Readonly<Record<string, string | number>> } | null>;
}

/** Carries out an authorised request with the GM's own method; a refusal goes back to the requester. */
export async function performCombatAction(
  combat: ActingCombat,
  request: CombatActionRequest,
): Promise<CombatActionAnswer> {
  const refusal = await combat.performAction(request.action, request.combatantIds, request.data);
  if (!refusal) return { ok: true };
  return { ok: false, reason: "refused", key: refusal.key, data: refusal.data };
}

/** What a confirmation of this request vouches for: this action in this combat for these combatants. */
export function combatActionSubject(
  request: Pick<CombatActionRequest, "action" | "combatId" | "combatantIds">,
) {
  return {
    query: COMBAT_QUERY,
    subject: `${request.combatId}:${request.action}:${request.combatantIds.join(",")}`,
  };
}

/** The handler registered in CONFIG.queries; runs on the active GM's client. */
export async function handleCombatAction(payload: unknown): Promise<CombatActionAnswer> {
  if (!isActiveGM()) return refuse("notGM");
  const parsed = parseCombatActionRequest(payload);
  if (parsed === "notInRuleset") return refuse("notInRuleset");
  if (!parsed) return refuse("malformed");
  const verified = await verifyRequester(parsed.userId, parsed.requestId, combatActionSubject(parsed));
  if (!verified.ok) return refuse(verified.reason === "unknown-user" ? "unknownUser" : "unconfirmed");
  const world: RequestWorld<User.Implementation, ActingCombat> = {
    isGM: isActiveGM(),
    user: (id) => game.users?.get(id) ?? undefined,
    // The world's combats are typed with Foundry's base class; each is made from the configured FangsCombat.
    combat: (id) => game.combats?.get(id) as Combat.Implementation | undefined,
  };
  const { answer, combat } = authorizeCombatAction(payload, world);
  if (!answer.ok || !combat) return answer;
  // Checked again when its turn comes: a request made on a turn that has moved since is stale.
  return combat.inTurn(async () => {
    const again = authorizeCombatAction(payload, world);
    if (!again.answer.ok || !again.request || !again.combat) return again.answer;
    return performCombatAction(again.combat, again.request);
  });
}

/** A player's side: asks the active GM, and says why if refused. */
export async function requestCombatAction(
  combat: Combat.Implementation,
  action: CombatAction,
  combatantIds: readonly string[],
  data?: unknown,
): Promise<boolean> {
  const gm = game.users?.activeGM;
  if (!gm) {
    ui.notifications?.warn(game.i18n!.localize(REFUSAL_KEYS.notGM));
    return false;
  }
  const request: CombatActionRequest = {
    action,
    combatId: combat.id!,
    userId: game.user!.id!,
    requestId: newRequestId(),
    combatantIds: [...combatantIds],
    expected: {
      round: combat.round,
      turn: combat.turn,
      phase: (combat.system as { phase?: string }).phase ?? "initiative",
    },
    ...(data !== undefined ? { data } : {}),
  };
  let answer: CombatActionAnswer | null;
  try {
    answer = (await whilePending(request.requestId, combatActionSubject(request), () =>
      gm.query(COMBAT_QUERY, request, { timeout: 10_000 }),
    )) as CombatActionAnswer | null;
  } catch {
    answer = null;
  }
  if (!answer?.ok) {
    const data = Object.fromEntries(Object.entries(answer?.data ?? {}).map(([k, v]) => [k, String(v)]));
    ui.notifications?.warn(game.i18n!.format(answer?.key ?? REFUSAL_KEYS.malformed, data));
    return false;
  }
  return true;
}
