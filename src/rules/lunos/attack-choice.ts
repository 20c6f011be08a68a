import { RulesError } from "../kernel/errors";
import type { LunosRules } from "./config";
import { checkDeclaration, maneuverCost, requireManeuver } from "./maneuvers";
import {
  type AttackDeclaration,
  acting,
  attackOf,
  type FightView,
  fighterAtSlotStart,
  fighterOf,
  type LunosAction,
  type LunosFight,
  resolveAttack,
  type TargetSpend,
} from "./round-engine";
import { ATTACK_SKILLS, MANEUVERS, type Maneuver } from "./types";

/**
 * What the attack card asks of the engine around `rollAttack` and
 * `resolveAttack`: the attack settled on its turn, before the roll, from
 * what the plan declared (LUN-ACT-1, LUN-MNV-2), and the maneuvers the
 * engine would accept on each target once the roll is made (LUN-MNV-1).
 * Pure, as the rest of the core.
 */

function refuse(
  reason:
    | "BadTarget"
    | "NoAttackDeclared"
    | "SkillNotOfWeapon"
    | "UnknownAction"
    | "WrongPhase"
    | "NotTheirTurn"
    | "AttackPending"
    | "AlreadyAttacked",
  message: string,
  details: Record<string, unknown> = {},
): never {
  throw new RulesError("round-refused", `Lunos round: ${message}`, { reason, ...details });
}

/**
 * The attack a fighter makes on its turn, settled before its roll: the
 * targets it strikes, some or all of those its plan named (never another:
 * the defenses were rolled against the plans), the skill, and the
 * maneuver declared for its free success. The plan's attack is replaced
 * by it; every other action stays. Refused as `declare` refuses.
 */
export function settleAttack(
  fight: LunosFight,
  id: string,
  choice: AttackDeclaration,
  view: FightView,
  _rules: LunosRules,
): LunosFight {
  if (fight.phase !== "attack")
    refuse("WrongPhase", `this needs the attack phase, the fight is in ${fight.phase}`);
  if (fight.pending !== null) refuse("AttackPending", "an attack waits for its maneuvers", { id });
  if (!acting(fight).includes(id)) refuse("NotTheirTurn", `it is not ${id}'s turn`, { id });
  const f = fighterOf(fight, id);
  if (f.attacked) refuse("AlreadyAttacked", `${id} has made its attack roll this round`, { id });
  const planned = attackOf(f.plan);
  if (planned === null || f.plan === null)
    refuse("NoAttackDeclared", `${id} declared no attack this round`, { id });
  const targets = choice?.targets;
  if (!Array.isArray(targets) || targets.length === 0) refuse("BadTarget", "an attack names no one", { id });
  const seen = new Set<string>();
  for (const t of targets) {
    if (typeof t !== "string" || seen.has(t) || !planned.targets.includes(t))
      refuse("BadTarget", `${String(t)} is not a target ${id} declared, or is named twice`, {
        id,
        target: t,
      });
    seen.add(t);
  }
  const skill = choice.skill;
  if (skill !== undefined && !(ATTACK_SKILLS as readonly string[]).includes(skill))
    refuse("UnknownAction", `"${String(skill)}" is not an attack skill`, { skill });
  if (skill !== undefined && skill !== "brawl" && skill !== view.sheet(id).weapon?.skill)
    refuse("SkillNotOfWeapon", `${id}'s weapon is not used with ${skill}`, { id, skill });
  const declared = choice.declared ?? null;
  if (declared !== null) requireManeuver(declared);
  checkDeclaration(declared, choice.forgoDamage === true);
  const settled: AttackDeclaration = {
    targets: [...targets],
    ...(skill !== undefined ? { skill } : {}),
    declared,
    forgoDamage: choice.forgoDamage === true,
  };
  const actions = f.plan.actions.map(
    (a): LunosAction => (a === (planned as unknown) ? ({ ...a, ...settled } as LunosAction) : a),
  );
  const fighters = fight.fighters.map((x) => (x.id === id ? { ...x, plan: { ...f.plan!, actions } } : x));
  return { ...fight, fighters };
}

/** One maneuver the engine accepts on a target hit, what one costs of its extra successes, and how often it may be bought. */
export interface ManeuverOffer {
  readonly maneuver: Maneuver;
  readonly cost: number;
  readonly limit: number;
}

/**
 * The maneuvers the pending attack may buy on each target it hit, each
 * asked of the engine alone (`resolveAttack` with that one maneuver): a
 * maneuver it would refuse (too dear, a Pin without a grapple, Avoid Armor
 * on magical armor, more damage on a blow that forwent it) is not offered.
 * What a set of them costs together is checked again when they are bought.
 */
export function maneuverMenu(
  fight: LunosFight,
  view: FightView,
  rules: LunosRules,
): Readonly<Record<string, readonly ManeuverOffer[]>> {
  const p = fight.pending;
  if (p === null) return {};
  const out: Record<string, ManeuverOffer[]> = {};
  for (const t of p.targets) {
    if (!t.hit) continue;
    const offers: ManeuverOffer[] = [];
    const sheet = view.sheet(t.id);
    // The engine takes a Disarm of one with nothing in hand and does nothing with it: not offered. Judged, as
    // the engine judges it, by the weapon held as the slot began: a disarm entered first for a fighter sharing
    // the slot leaves the others theirs to buy (and catch).
    const armed = sheet.weapon !== null && fighterAtSlotStart(fight, t.id).weapon === "held";
    for (const m of MANEUVERS) {
      if (m === "disarm" && !armed) continue;
      const spend: TargetSpend = { target: t.id, maneuvers: [m] };
      try {
        resolveAttack(fight, [spend], view, rules);
      } catch (error) {
        if (error instanceof RulesError) continue;
        throw error;
      }
      offers.push({ maneuver: m, cost: maneuverCost(m, sheet.armor, rules), limit: rules.maneuverLimits[m] });
    }
    out[t.id] = offers;
  }
  return out;
}
