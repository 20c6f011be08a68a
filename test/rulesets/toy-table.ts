import { CombatRefusal } from "../../src/combat/combat-refusal";
import type { TablePairs } from "../../src/combat/pairs";
import type { CombatActionDefinition, TurnPlan, TurnPlanChange } from "../../src/combat/table-ruleset";
import type { ToyCandidate } from "./toy-turns";

/**
 * The toy's table parts beyond phases: one round action of its own, the
 * Lunge (a player asks for it in the "act" phase with how many dice it
 * risks, and pays −2 dice next round: state that crosses a round), and its
 * state between two fighters (their range). Imported by ./toy-ruleset.ts.
 */

type Loose = Record<string, unknown>;

/** The toy's combatant fields that the Lunge writes and the new round reads. */
export function toyCombatantRoundFields() {
  const { BooleanField, NumberField } = foundry.data.fields;
  return {
    lunged: new BooleanField({ required: true, initial: false }),
    /** Dice off this round, left by a Lunge last round. */
    penalty: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
  };
}

/** The new round's transition: a Lunge last round costs −2 dice now; one round only. */
export function toyNewRound(fighters: readonly ToyCandidate[]): TurnPlanChange[] {
  return fighters.map((f) => ({
    _id: f.id,
    system: { lunged: false, penalty: f.facts.lunged === true ? -2 : 0 },
  }));
}

/** A Lunge's data: how many dice it risks (1 to 3). */
export interface LungeData {
  readonly dice: number;
}

export const TOY_ACTIONS: Readonly<Record<string, CombatActionDefinition>> = Object.freeze({
  lunge: {
    parse(data: unknown, combatantIds: readonly string[]): LungeData | null {
      const d = data as Loose | null | undefined;
      if (combatantIds.length !== 1 || !d || typeof d !== "object") return null;
      if (!Number.isInteger(d.dice) || (d.dice as number) < 1 || (d.dice as number) > 3) return null;
      return { dice: d.dice as number };
    },
    authorize(combat: Combat.Implementation): CombatRefusal | null {
      const phase = (combat.system as { phase?: string }).phase;
      return phase === "act" ? null : new CombatRefusal("TOY.Refusal.LungeInAct");
    },
  },
});

/** The Lunge's transition: the lunger is marked; the round's pointer stays. */
export const toyPlannedActions = {
  lunge(
    state: { round: number; turn: number | null; phase: string; order: readonly string[] },
    ids: readonly string[],
  ): TurnPlan {
    return {
      round: state.round,
      turn: state.turn,
      phase: state.phase,
      order: state.order,
      combatants: ids.map((id) => ({ _id: id, system: { lunged: true } })),
      newRound: false,
    };
  },
};

/** The toy's state between two fighters: their range. */
export interface ToyPair {
  readonly range: "close" | "far";
}

export const toyPairs: TablePairs<ToyPair> = {
  parse(data: unknown): ToyPair | null {
    const range = (data as Loose | null)?.range;
    return range === "close" || range === "far" ? { range } : null;
  },
};
