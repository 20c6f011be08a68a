import type { ExchangeAnswer, ExchangeRequest } from "../../src/chat/authority";
import type { CardFlow } from "../../src/chat/card-flows";
import type { TablePlanner, TableRuleset, TurnPlan } from "../../src/combat/table-ruleset";
import type { Ruleset, RulesetPhase, TurnCandidate } from "../../src/rules/kernel/ruleset";

/**
 * A second ruleset that lives only in the tests, to prove the seam: two
 * phases, "declare" then "act", everyone acting in each in descending order
 * of their order value (here the combatant's initiative); nothing else. Its
 * card flow marks the card's step done. It is written the way
 * docs/rulesets.md tells a real ruleset to plug in, and nothing in src/
 * knows it.
 */

export const TOY_ID = "toy";

/* -------------------------------------------- */
/*  The rules core's half (src/rules/<id>/)     */
/* -------------------------------------------- */

export const TOY_PHASES: readonly RulesetPhase[] = Object.freeze([
  Object.freeze({ id: "declare", labelKey: "TOY.Phase.Declare", takesTurns: true }),
  Object.freeze({ id: "act", labelKey: "TOY.Phase.Act", takesTurns: true }),
]);

export const toyRuleset: Ruleset = Object.freeze({
  id: TOY_ID,
  labelKey: "TOY.Ruleset",
  phases: TOY_PHASES,
  turnOrder(_phaseId: string, candidates: readonly TurnCandidate[]): string[] {
    return candidates
      .filter((c) => !c.outOfAction)
      .sort((a, b) => b.orderValue - a.orderValue || a.id.localeCompare(b.id))
      .map((c) => c.id);
  },
});

/* -------------------------------------------- */
/*  The table's half (the Foundry layer)        */
/* -------------------------------------------- */

export interface ToyState {
  readonly round: number;
  readonly turn: number | null;
  readonly phase: string;
  readonly order: readonly string[];
  readonly fighters: readonly TurnCandidate[];
}

type Loose = Record<string, unknown>;

function candidate(combatant: Loose): TurnCandidate {
  const initiative = combatant.initiative;
  return {
    id: String(combatant.id),
    orderValue: typeof initiative === "number" ? initiative : 0,
    maneuver: null,
    held: false,
    outOfAction: combatant.isDefeated === true,
    engagedAtRoundStart: false,
    engaged: false,
    facts: {},
  };
}

function pointer(combat: unknown): { phase: string; order: string[] } {
  const system = ((combat as Loose).system ?? {}) as Loose;
  const phase = TOY_PHASES.some((p) => p.id === system.phase) ? String(system.phase) : "declare";
  const order = Array.isArray(system.order) ? system.order.filter((id) => typeof id === "string") : [];
  return { phase, order };
}

function phaseStart(state: ToyState, round: number, phase: string, newRound: boolean): TurnPlan {
  const order = toyRuleset.turnOrder(phase, state.fighters);
  return { round, turn: order.length > 0 ? 0 : null, phase, order, combatants: [], newRound };
}

export const toyPlanner: TablePlanner<ToyState> = {
  start: (s) => phaseStart(s, 1, "declare", true),
  nextRound: (s) => phaseStart(s, s.round + 1, "declare", true),
  nextTurn(s) {
    const next = (s.turn ?? -1) + 1;
    if (next < s.order.length) return { ...s, turn: next, combatants: [], newRound: false };
    const at = TOY_PHASES.findIndex((p) => p.id === s.phase);
    const following = TOY_PHASES[at + 1];
    return following
      ? phaseStart(s, s.round, following.id, false)
      : phaseStart(s, s.round + 1, "declare", true);
  },
  previousTurn: (s) => ({ ...s, turn: Math.max(0, (s.turn ?? 0) - 1), combatants: [], newRound: false }),
};

/** How many times the toy's planner was loaded, and each plan the Combat followed up. */
export const toyLog = { loads: 0, followedUp: [] as TurnPlan[] };

export const toyTable: TableRuleset<ToyState> = {
  id: TOY_ID,
  rules: toyRuleset,
  async loadPlanner() {
    toyLog.loads += 1;
    return toyPlanner;
  },
  readState(combat: unknown): ToyState {
    const c = combat as Loose;
    const combatants = [...((c.combatants as Iterable<Loose>) ?? [])];
    return {
      round: typeof c.round === "number" ? c.round : 0,
      turn: typeof c.turn === "number" ? c.turn : null,
      ...pointer(combat),
      fighters: combatants.map(candidate),
    };
  },
  roundPointer: pointer,
  async afterPlan(_combat, plan) {
    toyLog.followedUp.push(plan);
  },
  // No holds or other round actions: `actions` is left out.
};

/* -------------------------------------------- */
/*  The toy's card flow                         */
/* -------------------------------------------- */

/** The toy's one step: "act", which marks the card done and records who took it. */
export const toyCardFlow: CardFlow = {
  intents: ["act"],
  async runStep(request: ExchangeRequest, user: User.Implementation): Promise<ExchangeAnswer> {
    const message = game.messages?.get(request.messageId) as unknown as {
      system: { toObject(): Loose };
      update(data: Loose, options: Loose): Promise<unknown>;
    };
    const system = message.system.toObject();
    if ((request.intent.type as string) !== "act" || system.stage === "resolved")
      return { ok: false, code: "wrong-stage", messageKey: "FANGS.Chat.Refusal.WrongStage" };
    if (system.revision !== request.revision)
      return { ok: false, code: "stale", messageKey: "FANGS.Chat.Refusal.Stale" };
    const history = [...((system.history as Loose[]) ?? []), { toy: "act", by: user.id ?? "" }];
    const next = { ...system, revision: request.revision + 1, stage: "resolved", history };
    await message.update({ system: next }, { recursive: false });
    return { ok: true, stage: "resolved" };
  },
};
