import type { ExchangeAnswer, ExchangeRequest } from "../../src/chat/authority";
import type { CardFlow } from "../../src/chat/card-flows";
import {
  anyTable,
  type TablePlanner,
  type TableRuleset,
  type TurnPlan,
} from "../../src/combat/table-ruleset";
import type { Ruleset, RulesetPhase } from "../../src/rules/kernel/ruleset";
import type { RulesetDefinition } from "../../src/rulesets/registry";
import { toyAttack } from "./toy-attack";
import {
  TOY_HP,
  ToyVolleyModel,
  toyCardsFlow,
  toyCheckLabels,
  toyDrain,
  toyVolleyRenderer,
} from "./toy-cards";
import { toyConfig } from "./toy-config";
import { toyHotbarDrop, toyQueries } from "./toy-hotbar";
import { ToyStrikeModel, toyLimitFlow, withToyLimit } from "./toy-limit";
import { toyOptions, toySimLog, toySimulator } from "./toy-options-sim";
import { toyParty, toyPartyFields } from "./toy-party";
import { toyQuenchBatches } from "./toy-quench";
import { toyRolls } from "./toy-rolls";
import { toyLeaving, toyRoundStart } from "./toy-round";
import { TOY_ACTIONS, toyCombatantRoundFields, toyNewRound, toyPairs, toyPlannedActions } from "./toy-table";
import { TOY_TIMED_CARDS, toyTimedFlow } from "./toy-timed";
import { toyPalette, toyRow } from "./toy-tracker";
import {
  TOY_TURN_ACTIONS,
  type ToyCandidate,
  type ToyFacts,
  toyGroups,
  toyNextTurn,
  toyPhaseOrder,
  toyPreviousTurn,
  toyTurnOrder,
  toyTurnPlannedActions,
} from "./toy-turns";

/**
 * A second ruleset that lives only in the tests, to prove the seam: two
 * phases, "declare" then "act", everyone acting in each in descending order
 * of their order value (here the combatant's initiative); its own actor,
 * item, card and combatant types, prefixed with its id; one status. Its
 * card flow marks the card's step done. It is written the way
 * docs/rulesets.md tells a real ruleset to plug in (`toyDefinition`, given
 * to `registerRulesetDefinition`), and nothing in src/ knows it. Its data
 * models extend Foundry's classes at load: import it after the stand-in
 * (test/foundry/setup.ts). Its types are not in system.json: Foundry would
 * need them there, but this ruleset never runs in Foundry.
 */

export const TOY_ID = "toy";

/* -------------------------------------------- */
/*  The rules core's half (src/rules/<id>/)     */
/* -------------------------------------------- */

export const TOY_PHASES: readonly RulesetPhase[] = Object.freeze([
  Object.freeze({ id: "declare", labelKey: "TOY.Phase.Declare", takesTurns: true }),
  Object.freeze({ id: "act", labelKey: "TOY.Phase.Act", takesTurns: true }),
]);

export const toyRuleset: Ruleset<ToyFacts> = Object.freeze({
  id: TOY_ID,
  labelKey: "TOY.Ruleset",
  phases: TOY_PHASES,
  turnOrder: toyTurnOrder, // ./toy-turns.ts: ties act at once
});

/* -------------------------------------------- */
/*  The table's half (the Foundry layer)        */
/* -------------------------------------------- */

export interface ToyState {
  readonly round: number;
  readonly turn: number | null;
  readonly phase: string;
  readonly order: readonly string[];
  readonly groups: readonly (readonly string[])[];
  readonly fighters: readonly ToyCandidate[];
}

type Loose = Record<string, unknown>;

function candidate(combatant: Loose): ToyCandidate {
  const initiative = combatant.initiative;
  return {
    id: String(combatant.id),
    orderValue: typeof initiative === "number" ? initiative : 0,
    outOfAction: combatant.isDefeated === true,
    facts: { lunged: ((combatant.system ?? {}) as Loose).lunged === true },
  };
}

function pointer(combat: unknown): { phase: string; order: string[] } {
  const system = ((combat as Loose).system ?? {}) as Loose;
  const phase = TOY_PHASES.some((p) => p.id === system.phase) ? String(system.phase) : "declare";
  const order = Array.isArray(system.order) ? system.order.filter((id) => typeof id === "string") : [];
  return { phase, order };
}

function phaseStart(state: ToyState, round: number, phase: string, newRound: boolean): TurnPlan {
  const combatants = newRound ? toyNewRound(state.fighters) : [];
  return {
    round,
    phase,
    ...toyPhaseOrder(toyRuleset.turnOrder(phase, state.fighters)),
    combatants,
    newRound,
  };
}

