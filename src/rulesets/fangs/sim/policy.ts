import { getManeuver } from "../../../rules/fangs/maneuvers";
import type { DefenseChoice, ItemCondition, ItemSp, ManeuverId } from "../../../rules/fangs/types";
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
  /** Held by the opponent's grapple. */
  readonly grappled: boolean;
  /** Holding the opponent in a grapple. */
  readonly holding: boolean;
  /** Weapons in hand with their current state. */
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

/**
 * What an attacker does when its target Retreats or Disengages before its
 * attack (NC-SPD-1, NC-SPD-2): one of the rules core's RetreatResponse or
 * DisengageResponse values ("attackAsItLeaves", "chase", "stay"; "follow", "letGo").
 */
export interface WithdrawalQuestion {
  readonly self: FighterView;
  readonly opponent: FighterView;
  readonly withdrawal: "retreat" | "disengage";
  readonly options: readonly string[];
}

/** A second attack the rules core allows in the Post-Melee phase (off hand, All-Out-Attack's second…). */
export interface ExtraAttackQuestion {
  readonly self: FighterView;
  readonly opponent: FighterView;
  readonly weaponId: string;
  /** Added to the attack roll (−10 off hand, −4 with Two Weapon, 0 ambidextrous). */
  readonly modifier: number;
  /** The rules core's AttackSource. */
  readonly source: string;
}

/** An enemy a fighter may take as its target this round (in a fight between groups). */
export interface TargetOption {
  /** The enemy's FighterIndex: what chooseTarget answers. */
  readonly fighter: number;
  readonly view: FighterView;
  /** Paces to it; 0 when engaged with it. */
  readonly distance: number;
  readonly engaged: boolean;
  /** It was the target last round. */
  readonly current: boolean;
}

/**
 * Whom to fight this round, asked at the declaration (and again when the
 * target fell before the fighter's attack) whenever more than one enemy is
 * a candidate: the enemies the fighter is engaged with if any, else every
 * enemy still up. Never asked in a duel.
 */
export interface TargetQuestion {
  readonly round: number;
  readonly self: FighterView;
  /** Two or more. */
  readonly candidates: readonly TargetOption[];
}

/** HP share left, then Stun share: lower is more hurt. */
function hurtScore(view: FighterView): number {
  const { hitPoints, stunPoints } = view.sheet.attributes;
  return view.hitPoints / Math.max(1, hitPoints) + view.stunPoints / Math.max(1, stunPoints) / 1000;
}

/**
 * The default choice of target: an enemy the fighter is engaged with first;
 * among those the most hurt (lowest share of HP left, then of Stun). Free of
 * any engagement: the nearest, then the most hurt. Still tied: last round's
 * target, then the first in fighter order.
 */
export function defaultTarget({ candidates }: TargetQuestion): number {
  let best = candidates[0]!;
  const better = (a: TargetOption, b: TargetOption): boolean => {
    if (a.engaged !== b.engaged) return a.engaged;
    if (!a.engaged && a.distance !== b.distance) return a.distance < b.distance;
    const ha = hurtScore(a.view);
    const hb = hurtScore(b.view);
    if (ha !== hb) return ha < hb;
    return a.current && !b.current;
  };
  for (const c of candidates) if (better(c, best)) best = c;
  return best.fighter;
}

