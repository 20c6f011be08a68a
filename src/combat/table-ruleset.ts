import { DEFAULT_RULESET } from "../config/ruleset-setting";
import type { Ruleset, RulesetPhase } from "../rules/kernel/ruleset";
import { activeRulesetDefinition, getRulesetDefinition } from "../rulesets/registry";
import type { CombatRefusal } from "./combat-refusal";
import type { TablePairs } from "./pairs";
import type { TokenPalette, TrackerRowPart } from "./tracker-parts";

/**
 * What a ruleset brings to the table: the Foundry-side half of a ruleset,
 * next to its pure half (the kernel `Ruleset` under src/rules/<id>/). The
 * Combat document and the tracker ask the active one (the world's "Combat
 * rules" setting) instead of knowing FANGS. See docs/rulesets.md.
 *
 * Round actions beyond moving the turn pointer (FANGS: hold, break hold,
 * declare and clear a maneuver) are a ruleset's own: it defines them in
 * `actions` (each with its payload check, the GM's check and its transition)
 * and the GM's side of a player's request (src/combat/request.ts) knows no
 * other. A ruleset without holds lists none, and the Combat refuses a hold
 * for it; the tracker shows no hold buttons.
 */

/** One combatant's share of a plan: only the fields that change. */
export interface TurnPlanChange {
  readonly _id: string;
  /** The combatant's Foundry initiative (what the tracker shows); null clears it. */
  initiative?: number | null;
  system: Record<string, unknown>;
}

/** Where the round stands: what the Combat stores (round, turn, and `system.phase` / `system.order`). */
export interface RoundPointer {
  readonly phase: string;
  /** Ids acting in the phase, in order; `turn` indexes it. */
  readonly order: readonly string[];
}

/** What a planner answers: the ONE update that moves the round, as plain data. */
export interface TurnPlan extends RoundPointer {
  readonly round: number;
  /** Indexes `order`; for a group, its first member (src/combat/turn-groups.ts). */
  readonly turn: number | null;
  /**
   * The groups of `order` that act at once (`flattenTurnOrder` of the
   * ruleset's slots): given when the plan draws an order; absent, the stored
   * groups stay while the order does. A ruleset that forms none omits it.
   */
  readonly groups?: readonly (readonly string[])[];
  readonly combatants: readonly TurnPlanChange[];
  readonly newRound: boolean;
}

/** A planner works on the snapshot its ruleset's `readState` made (S). */
export interface TablePlanner<S, P extends TurnPlan = TurnPlan> {
  start(state: S): P;
  nextTurn(state: S): P;
  nextRound(state: S): P;
  previousTurn(state: S): P;
  /**
   * Combatants were deleted: the round without them, the turn kept on the
   * combatant whose turn it was (`before`: the pointer as it stood before).
   * Without it the stored order keeps their ids.
   */
  leave?(state: S, before: { readonly turn: number | null; readonly order: readonly string[] }): P;
  /** The transitions of the round actions its ruleset's `actions` plan (those without `perform`). */
  readonly actions?: Readonly<
    Record<string, (state: S, combatantIds: readonly string[], data: unknown) => P>
  >;
}

/**
 * One round action of a ruleset, as the active GM's client checks and
 * carries out a player's request for it (src/combat/request.ts) and as the
 * GM's own click does (`Combat#performAction`). Nothing in the payload is
 * believed: the user is confirmed by its own client, the combat and the
 * combatants are found by the GM, and the action's data goes through `parse`.
 */
