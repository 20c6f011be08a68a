import type { AttackOffer, DefenseOption, ShareneRound } from "../../../rules/sharene/round-engine";
import type { Defense, ShareneCondition, ShareneFighter, Style } from "../../../rules/sharene/types";
import { duelPolicyBook } from "../../../sim/duel-kit";

/**
 * How a simulated Sharene fighter chooses. The round engine
 * (src/rules/sharene/round-engine.ts) derives what is legal and at what DN;
 * the duel hands a policy only those options and the policy picks one. It
 * never decides a rule: an answer the engine did not offer is refused.
 */

export interface SharenePolicyView {
  readonly sheet: ShareneFighter;
  readonly condition: ShareneCondition;
}

export interface StyleQuestion {
  readonly round: ShareneRound;
  readonly self: SharenePolicyView;
  readonly opponent: SharenePolicyView;
  /** It acts before its opponent this round. */
  readonly first: boolean;
}

export interface DefenseQuestion {
  readonly self: SharenePolicyView;
  readonly attack: AttackOffer;
  /** The defenses the engine offers (never empty when asked). */
  readonly options: readonly DefenseOption[];
}

export interface RiposteQuestion {
  readonly self: SharenePolicyView;
  readonly riposte: AttackOffer;
}

export interface SharenePolicy {
  readonly id: string;
  /** The style of the round, chosen knowing the order (SHA-STY-*). */
  chooseStyle(question: StyleQuestion): Style;
  /** One of the offered defenses, or null to take the blow (keeping a defense for later). */
  chooseDefense(question: DefenseQuestion): Defense | null;
  /** Whether to take the riposte offered. */
  takeRiposte(question: RiposteQuestion): boolean;
}

/** The offered defense rolled under the highest DN. */
export function bestDefense(options: readonly DefenseOption[]): Defense | null {
  let best: DefenseOption | null = null;
  for (const o of options) if (best === null || o.dn.dn > best.dn.dn) best = o;
  return best?.defense ?? null;
}

/** A riposte is worth it while it can still succeed often enough. */
const RIPOSTE_MIN_DN = 6;

function fixed(id: string, style: Style): SharenePolicy {
  return {
    id,
    chooseStyle: () => style,
    chooseDefense: ({ options }) => bestDefense(options),
    takeRiposte: ({ riposte }) => riposte.dn.dn >= RIPOSTE_MIN_DN,
  };
}

/**
 * The default tactics: Attack and Parry, the text's "normal style of
 * fighting"; but when the fighter acts second and is the better parrier
 * than its foe is an attacker, Parry and Riposte, to turn the foe's blow
 * into an opening. Defends with the better of parry and dodge; takes a
 * riposte whose DN is 6 or more.
 */
export function createDefaultPolicy(): SharenePolicy {
  return {
    id: "default",
    chooseStyle({ self, opponent, first }) {
      const parry = self.sheet.weapon.parry ?? 0;
      return !first && parry > opponent.sheet.weapon.attack ? "parryRiposte" : "attackParry";
    },
    chooseDefense: ({ options }) => bestDefense(options),
    takeRiposte: ({ riposte }) => riposte.dn.dn >= RIPOSTE_MIN_DN,
  };
}

const FACTORIES: Record<string, () => SharenePolicy> = {
  default: createDefaultPolicy,
  // Every round a Full Attack: +1 to hit, a reflex parry at −5.
  aggressive: () => fixed("aggressive", "fullAttack"),
  // Every round Parry and Riposte: it never attacks but to answer.
  riposte: () => fixed("riposte", "parryRiposte"),
  // Every round Attack and Parry.
  steady: () => fixed("steady", "attackParry"),
};

export const { policyIds, createPolicy, parsePolicies } = duelPolicyBook<SharenePolicy>(FACTORIES);
