import type { FangsOptions } from "../../../rules/fangs/config";
import {
  checkDefenseFitsAttack,
  type DefenseContext,
  type DefenseUsage,
  emptyDefenseUsage,
  explainDefenses,
  type Readying,
  validateDefense,
} from "../../../rules/fangs/defenses";
import { isManeuverId, type ManeuverOptions } from "../../../rules/fangs/maneuvers";
import type {
  AttackMode,
  DefenseChoice,
  DefenseDeclaration,
  SkillValue,
  WeaponKind,
} from "../../../rules/fangs/types";
import { RulesError } from "../../../rules/kernel/errors";
import { defenderProfile, defenseContext, FactsError, handsOf, parryFor } from "./facts";

/**
 * The defenses the card offers a defender, and why the others are not.
 * In a combat with a declared maneuver, the rules core's `explainDefenses` decides
 * from the maneuver and the defenses used this round. Out of combat (or
 * before a maneuver is declared) no round limits apply: everything the
 * defender holds is offered, as far as the attack admits it (the rules core's
 * `checkDefenseFitsAttack`). Each offer is then checked as a declaration
 * (the rules core's `validateDefense`: a shattered item cannot parry), so the card
 * never shows a button the GM would refuse.
 */

export const DEFENSE_CHOICES: readonly DefenseChoice[] = Object.freeze([
  "dodge",
  "weaponParry",
  "shieldParry",
  "monsterParry",
  "grappleParry",
  "none",
]);

/** The defender's share of the round, from the tracker (null out of combat). */
export interface DefenderRound {
  readonly maneuver: string | null;
  readonly usage: DefenseUsage;
  readonly tradeShift: { readonly parry: number; readonly dodge: number };
  /** The defender is the target of this attacker's Charge, etc. (the maneuver's chosen target). */
  readonly maneuverTargetId?: string | null;
  /** NC-MAN-2: attacked before performing its maneuver. */
  readonly maneuverPerformed?: boolean;
  /** Draw Weapon: which hand's item is being drawn or readied (NC-MAN-13, NC-MAN-20). */
  readonly readying?: Readying | null;
}

export interface DefenseQuestion {
  readonly defender: Actor.Implementation;
  readonly round: DefenderRound | null;
  readonly attackerId: string;
  readonly mode: AttackMode;
  readonly kind: WeaponKind;
  /** What a shield strikes back with (the rules core's shieldStrikeDamage). */
  readonly shieldDamage: string;
  readonly twoWeapon: boolean;
  /** Which text wins where the maneuver prose and tables disagree (world setting). */
  readonly maneuverOptions?: Partial<ManeuverOptions>;
  /** The world's rules options (the readings of the Melee Dodge among them). */
  readonly rules?: FangsOptions;
  /** The holds module: a hold's control points immobilize the defender (RHF-HLD-2): no defense but none. */
  readonly immobilized?: boolean;
  /** The reach module's answer for the defender's weapon at the range it stands at (RHF-RNG-2); absent: nothing limits it. */
  readonly reach?: { readonly weaponParries: boolean };
}

export interface DefenseOffer {
  readonly choice: DefenseChoice;
  readonly allowed: boolean;
  /** Localisation key of why not (null when allowed). */
  readonly reasonKey: string | null;
  readonly reasonData: Readonly<Record<string, string>>;
  /** The parrying item's name, for the button. */
  readonly itemName: string | null;
  /** The skill the defense rolls with, shown on the button (null for none). */
  readonly skill: number | null;
}

export interface DefenseAnswer {
  readonly offers: readonly DefenseOffer[];
  /** Choosing the dodge gives up the maneuver (NC-MAN-2). */
  readonly dodgeConvertsManeuver: boolean;
  /** Whether the round's limits were applied (a combat with a declared maneuver). */
  readonly limited: boolean;
  /**
   * NC-MAN-11, NC-DEF-4: under Melee Dodge the defender may dodge past a melee
   * attacker, who then gets a second chance (the card's "dodgePast" choice).
   */
  readonly dodgePast: boolean;
}

/** The localisation key for a refusal of the rules core. */
export function rulesErrorKey(error: RulesError): string {
  const key = error.code
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return `FANGS.Chat.Rules.${key}`;
}

