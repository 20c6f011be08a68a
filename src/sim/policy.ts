import type { DefenseChoice, ItemCondition, ItemSp, ManeuverId } from "../rules/fangs";
import type { FighterSheet, SimWeapon } from "./fighter";

/**
 * How a simulated fighter chooses. The engine asks the rules core what is
 * legal (canChooseManeuver, allowedDefenses, …) and hands the policy only
 * legal options; the policy picks one. It never decides a rule, and the
 * engine refuses any answer that is not one of the options it offered.
 * Replace the policy to test other tactics (see docs/simulator.md).
 */

/** A fighter as a policy sees it at the moment of choosing. */
export interface FighterView {
  readonly sheet: FighterSheet;
  readonly stunPoints: number;
  readonly hitPoints: number;
  readonly engaged: boolean;
  /** Ready weapons with their current state. */
  readonly weapons: readonly WeaponView[];
}

export interface WeaponView {
  readonly weapon: SimWeapon;
  /** Current item SP; null for natural weapons. */
  readonly itemSp: ItemSp | null;
  /** "natural" for claws and fists, which never wear. */
  readonly condition: ItemCondition | "natural";
}

/** One legal maneuver: with the weapon it would attack with, if any. */
export interface ManeuverOption {
  readonly maneuver: ManeuverId;
  /** The weapon the maneuver attacks with (Attack, All-Out-Attack, Charge); null for the others. */
  readonly weaponId: string | null;
}

export interface ManeuverQuestion {
  readonly round: number;
  readonly self: FighterView;
  readonly opponent: FighterView;
  /** Paces between the two (0 when engaged). */
  readonly distance: number;
  /** Every legal choice, never empty. */
  readonly options: readonly ManeuverOption[];
}

export interface DefenseQuestion {
  readonly self: FighterView;
  readonly opponent: FighterView;
  readonly attack: { readonly weaponId: string; readonly kind: SimWeapon["kind"] };
  /** The defenses still allowed by the rules core (allowedDefenses); "none" is always there. */
  readonly allowed: readonly DefenseChoice[];
  /** The skill each allowed defense would be rolled with. */
  readonly values: Readonly<Partial<Record<DefenseChoice, number>>>;
  /** Taking the dodge gives up this round's maneuver (NC-MAN-2). */
  readonly dodgeConvertsManeuver: boolean;
  /** The defender's maneuver this round. */
  readonly maneuver: ManeuverId;
}

/** What an attacker does when its target Retreats or Disengages first (NC-SPD-1, NC-SPD-2). */
export type WithdrawalResponse = "attack" | "chase" | "stay";

export interface WithdrawalQuestion {
  readonly self: FighterView;
  readonly opponent: FighterView;
  /** Responses the rules core leaves open for this withdrawal. */
  readonly options: readonly WithdrawalResponse[];
}

export interface Policy {
  /** Shown in logs and the odds report. */
  readonly id: string;
  chooseManeuver(question: ManeuverQuestion): ManeuverOption;
  chooseDefense(question: DefenseQuestion): DefenseChoice;
  respondToWithdrawal(question: WithdrawalQuestion): WithdrawalResponse;
}

/* -------------------------------------------- */
/*  The default policy                          */
/* -------------------------------------------- */

export interface DefaultPolicySettings {
  /** Retreat when HP or Stun is at or below this share of its maximum. */
  readonly retreatBelow: number;
}

export const DEFAULT_POLICY_SETTINGS: DefaultPolicySettings = Object.freeze({ retreatBelow: 0.25 });

/** Badly hurt: HP or Stun at or below the share of its maximum. */
export function badlyHurt(view: FighterView, share: number): boolean {
  const { hitPoints, stunPoints } = view.sheet.attributes;
  return view.hitPoints <= hitPoints * share || view.stunPoints <= stunPoints * share;
}

function weaponScore(view: FighterView, weaponId: string | null): number {
  const w = view.weapons.find((x) => x.weapon.id === weaponId);
  // Skill first; among equal skills, the bigger weapon.
  return w ? w.weapon.skill.total * 100 + w.weapon.damage.length : -1;
}

function best(options: readonly ManeuverOption[], view: FighterView): ManeuverOption | undefined {
  let pick: ManeuverOption | undefined;
  for (const o of options)
    if (!pick || weaponScore(view, o.weaponId) > weaponScore(view, pick.weaponId)) pick = o;
  return pick;
}

/**
 * The default tactics:
 * - badly hurt and engaged: Retreat (else Melee Dodge); badly hurt and free: Run;
 * - engaged: Attack with the best usable weapon (highest skill);
 * - free, with a missile or thrown weapon that may shoot: shoot (Attack);
 * - free: Attack if the ¼ MV of the Attack closes the gap, else Engage,
 *   else Move toward the opponent;
 * - defend with the allowed defense of highest skill, but do not give up
 *   one's own attack for NC-MAN-2's dodge unless badly hurt;
 * - a withdrawing target is attacked as it leaves when the rules allow it.
 */
export function createDefaultPolicy(settings: Partial<DefaultPolicySettings> = {}): Policy {
  const { retreatBelow } = { ...DEFAULT_POLICY_SETTINGS, ...settings };
  const pick = (options: readonly ManeuverOption[], ...ids: ManeuverId[]) =>
    ids.map((id) => options.filter((o) => o.maneuver === id)).find((list) => list.length > 0) ?? [];
  return {
    id: "default",
    chooseManeuver({ self, options }) {
      const hurt = badlyHurt(self, retreatBelow);
      if (hurt) {
        const flee = pick(
          options,
          ...(self.engaged ? (["retreat", "dodgeMelee"] as const) : (["run"] as const)),
        );
        if (flee[0]) return flee[0];
      }
      const weaponKind = (o: ManeuverOption) =>
        self.weapons.find((w) => w.weapon.id === o.weaponId)?.weapon.kind;
      const attacks = options.filter((o) => o.maneuver === "attack" && o.weaponId !== null);
      if (self.engaged) {
        const melee = best(
          attacks.filter((o) => weaponKind(o) === "melee"),
          self,
        );
        if (melee) return melee;
      } else {
        const shot = best(
          attacks.filter((o) => weaponKind(o) !== "melee"),
          self,
        );
        if (shot) return shot;
        const closing = best(attacks, self);
        if (closing) return closing;
      }
      const fallback = pick(options, "engage", "move", "attack", "dodgeMelee", "runAndDodge")[0];
      return fallback ?? options[0]!;
    },
    chooseDefense({ self, allowed, values, dodgeConvertsManeuver }) {
      let choice: DefenseChoice = "none";
      let bestValue = -Infinity;
      for (const option of allowed) {
        if (option === "none") continue;
        if (option === "dodge" && dodgeConvertsManeuver && !badlyHurt(self, retreatBelow)) continue;
        const value = values[option] ?? -Infinity;
        if (value > bestValue) {
          bestValue = value;
          choice = option;
        }
      }
      return choice;
    },
    respondToWithdrawal({ options }) {
      return options.includes("attack") ? "attack" : options.includes("chase") ? "chase" : options[0]!;
    },
  };
}

export const defaultPolicy: Policy = createDefaultPolicy();
