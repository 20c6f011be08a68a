import { ACTION_KINDS, type ActionKind, OTHER_TASKS, type OtherTask } from "../../../rules/lunos/types";
import { shownRecordOf } from "./record";

/**
 * What the tracker, the HUD, the sheet and macros show of a Lunos
 * fighter's round: the GM's record of it on the Combat (./record.ts), read
 * with each field checked and defaults filled in. Lunos's heavy part: the
 * start-up row and palette reach it once the part has loaded
 * (./lunos-table.ts).
 */

type Loose = Record<string, unknown>;

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const count = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 99 ? value : 0;

/** A declared action as shown: its kind and whom it names, and an Other action's task. */
export interface ShownAction {
  readonly kind: ActionKind;
  readonly targets: readonly string[];
  /** An Other action's task (keeping up a threat is one); the rest have none. */
  readonly task?: OtherTask;
  /** A Move's feet. */
  readonly feet?: number;
  /** A spell the GM ruled healing (LUN-HLT-5). */
  readonly healing?: true;
}

/** A threat its maker may strike with now (LUN-MNV-3): whom it threatens, and the margin it holds. */
export interface ShownStrike {
  readonly target: string;
  readonly margin: number;
}

/** A defense roll as shown: its successes and the difficulty it sets for the attackers it covers. */
export interface ShownDefense {
  readonly kind: "defense" | "parry" | "fullDefense" | "flurry";
  readonly successes: number;
  readonly difficulty: number;
  readonly against: readonly string[];
  readonly outcome: "normal" | "disaster" | "dramatic";
  /** What an attacker it covers needs at range, where that differs (a parry, LUN-ACT-4); absent otherwise. */
  readonly rangedDifficulty?: number;
}

export type LunosCondition = "" | "unconscious" | "dying" | "dead";

/** The fight's states that change what a fighter may do: down, stunned, in a grapple and who holds the pin. */
export interface ShownStates {
  readonly prone: boolean;
  readonly stunned: boolean;
  /** Whom it grapples with (none: in no grapple). */
  readonly grappling: readonly string[];
  /** Who holds it pinned, else null. */
  readonly pinnedBy: string | null;
}

/** What the tracker, the HUD and macros show of a fighter's round (the combatant's `system`). */
export interface LunosShown {
  readonly declared: boolean;
  readonly initiative: number | null;
  readonly actions: number;
  readonly actionsMax: number;
  readonly lunging: boolean;
  /** A tripped fighter rolls to stand rather than spend an action. */
  readonly standByRoll: boolean;
  readonly lungeDebt: boolean;
  readonly debtDice: number;
  readonly declaredActions: readonly ShownAction[];
  readonly defense: ShownDefense | null;
  readonly condition: LunosCondition;
  /** The threat the engine would let it strike with now, else null. */
  readonly strike: ShownStrike | null;
  /** Dying but awake (LUN-HLT-4): may declare a minor action, and is not waited on. */
  readonly minorOnly: boolean;
  /** In the attacks with no defense roll: what any attacker needs (`noDefenseDifficulty`); else null. */
  readonly noDefense: number | null;
  readonly states: ShownStates;
  /** The farthest a Move takes it (LUN-ACT-5: `moveFeet` + `moveFeetPerAthletics` × Athletics); null when unknown. */
  readonly moveMax: number | null;
  /** Whether the engine lets it Flurry (its Combat at least `flurryMinCombat`). */
  readonly mayFlurry: boolean;
}

const DEFENSE_KINDS = ["defense", "parry", "fullDefense", "flurry"] as const;
const CONDITIONS: readonly LunosCondition[] = ["", "unconscious", "dying", "dead"];

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string" && ID.test(id)) : [];

function shownDefense(value: unknown): ShownDefense | null {
  if (!isPlain(value) || !DEFENSE_KINDS.includes(value.kind as never)) return null;
  const outcome = value.outcome === "disaster" || value.outcome === "dramatic" ? value.outcome : "normal";
  return {
    kind: value.kind as ShownDefense["kind"],
    successes: count(value.successes),
    difficulty: count(value.difficulty),
    against: ids(value.against),
    outcome,
    ...(typeof value.rangedDifficulty === "number" && count(value.rangedDifficulty) >= 1
      ? { rangedDifficulty: count(value.rangedDifficulty) }
      : {}),
  };
}

function shownStrike(value: unknown): ShownStrike | null {
  if (!isPlain(value) || typeof value.target !== "string" || !ID.test(value.target)) return null;
  const margin = count(value.margin);
  return margin > 0 ? { target: value.target, margin } : null;
}

const NO_STATES: ShownStates = Object.freeze({ prone: false, stunned: false, grappling: [], pinnedBy: null });

function shownStates(value: unknown): ShownStates {
  if (!isPlain(value)) return NO_STATES;
  return {
    prone: value.prone === true,
    stunned: value.stunned === true,
    grappling: ids(value.grappling),
    pinnedBy: typeof value.pinnedBy === "string" && ID.test(value.pinnedBy) ? value.pinnedBy : null,
  };
}

const figure = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1000 ? value : null;

/** Shown data with each field checked and defaults filled in (a record, or a combatant's `system`). */
export function shownOf(data: unknown): LunosShown {
  const s = isPlain(data) ? data : {};
  const initiative =
    typeof s.initiative === "number" && Number.isInteger(s.initiative) && s.initiative >= 0
      ? s.initiative
      : null;
  const actions = Array.isArray(s.declaredActions)
    ? s.declaredActions.flatMap((a): ShownAction[] =>
        isPlain(a) && ACTION_KINDS.includes(a.kind as ActionKind)
          ? [
              {
                kind: a.kind as ActionKind,
                targets: ids(a.targets),
                ...(OTHER_TASKS.includes(a.task as OtherTask) ? { task: a.task as OtherTask } : {}),
                ...(a.kind === "move" && figure(a.feet) !== null ? { feet: figure(a.feet)! } : {}),
                ...(a.kind === "magic" && a.healing === true ? { healing: true as const } : {}),
              },
            ]
          : [],
      )
    : [];
  return {
    declared: s.declared === true,
    initiative,
    actions: count(s.actions),
    actionsMax: count(s.actionsMax),
    lunging: s.lunging === true,
    standByRoll: s.standByRoll === true,
    lungeDebt: s.lungeDebt === true,
    debtDice: count(s.debtDice),
    declaredActions: actions,
    defense: shownDefense(s.defense),
    condition: CONDITIONS.includes(s.condition as LunosCondition) ? (s.condition as LunosCondition) : "",
    strike: shownStrike(s.strike),
    minorOnly: s.minorOnly === true,
    noDefense: figure(s.noDefense),
    states: shownStates(s.states),
    moveMax: figure(s.moveMax),
    // A record written before this was shown offers the Flurry, as it did; the engine still checks it.
    mayFlurry: s.mayFlurry !== false,
  };
}

/** What the tracker shows of a combatant's round: the GM's record, else (before any) an empty round. */
export function shownRound(combatant: unknown): LunosShown {
  return shownOf(shownRecordOf(combatant));
}