export interface Policy {
  /** Shown in logs and the odds report. */
  readonly id: string;
  chooseManeuver(question: ManeuverQuestion): ManeuverOption;
  /** The FighterIndex of one of the candidates; without it, defaultTarget decides. */
  chooseTarget?(question: TargetQuestion): number;
  chooseDefense(question: DefenseQuestion): DefenseChoice;
  respondToWithdrawal(question: WithdrawalQuestion): string;
  /** True to take the extra attack. */
  chooseExtraAttack(question: ExtraAttackQuestion): boolean;
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

/**
 * The default tactics:
 * - badly hurt and engaged: Retreat (else Melee Dodge); badly hurt and free: Run;
 * - engaged: Attack with the best usable melee weapon (highest skill); a
 *   grappler whose opponent is already held strikes with another weapon;
 *   with no weapon worth the name in hand, Draw Weapon for a better one;
 * - free, with a missile or thrown weapon that may shoot: shoot (Attack);
 *   while it reloads or the foe is out of range, Missile Dodge where it stands;
 * - free: Attack if the ¼ MV of the Attack closes the gap, else Engage,
 *   else Move toward the opponent;
 * - defend with the allowed defense of highest skill, but do not give up
 *   one's own attack for NC-MAN-2's dodge unless badly hurt;
 * - a withdrawing target is attacked as it leaves, or followed;
 * - target (groups): see defaultTarget;
 * - extra attacks are taken unless at −10 (which would cost the off-hand parry).
 */
export function createDefaultPolicy(settings: Partial<DefaultPolicySettings> = {}): Policy {
  const { retreatBelow } = { ...DEFAULT_POLICY_SETTINGS, ...settings };
  const first = (options: readonly ManeuverOption[], ...ids: ManeuverId[]): ManeuverOption | undefined => {
    for (const id of ids) for (const o of options) if (o.maneuver === id) return o;
    return undefined;
  };
  return {
    id: "default",
    chooseManeuver({ self, opponent, options }) {
      if (badlyHurt(self, retreatBelow)) {
        const flee = self.engaged
          ? first(options, "retreat", "dodgeMelee")
          : first(options, "run", "runAndDodge");
        if (flee) return flee;
      }
      // One pass over the options: the best melee attack (not a grapple on a held foe, if there is
      // another), the best shot, the best weapon to draw. Scores: skill first, then the bigger weapon.
      const avoidGrapple = opponent.grappled && self.holding;
      let melee: ManeuverOption | undefined;
      let meleeScore = -1;
      let grappleMelee: ManeuverOption | undefined;
      let grappleScore = -1;
      let ranged: ManeuverOption | undefined;
      let rangedScore = -1;
      let draw: ManeuverOption | undefined;
      let drawScore = -1;
      for (const o of options) {
        if (o.weaponId === null) continue;
        const w = self.sheet.weapons.find((x) => x.id === o.weaponId);
        if (!w) continue;
        const score = w.skill.total * 100 + w.damage.length;
        if (o.maneuver === "attack") {
          if (w.kind !== "melee") {
            if (score > rangedScore) [ranged, rangedScore] = [o, score];
          } else if (avoidGrapple && w.skillKey === "grapple") {
            if (score > grappleScore) [grappleMelee, grappleScore] = [o, score];
          } else if (score > meleeScore) [melee, meleeScore] = [o, score];
        } else if (o.maneuver === "drawWeapon" && w.kind !== "missile" && score > drawScore) {
          [draw, drawScore] = [o, score];
        }
      }
      if (!melee && grappleMelee) [melee, meleeScore] = [grappleMelee, grappleScore];
      // Fists against a blade: a round spent drawing a real weapon pays off.
      const drawPays = draw !== undefined && drawScore > meleeScore + 300;
      if (self.engaged) {
        if (drawPays) return draw!;
        if (melee) return melee;
        if (draw) return draw;
      } else {
        if (ranged) return ranged;
        if (hasRanged(self)) {
          // Reloading, or out of range: keep the distance and dodge what comes, rather than walk in.
          const wait = first(options, "dodgeMissile", "dodgeMelee");
          if (wait) return wait;
        }
        if (drawPays) return draw!;
        if (melee) return melee;
      }
      return first(options, "engage", "move", "attack", "dodgeMelee", "runAndDodge") ?? options[0]!;
    },
    chooseDefense({ self, allowed, values, dodgeConvertsManeuver, maneuver }) {
      // NC-MAN-2's dodge gives up the maneuver: worth it unless that costs this round's attack.
      const keepAttack = getManeuver(maneuver).attacks > 0 && !badlyHurt(self, retreatBelow);
      let choice: DefenseChoice = "none";
      let bestValue = -Infinity;
      for (const option of allowed) {
        if (option === "none") continue;
        if (option === "dodge" && dodgeConvertsManeuver && keepAttack) continue;
        const value = values[option] ?? -Infinity;
        if (value > bestValue) {
          bestValue = value;
          choice = option;
        }
      }
      return choice;
    },
    chooseTarget: defaultTarget,
    respondToWithdrawal({ options }) {
      for (const preferred of ["attackAsItLeaves", "chase", "follow"])
        if (options.includes(preferred)) return preferred;
      return options[0]!;
    },
    chooseExtraAttack({ modifier }) {
      return modifier > -10;
    },
  };
}

/** A missile or thrown weapon in hand that can still shoot once loaded (not broken below half or shattered). */
function hasRanged(view: FighterView): boolean {
  return view.weapons.some(
    (w) => w.weapon.kind !== "melee" && w.condition !== "unusableForAttack" && w.condition !== "shattered",
  );
}
