/**
 * The chat card of a simple check (a skill, ST×2, Luck…).
 *
 * Who decides what: the rules core resolves the check (`resolveCheck`), the
 * card only renders its result. The dice are real Foundry Rolls, so dice
 * animations and roll modes work as for any roll: the rules ask for a die
 * through a `DiceSource`; when the die has not been rolled yet, the request
 * stops, one `Roll` of that die is evaluated, and the (pure, deterministic)
 * resolution runs again over the dice rolled so far. A check thus rolls its
 * second d20 only when the rules ask for it, and the message carries exactly
 * the Rolls the rules used.
 */

import { type CheckResult, SuccessLevel } from "../rules/fangs/types";
import type { DiceSource, DieResult } from "../rules/kernel/dice";
import { RulesError } from "../rules/kernel/errors";
import { CHECK_CARD_TEMPLATE } from "../rulesets/fangs/apps/sheets/parts";

export { CHECK_CARD_TEMPLATE };

/* -------------------------------------------- */
/*  Dice: Foundry Rolls fed to the rules        */
/* -------------------------------------------- */

/** Thrown by PrerolledDice when the rules ask for a die that has not been rolled yet. */
export class MoreDiceNeeded extends Error {
  override readonly name = "MoreDiceNeeded";
  constructor(readonly faces: number) {
    super(`the rules asked for a d${faces} that has not been rolled yet`);
  }
}

/** Serves dice already rolled, in order; asks for more by throwing MoreDiceNeeded. */
export class PrerolledDice implements DiceSource {
  #next = 0;
  constructor(private readonly dice: readonly DieResult[]) {}