export interface CombatActionDefinition {
  /**
   * The action's own data from a request (`data` of the payload), checked
   * field by field: what the action is carried out with, or null to refuse
   * the request as malformed. Absent: the action takes no data.
   */
  parse?(data: unknown, combatantIds: readonly string[]): unknown;
  /**
   * Whose owner may ask for it: "named" (default), each combatant the
   * request names (at least one); "current", a combatant whose turn it is:
   * each one the request names must be acting now (a member of the group
   * acting at once, src/combat/turn-groups.ts) and the requester's; naming
   * none, the requester must own every one acting now.
   */
  readonly owner?: "named" | "current";
  /**
   * The GM's check of a player's request only (never of a GM's own click),
   * beyond ownership: a refusal's lang key, or null. What a player may not
   * ask that a GM may: naming a combatant hidden from it (Lunos), a figure
   * that is the GM's ruling.
   */
  playerCheck?(
    combat: Combat.Implementation,
    combatantIds: readonly string[],
    data: unknown,
    user: User.Implementation,
  ): string | null;
  /**
   * The GM's check beyond ownership, on the Combat as it stands when the
   * request's turn comes: a refusal, or null.
   */
  authorize?(
    combat: Combat.Implementation,
    combatantIds: readonly string[],
    data: unknown,
  ): CombatRefusal | null;
  /**
   * Carries it out on the GM's client (inside the Combat's `inTurn`): a
   * refusal, or null once written. Absent: the planner's `actions[name]`
   * plans it and the Combat applies the plan as one update.
   */
  perform?(
    combat: Combat.Implementation,
    combatantIds: readonly string[],
    data: unknown,
  ): Promise<CombatRefusal | null>;
  /** After a planned action's update (FANGS: the Holding status follows a hold). */
  afterPlan?(combat: Combat.Implementation, combatantIds: readonly string[], data: unknown): Promise<void>;
}

export interface TableRuleset<S = unknown, P extends TurnPlan = TurnPlan> {
  /** The kernel ruleset's id; also the value of the world setting. */
  readonly id: string;
  /** The rules core's half: the phases the tracker shows come from here. */
  readonly rules: Ruleset;
  /** The turn planner, from the ruleset's heavy part (`loadRuleset`, src/on-demand.ts). */
  loadPlanner(): Promise<TablePlanner<S, P>>;
  /**
   * Reads the Combat (documents or test stand-ins) into the planner's
   * snapshot, options included. The Combat asks it only once `loadPlanner`
   * has resolved, in the same turn of its write queue, so it may read with
   * the ruleset's heavy part (FANGS's does).
   */
  readState(combat: unknown): S;
  /** Reads the stored phase and order, shape-checked (for the tracker, without loading the planner). */
  roundPointer(combat: unknown): RoundPointer;
  /** What follows a plan's update on the GM's client (FANGS: the plan's chat notes, a lost action's `stunned` off). */
  afterPlan?(combat: Combat.Implementation, plan: P): Promise<void>;
  /**
   * The work of a new round's start, on the GM's client inside the Combat's
   * write queue (`inTurn`), once the plan that began it is written and
   * `afterPlan` has run, before `fangs.roundStart` is announced: effects
   * each round brings (FANGS: last round's token markers off, the dying's
   * loss, impale damage). Not run for a step back. It may apply a further
   * plan (`combat.applyPlan`), as FANGS's does to draw the first turn after
   * its impale damage.
   */
  roundStart?(combat: Combat.Implementation, plan: P): Promise<void>;
  /**
   * Combatants leave the round: deleted, or their combat ended (deleted).
   * Runs on the active GM's client only; what the ruleset shows of the
   * round on their tokens comes off (FANGS: the maneuver icon, Holding).
   */
  leaving?(combatants: readonly Combatant.Implementation[]): Promise<void>;
  /**
   * Its round methods for one of its combatants (FANGS: `FangsCombatantRound`,
   * declaring, counting attacks and defenses), what `combatant.round`
   * answers for macros and modules; the ruleset's own code calls its own
   * typed accessor. None when absent.
   */
  combatantRound?(combatant: Combatant.Implementation): object;
  /**
   * The GM's copy of its combatants' state on the Combat, for a ruleset
   * whose players may write their combatants (FANGS: `system.records`,
   * src/rulesets/fangs/combat/record.ts); none when absent.
   */
  readonly records?: TableRecords;
  /**
   * Its state between two fighters on the Combat (range, a hold, reach, a
   * grapple: src/combat/pairs.ts), checked by `parse`; none when absent.
   */
  readonly pairs?: TablePairs;
  /**
   * Its round actions beyond the turn pointer (FANGS: hold, breakHold,
   * declare, clear), by name (letters only); none when absent. "advance"
   * (end the current turn) is every ruleset's and is not listed.
   */
  readonly actions?: Readonly<Record<string, CombatActionDefinition>>;
  /**
   * Its part of each tracker row beyond the shared cells (FANGS: the
   * maneuver badge and menu, the undeclared count); without one a row shows
   * the shared cells only (src/combat/tracker-parts.ts).
   */
  // biome-ignore lint/suspicious/noExplicitAny: each ruleset's row data is its own
  readonly row?: TrackerRowPart<any, any>;
  /** Its Token HUD palette (FANGS: the maneuvers); without one the HUD shows no button for it. */
  readonly palette?: TokenPalette;
}