/** The declaration the rules core takes for this choice, or why it cannot be made. */
export function declareDefense(
  question: DefenseQuestion,
  choice: DefenseChoice,
  allowed?: readonly DefenseChoice[],
): { declaration: DefenseDeclaration; itemName: string | null } {
  const hands = handsOf(question.defender);
  const parry = parryFor(question.defender, hands, choice, question.shieldDamage);
  const shift = question.round?.tradeShift ?? { parry: 0, dodge: 0 };
  const modifiers = choice === "dodge" ? shift.dodge : choice === "none" ? 0 : shift.parry;
  const skill: SkillValue | null = parry?.skill ?? null;
  const declaration: DefenseDeclaration = {
    defender: defenderProfile(question.defender),
    choice,
    skill,
    item: parry?.item ?? null,
    modifiers,
    ...(allowed ? { allowed } : {}),
  };
  validateDefense(declaration);
  return { declaration, itemName: parry?.itemName ?? null };
}

/**
 * The context the rules core reads, when the round's limits apply (a combat with a
 * declared maneuver); null otherwise.
 */
export function defenseContextFor(question: DefenseQuestion): DefenseContext | null {
  const round = question.round;
  const maneuver = round?.maneuver ?? null;
  if (maneuver === null || !isManeuverId(maneuver)) return null;
  return {
    ...defenseContext({
      maneuver,
      maneuverTargetId: round?.maneuverTargetId ?? null,
      maneuverPerformed: round?.maneuverPerformed ?? true,
      usage: round?.usage ?? emptyDefenseUsage(),
      attackerId: question.attackerId,
      attackKind: question.kind,
      grapple: question.mode === "grapple",
      hands: handsOf(question.defender),
      grappled: question.defender.statuses.has("grappled"),
      twoWeapon: question.twoWeapon,
      readying: round?.readying ?? null,
    }),
    ...(question.maneuverOptions ? { options: question.maneuverOptions } : {}),
    ...(question.rules ? { rules: question.rules } : {}),
    ...(question.immobilized === true ? { immobilized: true } : {}),
    ...(question.reach ? { reach: question.reach } : {}),
  };
}

export function offeredDefenses(question: DefenseQuestion): DefenseAnswer {
  const context = defenseContextFor(question);
  const limited = context !== null;
  const refusals = new Map<DefenseChoice, string>();
  let convert = false;

  if (context) {
    const answer = explainDefenses(context);
    for (const r of answer.refused) refusals.set(r.choice, r.reasonKey);
    convert = answer.dodgeConvertsManeuver;
  } else {
    const hands = handsOf(question.defender);
    const missing: Partial<Record<DefenseChoice, string>> = {
      weaponParry: hands.main ? undefined : "FANGS.Rules.Defense.Refusal.NoWeapon",
      shieldParry: hands.offHand ? undefined : "FANGS.Rules.Defense.Refusal.NoShield",
      monsterParry: hands.monster ? undefined : "FANGS.Rules.Defense.Refusal.NotAMonster",
    };
    for (const choice of DEFENSE_CHOICES) {
      // RHF-HLD-2 (the holds module), with no maneuver declared too: no defense but none.
      const why =
        question.immobilized === true && choice !== "none"
          ? "FANGS.Rules.Defense.Refusal.Immobilized"
          : missing[choice];
      if (why) {
        refusals.set(choice, why);
        continue;
      }
      try {
        checkDefenseFitsAttack(question.mode, question.kind, choice);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        refusals.set(choice, rulesErrorKey(error));
      }
    }
  }

  const allowed = DEFENSE_CHOICES.filter((c) => !refusals.has(c));
  const offers: DefenseOffer[] = DEFENSE_CHOICES.map((choice) => {
    const refused = refusals.get(choice);
    if (refused)
      return { choice, allowed: false, reasonKey: refused, reasonData: {}, itemName: null, skill: null };
    try {
      const { declaration, itemName } = declareDefense(question, choice, allowed);
      const skill = declaration.skill ? declaration.skill.total + declaration.modifiers : null;
      return { choice, allowed: true, reasonKey: null, reasonData: {}, itemName, skill };
    } catch (error) {
      if (error instanceof FactsError) {
        return {
          choice,
          allowed: false,
          reasonKey: error.key,
          reasonData: error.data,
          itemName: null,
          skill: null,
        };
      }
      if (error instanceof RulesError) {
        return {
          choice,
          allowed: false,
          reasonKey: rulesErrorKey(error),
          reasonData: {},
          itemName: null,
          skill: null,
        };
      }
      throw error;
    }
  });
  const dodgePast =
    question.round?.maneuver === "dodgeMelee" &&
    question.kind === "melee" &&
    offers.some((o) => o.choice === "dodge" && o.allowed);
  return { offers, dodgeConvertsManeuver: convert, limited, dodgePast };
}
