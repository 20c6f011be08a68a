import { DEFAULT_RULESET } from "../config/ruleset-setting";
import type { Ruleset, RulesetPhase } from "../rules/kernel/ruleset";
import { activeRulesetDefinition, getRulesetDefinition } from "../rulesets/registry";

/**
 * What a ruleset brings to the table: the Foundry-side half of a ruleset,
 * next to its pure half (the kernel `Ruleset` under src/rules/<id>/). The
 * Combat document and the tracker ask the active one (the world's "Combat
 * rules" setting) instead of knowing FANGS. See docs/rulesets.md.
 *
 * Round actions beyond moving the turn pointer (FANGS: hold, break hold)
 * are a ruleset's own: it names them in `actions` and its planner carries
 * them. A ruleset without holds lists none, and the Combat refuses a hold
 * for it; the tracker shows no hold buttons.
 */

/** One combatant's share of a plan: only the fields that change. */
export interface TurnPlanChange {
  readonly _id: string;
  initiative?: number;
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
  readonly turn: number | null;
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
  /** The round actions named in the ruleset's `actions`. */
  readonly actions?: Readonly<Record<string, (state: S, combatantIds: readonly string[]) => P>>;
}

export interface TableRuleset<S = unknown, P extends TurnPlan = TurnPlan> {
  /** The kernel ruleset's id; also the value of the world setting. */
  readonly id: string;
  /** The rules core's half: the phases the tracker shows come from here. */
  readonly rules: Ruleset;
  /** The turn planner, from the ruleset's heavy part (`loadRuleset`, src/on-demand.ts). */
  loadPlanner(): Promise<TablePlanner<S, P>>;
  /** Reads the Combat (documents or test stand-ins) into the planner's snapshot, options included. */
  readState(combat: unknown): S;
  /** Reads the stored phase and order, shape-checked (for the tracker, without loading the planner). */
  roundPointer(combat: unknown): RoundPointer;
  /** What follows a plan's update on the GM's client: chat notes, token markers, round-start effects. */
  afterPlan?(combat: Combat.Implementation, plan: P): Promise<void>;
  /** Names of its round actions beyond the turn pointer (FANGS: "hold", "breakHold"); none when absent. */
  readonly actions?: readonly string[];
}

export type AnyTableRuleset = TableRuleset<unknown, TurnPlan>;

/** A ruleset's table as its definition holds it (src/rulesets/registry.ts): the planner's types are its own. */
export function anyTable<S, P extends TurnPlan>(table: TableRuleset<S, P>): AnyTableRuleset {
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

/** Whether the active ruleset has this round action (FANGS: hold, breakHold). */
export function hasRoundAction(table: AnyTableRuleset, action: string): boolean {
  return table.actions?.includes(action) === true;
}

/** The phases of the active ruleset, in round order. */
export function activePhases(): readonly RulesetPhase[] {
  return activeTableRuleset().rules.phases;
}