/** A ruleset's GM copy of its combatants' state (see `TableRuleset.records`). */
export interface TableRecords {
  /**
   * The Combat's `system` entries a plan's update writes with these
   * combatants' changes; `plan` is the whole plan, for a ruleset whose copy
   * holds more than its combatants (Lunos: the round engine's fight).
   */
  after(
    combatants: Iterable<{ readonly id: string | null }>,
    changes: ReadonlyMap<string, Record<string, unknown>>,
    plan?: TurnPlan,
  ): Record<string, unknown>;
  /** `createCombatant` on every client: the new combatant's copy (the active GM's client writes it). */
  onCreate?(combatant: Combatant.Implementation, options: unknown, userId: string): void;
  /** `updateCombatant` on every client: a player's write of its combatant's state is put back. */
  onUpdate?(
    combatant: Combatant.Implementation,
    changed: { system?: unknown },
    options: unknown,
    userId: string,
  ): void;
}

export type AnyTableRuleset = TableRuleset<unknown, TurnPlan>;

/** A ruleset's table as its definition holds it (src/rulesets/registry.ts): the planner's types are its own. */
export function anyTable<S, P extends TurnPlan>(table: TableRuleset<S, P>): AnyTableRuleset {
  // Erased on purpose: the registry holds every ruleset's table under one type; a planner's own
  // state and plan types are checked where its ruleset builds the table.
  return table as unknown as AnyTableRuleset;
}

/** The table of a registered ruleset, if it brings one. */
export function getTableRuleset(id: string): AnyTableRuleset | undefined {
  return getRulesetDefinition(id)?.table;
}

const warned = new Set<string>();

/** The table ruleset the world's setting selects; FANGS (with one warning) when that one brings none. */
export function activeTableRuleset(): AnyTableRuleset {
  const { id, table } = activeRulesetDefinition();
  if (table) return table;
  if (!warned.has(id)) {
    warned.add(id);
    console.warn(`FANGS | the ruleset "${id}" brings no combat tracker support; FANGS runs the round`);
  }
  const fallback = getTableRuleset(DEFAULT_RULESET);
  if (!fallback) throw new Error("FANGS | the FANGS table ruleset is not registered");
  return fallback;
}

/** Every ruleset's action: end the current turn (its owner or a GM), the planner's `nextTurn`. */
export const ADVANCE_ACTION = "advance";

const ADVANCE: CombatActionDefinition = Object.freeze({ owner: "current" });

/** The definition of a round action in this ruleset, or undefined when it has none by that name. */
export function roundAction(table: AnyTableRuleset, action: string): CombatActionDefinition | undefined {
  if (action === ADVANCE_ACTION) return ADVANCE;
  const actions = table.actions;
  return actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** Whether the active ruleset has this round action (FANGS: hold, breakHold). */
export function hasRoundAction(table: AnyTableRuleset, action: string): boolean {
  return roundAction(table, action) !== undefined;
}

/** The phases of the active ruleset, in round order. */
export function activePhases(): readonly RulesetPhase[] {
  return activeTableRuleset().rules.phases;
}
