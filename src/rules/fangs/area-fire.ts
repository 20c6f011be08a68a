import type { DiceSource } from "../kernel/dice";
import { RulesError } from "../kernel/errors";
import { checkAreaFire } from "../rhf/firearms";
import { areaFireRules, checkAreaFireWeapon } from "./bursts";
import { type FangsOptions, resolveOptions } from "./config";
import { checkDefenseFitsAttack, validateDefense } from "./defenses";
import { type ExchangeResolution, resolveExchange } from "./exchange";
import type { AttackDeclaration, DefenseDeclaration } from "./types";

/**
 * Area fire on FANGS (the bursts and area fire module, RHF-AUT-2): one
 * autofire attack at up to `areaMaxTargets` targets no two of which are more
 * than `areaSpread` metres apart. Each target is its own exchange: its own
 * roll (one FANGS check, a d6 on `areaHits` when made), its own defense,
 * outcome, damage and consequences.
 */
export interface AreaFireInput {
  readonly attack: AttackDeclaration;
  /** One defense for each target, in the order they are fired at. */
  readonly targets: readonly DefenseDeclaration[];
  /** Metres between the two targets farthest apart (0 for a single target). */
  readonly spread: number;
}

/**
 * Refuses area fire the rules do not allow, before any die: the module off,
 * a weapon without autofire, no target, more than `areaMaxTargets`, a
 * target named twice, targets farther apart than `areaSpread`.
 */
export function checkAreaFireTargets(
  attack: Pick<AttackDeclaration, "weapon" | "mode">,
  targetIds: readonly string[],
  spread: number,
  options?: FangsOptions,
): void {
  checkAreaFireWeapon(attack, options);
  const rules = resolveOptions(options);
  if (targetIds.length > rules.areaMaxTargets)
    throw new RulesError(
      "attack-not-allowed",
      `area fire takes at most ${rules.areaMaxTargets} targets, got ${targetIds.length}`,
      { reason: "TooManyTargets", max: rules.areaMaxTargets, count: targetIds.length },
    );
  if (new Set(targetIds).size !== targetIds.length)
    throw new RulesError("attack-not-allowed", "area fire names a target twice", { reason: "SameTarget" });
  try {
    checkAreaFire(targetIds.length, spread, areaFireRules(rules));
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    const reason =
      error.code === "attack-not-allowed" ? "TooFarApart" : targetIds.length === 0 ? "NoTarget" : "BadSpread";
    throw new RulesError(error.code, `area fire refused: ${error.message}`, { ...error.details, reason });
  }
}

/** RHF-AUT-2 on FANGS: each target's exchange, in order. Dice: target after target, each as an exchange. */
export function resolveAreaFire(
  input: AreaFireInput,
  dice: DiceSource,
  options?: FangsOptions,
): readonly ExchangeResolution[] {
  const targets = input?.targets;
  if (!Array.isArray(targets))
    throw new RulesError("invalid-value", "area fire needs a list of targets' defenses", { what: "targets" });
  checkAreaFireTargets(
    input.attack,
    targets.map((t) => t?.defender?.id),
    input.spread,
    options,
  );
  // Every target's defense is refused before the first die, as one exchange refuses its one.
  for (const defense of targets) {
    validateDefense(defense);
    checkDefenseFitsAttack(input.attack.mode, input.attack.weapon.kind, defense.choice);
  }
  const attack: AttackDeclaration = { ...input.attack, areaFire: true };
  return targets.map((defense) => resolveExchange({ attack, defense }, dice, options));
}
