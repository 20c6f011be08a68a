import type { RoundAsk } from "../../../combat/tracker-parts";
import { PALETTE_PLANS, type PalettePlan } from "../token-palette";
import { shownRound } from "./shown";

/**
 * A click on Lunos's Token HUD palette (../token-palette.ts), in its heavy
 * part: the plan of the entry declared against the tokens the user targets
 * in this combat, else whom the fighter's declaration named before.
 */

/** Whom a declaration from the HUD names: the user's targeted tokens in this combat, else those declared before. */
export function targetsFromUser(combatant: Combatant.Implementation): string[] {
  const combat = combatant.combat;
  const ids: string[] = [];
  for (const token of game.user?.targets ?? []) {
    const doc = (token as { document?: TokenDocument.Implementation }).document;
    const found = doc && combat ? combat.getCombatantsByToken(doc) : [];
    for (const other of found)
      if (other.id && other.id !== combatant.id && !ids.includes(other.id)) ids.push(other.id);
  }
  if (ids.length > 0) return ids;
  return [...new Set(shownRound(combatant).declaredActions.flatMap((a) => a.targets))];
}

/** The palette entry `plan:<plan>` as its declaration. */
export async function chooseLunosPalette(
  combatant: Combatant.Implementation,
  id: string,
  ask: RoundAsk,
): Promise<boolean> {
  const [kind, value] = id.split(":");
  if (kind !== "plan" || !Object.hasOwn(PALETTE_PLANS, value ?? "")) return false;
  const targets = targetsFromUser(combatant);
  // Every plan of the palette faces someone: with no one targeted or named before, the user is told whom to target.
  if (targets.length === 0) {
    ui.notifications?.warn(game.i18n!.localize("LUNOS.Combat.Palette.NoTargets"));
    return false;
  }
  const actions = PALETTE_PLANS[value as PalettePlan].map((action) => {
    if (action === "attack" || action === "powerAttack") return { kind: action, targets };
    if (action === "flurry") return { kind: action, targets, against: targets };
    return { kind: action, against: targets };
  });
  return ask("declare", { actions });
}
