import { FangsCombatant } from "../../../../documents/combatant";
import { type AimRoll, rollAim } from "../../../../rules/fangs/firearms";
import type { SkillValue } from "../../../../rules/fangs/types";
import { RulesError } from "../../../../rules/kernel/errors";
import { postCheck } from "../../chat/check-card";
import { combatOfAttacker } from "../../chat/exchange-flow";
import { FactsError, skillValueByKey, weaponProfile, weaponSkill } from "../../chat/facts";
import { aimOf, keepAim } from "../../combat/aim-flag";
import { fangsRound } from "../../combat/combatant-round";
import { rulesOptions } from "../../config/settings";

/**
 * The aiming module at the table (RHF-AIM-1, docs/rules/fangs.md): a round
 * of aiming rolled on FANGS's check card, the aim kept on the combatant (a
 * flag the GM's client writes, so no combatant data changes for a world
 * that never aims), read by the next attack and spent by it.
 */

/** The Spot the aim is rolled with: a skill keyed "spot", else the actor's Idea. */
export function spotOf(spot: SkillValue | null, idea: number): number {
  return spot?.total ?? idea;
}

/** The refusal's words: a reason of rollAim, or a fact the table lacks. */
export function aimRefusalKey(error: unknown): string {
  if (error instanceof RulesError && typeof error.details.reason === "string")
    return `FANGS.Aim.Refusal.${error.details.reason}`;
  if (error instanceof FactsError) return error.key;
  return "FANGS.Aim.Refusal.Other";
}

/**
 * One round of aiming with `itemId` (the GM's client: the combatant is
 * written here). Posts the Spot check; returns the roll, or null with a
 * notice when refused.
 */
export async function aimWith(actor: Actor.Implementation, itemId: string): Promise<AimRoll | null> {
  const refuse = (key: string): null => {
    ui.notifications?.warn(game.i18n!.localize(key));
    return null;
  };
  if (!game.user?.isGM) return refuse("FANGS.Aim.Refusal.GMOnly");
  const weapon = actor.items.get(itemId);
  if (!weapon) return refuse("FANGS.Chat.Error.NoWeapon");
  const combat = combatOfAttacker(actor, null);
  const combatant = FangsCombatant.of(actor, combat);
  if (!combatant) return refuse("FANGS.Aim.Refusal.NoCombat");
  const rules = rulesOptions();
  let rolled: AimRoll | null = null;
  try {
    const input = {
      spot: spotOf(
        skillValueByKey(actor, "spot"),
        (actor.system as { attributes?: { idea?: number } }).attributes?.idea ?? 0,
      ),
      aim: aimOf(combat, combatant.id, rules),
      weapon: weaponProfile(weapon),
      skill: weaponSkill(actor, weapon),
      counter: fangsRound(combatant).attackCounter,
      round: Math.max(1, combat?.round ?? 1),
    };
    await postCheck({
      actor,
      resolve: (dice) => {
        rolled = rollAim(input, dice, rules);
        return rolled.check;
      },
      meta: { label: "FANGS.Aim.Label", localizeLabel: true },
    });
  } catch (error) {
    if (error instanceof RulesError || error instanceof FactsError) return refuse(aimRefusalKey(error));
    throw error;
  }
  const done = rolled as AimRoll | null;
  if (done === null) return null;
  await keepAim(combatant, done.aim);
  return done;
}
