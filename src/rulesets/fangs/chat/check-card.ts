import {
  type CheckCardMeta,
  type CheckConfirmation,
  type RulesetCheckContext,
  type RulesetCheckLabels,
  rulesetCheckContext,
} from "../../../chat/check-context";
import { onDemand } from "../../../on-demand";
import { CHECK_TARGET } from "../../../rules/fangs/check";
import { type CheckResult, SuccessLevel } from "../../../rules/fangs/types";
import type { DiceSource } from "../../../rules/kernel/dice";

/**
 * FANGS's checks on the shared check card (src/chat/check-card.ts): the
 * five success levels, the skill and modifiers of its formula line and the
 * second d20 that confirms a Critical or a Fumble, as its definition's
 * `cards.check`; its sheets and macros post through `postRulesetCheck`
 * with them.
 */

export type CheckLevelId = "fumble" | "failure" | "success" | "special" | "critical";

/** FANGS's check result as the card reads it: the rules core's, with the 20 it is compared with. */
export type FangsCardCheck = CheckResult & { readonly target: number };

const LEVELS: Readonly<Record<SuccessLevel, { id: CheckLevelId; labelKey: string; icon: string }>> = {
  [SuccessLevel.Fumble]: {
    id: "fumble",
    labelKey: "FANGS.Chat.Check.Level.Fumble",
    icon: "fa-solid fa-skull",
  },
  [SuccessLevel.Failure]: {
    id: "failure",
    labelKey: "FANGS.Chat.Check.Level.Failure",
    icon: "fa-solid fa-xmark",
  },
  [SuccessLevel.Success]: {
    id: "success",
    labelKey: "FANGS.Chat.Check.Level.Success",
    icon: "fa-solid fa-check",
  },
  [SuccessLevel.Special]: {
    id: "special",
    labelKey: "FANGS.Chat.Check.Level.Special",
    icon: "fa-solid fa-star-half-stroke",
  },
  [SuccessLevel.Critical]: {
    id: "critical",
    labelKey: "FANGS.Chat.Check.Level.Critical",
    icon: "fa-solid fa-star",
  },
};

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
function confirmationOf(result: CheckResult): CheckConfirmation | null {
  if (result.confirmation === null) return null;
  const forCritical = result.level === SuccessLevel.Special || result.level === SuccessLevel.Critical;
  const kind = forCritical ? CONFIRMATIONS.critical : CONFIRMATIONS.fumble;
  return {
    value: result.confirmation,
    purpose: kind.purpose,
    outcome: result.level === kind.confirms ? kind.confirmed : kind.missed,
  };
}

/** FANGS's labels of a check result (its definition's `cards.check`). */
export const fangsCheckLabels: RulesetCheckLabels<FangsCardCheck> = {
  level: (result) => LEVELS[result.level],
  details(result) {
    const m = result.modifiers;
    return {
      skill: result.skill,
      modifiers: m,
      modifiersText: m === 0 ? "" : m > 0 ? `+${m}` : `−${Math.abs(m)}`,
      confirmation: confirmationOf(result),
    };
  },
};

/** The rules core's result as the card reads it. */
function onCard(result: CheckResult): FangsCardCheck {
  return { ...result, target: CHECK_TARGET };
}

export type CheckCardContext = RulesetCheckContext & { skill: number; modifiers: number };

/** The check card's data for a FANGS result (the exchange card's rolls read it too). Pure. */
export function checkCardContext(result: CheckResult, meta: CheckCardMeta): CheckCardContext {
  return rulesetCheckContext(fangsCheckLabels, onCard(result), meta) as CheckCardContext;
}

export interface CheckRequest {
  actor: Actor.Implementation;
  /** The rules core's resolution, e.g. `(dice) => resolveCheck({ skill: 12, modifiers: 0 }, dice)`. */
  resolve: (dice: DiceSource) => CheckResult;
  meta: Omit<CheckCardMeta, "actorName">;
}

/** The shared card's posting: a chunk of its own, loaded with the first check, since start-up posts none. */
const checkCard = onDemand(() => import("../../../chat/check-card"));

/** Resolves a FANGS check with Foundry dice and posts it on the shared check card under the current roll mode. */
export async function postCheck(request: CheckRequest): Promise<void> {
  const { actor, resolve, meta } = request;
  const { postRulesetCheck } = await checkCard();
  await postRulesetCheck({ actor, labels: fangsCheckLabels, resolve: (dice) => onCard(resolve(dice)), meta });
}