export const toyPlanner: TablePlanner<ToyState> = {
  actions: { ...toyPlannedActions, ...toyTurnPlannedActions },
  start: (s) => phaseStart(s, 1, "declare", true),
  nextRound: (s) => phaseStart(s, s.round + 1, "declare", true),
  nextTurn(s) {
    const next = toyNextTurn(s);
    if (next < s.order.length) return { ...s, turn: next, combatants: [], newRound: false };
    const at = TOY_PHASES.findIndex((p) => p.id === s.phase);
    const following = TOY_PHASES[at + 1];
    return following
      ? phaseStart(s, s.round, following.id, false)
      : phaseStart(s, s.round + 1, "declare", true);
  },
  previousTurn: (s) => ({ ...s, turn: toyPreviousTurn(s), combatants: [], newRound: false }),
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
      groups: toyGroups(combat),
      fighters: combatants.map(candidate),
    };
  },
  roundPointer: pointer,
  actions: { ...TOY_ACTIONS, ...TOY_TURN_ACTIONS },
  pairs: toyPairs,
  async afterPlan(_combat, plan) {
    toyLog.followedUp.push(plan);
  },
  // No holds: its one round action is the Lunge (./toy-table.ts).
};

/* -------------------------------------------- */
/*  The toy's documents                         */
/* -------------------------------------------- */

const { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

const points = (initial: number) =>
  new NumberField({ required: true, nullable: false, integer: true, initial });

/** A toy fighter: one pool, "hp", its token's bar. */
export class ToyFighterModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof fighterSchema>,
  Actor.Implementation
> {
  static override defineSchema() {
    return fighterSchema();
  }
}
function fighterSchema() {
  return { hp: new SchemaField({ value: points(10), max: points(10) }) };
}

/** A toy blade: how much it takes off. */
export class ToyBladeModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof bladeSchema>,
  Item.Implementation
> {
  static override defineSchema() {
    return bladeSchema();
  }
}
function bladeSchema() {
  return { damage: points(1) };
}

/** A toy card: its revision, its stage and who acted on it. */
export class ToyCardModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
}
function cardSchema() {
  return {
    revision: points(0),
    stage: new StringField({ required: true, blank: false, initial: "open" }),
    history: new ArrayField(new ObjectField()),
  };
}

/** A toy combatant's state: whether it declared. */
export class ToyCombatantModel extends foundry.abstract.TypeDataModel<
  ReturnType<typeof combatantSchema>,
  Combatant.Implementation
> {
  static override defineSchema() {
    return combatantSchema();
  }
}
function combatantSchema() {
  return {
    declared: new BooleanField({ required: true, initial: false }),
    ...toyCombatantRoundFields(),
    ...toyPartyFields(),
  };
}

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

/* -------------------------------------------- */
/*  The one registration                        */
/* -------------------------------------------- */

export const toyDefinition: RulesetDefinition = {
  id: TOY_ID,
  rules: toyRuleset,
  langPrefix: "TOY",
  documents: {
    Actor: {
      toyFighter: {
        model: ToyFighterModel,
        labelKey: "TOY.Actor.Fighter",
        trackable: { bar: ["hp"], value: [] },
      },
    },
    Item: { toyBlade: { model: ToyBladeModel, labelKey: "TOY.Item.Blade" } },
    ChatMessage: {
      toyCard: { model: ToyCardModel, labelKey: "TOY.Chat.Card" },
      toyVolley: { model: ToyVolleyModel, labelKey: "TOY.Chat.Volley" },
      toyStrike: { model: ToyStrikeModel, labelKey: "TOY.Chat.Strike" },
      ...TOY_TIMED_CARDS,
    },
    combatant: { type: "toyCombatant", model: ToyCombatantModel },
  },
  table: anyTable({
    ...toyTable,
    row: toyRow,
    palette: toyPalette,
    roundStart: toyRoundStart,
    leaving: toyLeaving,
  }),
  cards: {
    flow: toyLimitFlow(toyTimedFlow(toyCardsFlow(toyCardFlow))),
    renderers: { toyVolley: toyVolleyRenderer },
    attack: toyAttack,
    check: toyCheckLabels,
    hotbarDrop: toyHotbarDrop,
  },
  pools: [TOY_HP],
  effectKinds: [toyDrain],
  statuses: [{ id: "toyDazed", name: "TOY.Status.Dazed", img: "icons/svg/daze.svg" }],
  initiative: { formula: "1d6", decimals: 0 },
  options: withToyLimit(toyOptions),
  config: toyConfig,
  simulator: {
    async load() {
      toySimLog.loads += 1;
      return toySimulator;
    },
  },
  clauseIndex: { path: "test/rulesets/fixtures/toy-clauses.md", prefixes: ["TOY"] },
  queries: toyQueries,
  quenchBatches: toyQuenchBatches,
  rolls: toyRolls,
  party: toyParty,
};
