import type { AttackOffer, DefenseOption, ShareneRound } from "../../../rules/sharene/round-engine";
import type { Defense, ShareneCondition, ShareneFighter, Style } from "../../../rules/sharene/types";
import { SimError } from "../../../sim/sim-error";

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

export function policyIds(): string[] {
  return Object.keys(FACTORIES);
}

export function createPolicy(id: string): SharenePolicy {
  const factory = Object.hasOwn(FACTORIES, id) ? FACTORIES[id] : undefined;
  if (!factory)
    throw new SimError("invalid-argument", `unknown policy "${id}" (known: ${policyIds().join(", ")})`);
  return factory();
}

/** `--policy`: one id for both sides, or two separated by a comma (side A's first). */
export function parsePolicies(text: string | true | undefined): readonly [string, string] {
  if (text === undefined) return ["default", "default"];
  const ids = typeof text === "string" ? text.split(",").map((id) => id.trim()) : [];
  if (ids.length < 1 || ids.length > 2 || ids.some((id) => id === ""))
    throw new SimError(
      "invalid-argument",
      `--policy takes one policy id, or two separated by a comma, got ${String(text)}`,
    );
  for (const id of ids) createPolicy(id);
  return [ids[0]!, ids[1] ?? ids[0]!];
}