  roll(faces: number): number {
    const die = this.dice[this.#next];
    if (!die) throw new MoreDiceNeeded(faces);
    if (die.faces !== faces) {
      // A pure resolution asks for the same dice in the same order on every run.
      throw new RulesError(
        "invalid-state",
        `die #${this.#next + 1} was a d${die.faces}, now a d${faces} is asked`,
        {
          index: this.#next,
          rolled: die.faces,
          asked: faces,
        },
      );
    }
    this.#next += 1;
    return die.result;
  }

  /** How many of the dice the resolution read. */
  get used(): number {
    return this.#next;
  }
}

/** Rolls one die of `faces` faces; `roll` is whatever the caller keeps (a Foundry Roll). */
export type RollDie<R> = (faces: number) => Promise<{ result: number; roll: R }>;

/** More dice than any FANGS resolution reads; guards against a resolution that never ends. */
const DICE_LIMIT = 32;

/**
 * Runs a pure resolution over dice rolled on demand by `rollDie`. Returns its
 * value and the rolls it used, in the order it asked for them.
 */
export async function resolveWithRolledDice<T, R>(
  resolve: (dice: DiceSource) => T,
  rollDie: RollDie<R>,
): Promise<{ value: T; rolls: R[]; dice: DieResult[] }> {
  const rolled: { faces: number; result: number; roll: R }[] = [];
  for (;;) {
    const source = new PrerolledDice(rolled);
    try {
      const value = resolve(source);
      const used = rolled.slice(0, source.used);
      return {
        value,
        rolls: used.map((d) => d.roll),
        dice: used.map(({ faces, result }) => ({ faces, result })),
      };
    } catch (error) {
      if (!(error instanceof MoreDiceNeeded)) throw error;
      if (rolled.length >= DICE_LIMIT) {
        throw new RulesError("invalid-state", `a resolution asked for more than ${DICE_LIMIT} dice`, {});
      }
      const { result, roll } = await rollDie(error.faces);
      if (!Number.isInteger(result) || result < 1 || result > error.faces) {
        throw new RulesError("die-out-of-range", `a d${error.faces} came up ${result}`, {
          faces: error.faces,
          result,
        });
      }
      rolled.push({ faces: error.faces, result, roll });
    }
  }
}

/* -------------------------------------------- */
/*  Card context (pure)                         */
/* -------------------------------------------- */

export type CheckLevelId = "fumble" | "failure" | "success" | "special" | "critical";

interface LevelInfo {
  /** FANGS's levels, or a ruleset's own level id. */
  id: CheckLevelId | string;
  label: string;
  icon: string;
}

const LEVELS: Readonly<Record<SuccessLevel, LevelInfo>> = {
  [SuccessLevel.Fumble]: { id: "fumble", label: "FANGS.Chat.Check.Level.Fumble", icon: "fa-solid fa-skull" },
  [SuccessLevel.Failure]: {
    id: "failure",
    label: "FANGS.Chat.Check.Level.Failure",
    icon: "fa-solid fa-xmark",
  },
  [SuccessLevel.Success]: {
    id: "success",
    label: "FANGS.Chat.Check.Level.Success",
    icon: "fa-solid fa-check",
  },
  [SuccessLevel.Special]: {
    id: "special",
    label: "FANGS.Chat.Check.Level.Special",
    icon: "fa-solid fa-star-half-stroke",
  },
  [SuccessLevel.Critical]: {
    id: "critical",
    label: "FANGS.Chat.Check.Level.Critical",
    icon: "fa-solid fa-star",
  },
};

/** FANGS's labels of a check result (its definition's `cards.check`). */
export const fangsCheckLabels: RulesetCheckLabels<CheckResult> = {
  level: (result) => {
    const info = LEVELS[result.level];
    return { id: info.id, labelKey: info.label, icon: info.icon };
  },
};

/* -------------------------------------------- */
/*  A ruleset's round-level check               */
/* -------------------------------------------- */

/** What every ruleset's check result says, whatever else it carries (dice pools, luck dice…). */
export interface RulesetCheckResult {
  /** The die or dice as rolled, for the card (a sum, a count of successes). */
  readonly natural: number;
  readonly total: number;
  /** What it was rolled against (a difficulty, a target number). */
  readonly target: number;
  readonly success: boolean;
}

/** How a ruleset labels a check result on the card: a level id (its CSS class), a lang key, an icon. */
export interface RulesetCheckLabels<R> {
  level(result: R): { readonly id: string; readonly labelKey: string; readonly icon: string };
}

export interface RulesetCheckContext {
  actorName: string;
  label: string;
  localizeLabel: boolean;
  multiplier: null;
  natural: number;
  total: number;
  target: number;
  success: boolean;
  modifiersText: "";
  level: LevelInfo & { cssClass: string };
  confirmation: null;
}

/** The check card's data for a ruleset's result, labelled by the ruleset. Pure. */
export function rulesetCheckContext<R extends RulesetCheckResult>(
  labels: RulesetCheckLabels<R>,
  result: R,
  meta: CheckCardMeta,
): RulesetCheckContext {
  const level = labels.level(result);
  return {
    actorName: meta.actorName,
    label: meta.label,
    localizeLabel: Boolean(meta.localizeLabel),
    multiplier: null,
    natural: result.natural,
    total: result.total,
    target: result.target,
    success: result.success,
    modifiersText: "",
    level: { id: level.id, label: level.labelKey, icon: level.icon, cssClass: `fangs-check--${level.id}` },
    confirmation: null,
  };
}

export interface CheckCardMeta {
  /** Who rolled. */
  actorName: string;
  /** What was rolled: a skill's name, or a localisation key of a characteristic or attribute. */
  label: string;
  /** Whether `label` is a localisation key. */
  localizeLabel?: boolean;
  /** For characteristic checks: the multiplier of "ST×2". */
  multiplier?: number;
}

export interface CheckCardContext {
  actorName: string;
  label: string;
  localizeLabel: boolean;
  multiplier: number | null;
  skill: number;
  modifiers: number;
  /** "+3", "−2" or "" when there are none. */
  modifiersText: string;
  natural: number;
  total: number;
  target: number;
  success: boolean;
  level: LevelInfo & { cssClass: string };
  /** The second d20, when the rules rolled one, and what it decided. */
  confirmation: { value: number; purpose: string; outcome: string } | null;
}

/** For each thing a second d20 may confirm: the level it confirms, and the keys of its purpose and two outcomes. */
const CONFIRMATIONS = Object.freeze({
  critical: {
    confirms: SuccessLevel.Critical,
    purpose: "FANGS.Chat.Check.ConfirmCritical",
    confirmed: "FANGS.Chat.Check.CriticalConfirmed",
    missed: "FANGS.Chat.Check.CriticalMissed",
  },
  fumble: {
    confirms: SuccessLevel.Fumble,
    purpose: "FANGS.Chat.Check.ConfirmFumble",
    confirmed: "FANGS.Chat.Check.FumbleConfirmed",
    missed: "FANGS.Chat.Check.FumbleAvoided",
  },
});

/** What the second d20 was for and what it did, read from the result the rules returned. */
function confirmationOf(result: CheckResult): CheckCardContext["confirmation"] {
  if (result.confirmation === null) return null;
  const forCritical = result.level === SuccessLevel.Special || result.level === SuccessLevel.Critical;
  const kind = forCritical ? CONFIRMATIONS.critical : CONFIRMATIONS.fumble;
  return {
    value: result.confirmation,
    purpose: kind.purpose,
    outcome: result.level === kind.confirms ? kind.confirmed : kind.missed,
  };
}

export function checkCardContext(result: CheckResult, meta: CheckCardMeta): CheckCardContext {
  const level = LEVELS[result.level];
  const m = result.modifiers;
  return {
    actorName: meta.actorName,
    label: meta.label,
    localizeLabel: Boolean(meta.localizeLabel),
    multiplier: meta.multiplier ?? null,
    skill: result.skill,
    modifiers: m,
    modifiersText: m === 0 ? "" : m > 0 ? `+${m}` : `−${Math.abs(m)}`,
    natural: result.natural,
    total: result.total,
    target: 20,
    success: result.success,
    level: { ...level, cssClass: `fangs-check--${level.id}` },
    confirmation: confirmationOf(result),
  };
}

/* -------------------------------------------- */
/*  Posting the card (Foundry)                  */
/* -------------------------------------------- */

export interface CheckRequest {
  actor: Actor.Implementation;
  /** The rules core's resolution, e.g. `(dice) => resolveCheck({ skill: 12, modifiers: 0 }, dice)`. */
  resolve: (dice: DiceSource) => CheckResult;
  meta: Omit<CheckCardMeta, "actorName">;
}

async function rollFoundryDie(faces: number): Promise<{ result: number; roll: Roll }> {
  const roll = await new Roll(`1d${faces}`).evaluate();
  return { result: Number(roll.total), roll };
}

/** Resolves a check with Foundry dice and posts its card under the current roll mode. */
export async function postCheck(request: CheckRequest): Promise<void> {
  const { actor, resolve, meta } = request;
  const { value: result, rolls } = await resolveWithRolledDice(resolve, rollFoundryDie);
  const context = checkCardContext(result, { ...meta, actorName: actor.name ?? "" });
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_CARD_TEMPLATE, { ...context });
  const data = { speaker: ChatMessage.getSpeaker({ actor }), content, rolls };
  ChatMessage.applyRollMode(data, game.settings?.get("core", "rollMode") ?? "publicroll");
  await ChatMessage.create(data);
}

export interface RulesetCheckRequest<R extends RulesetCheckResult> {
  actor: Actor.Implementation;
  /** The ruleset's labels (its definition's `cards.check`). */
  labels: RulesetCheckLabels<R>;
  /** Its rules core's resolution of the roll. */
  resolve: (dice: DiceSource) => R;
  meta: Omit<CheckCardMeta, "actorName">;
}

/** A ruleset's round-level check: resolved with Foundry dice, posted on the check card with its labels. */
export async function postRulesetCheck<R extends RulesetCheckResult>(
  request: RulesetCheckRequest<R>,
): Promise<void> {
  const { actor, labels, resolve, meta } = request;
  const { value: result, rolls } = await resolveWithRolledDice(resolve, rollFoundryDie);
  const context = rulesetCheckContext(labels, result, { ...meta, actorName: actor.name ?? "" });
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_CARD_TEMPLATE, { ...context });
  const data = { speaker: ChatMessage.getSpeaker({ actor }), content, rolls };
  ChatMessage.applyRollMode(data, game.settings?.get("core", "rollMode") ?? "publicroll");
  await ChatMessage.create(data);
}
