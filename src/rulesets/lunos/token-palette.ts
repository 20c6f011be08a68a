import type { TokenPaletteEntry } from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import { ICON_PATH } from "../../config/system";
import { shownRound } from "./combat/shown";
import { lunosOutOfFight, lunosPhaseOf } from "./tracker-row";

/**
 * Lunos's Token HUD palette (its table's `palette`): in the declarations,
 * the round's usual plans, each a whole declaration against the tokens the
 * user targets in this combat (else those already declared): an attack and
 * a defense, an attack and a parry, a Power attack, a Full defense, and a
 * Flurry for a fighter with the Combat it needs (LUN-ACT-3 … LUN-ACT-9). Each click is the `declare` round
 * action, through the active GM for a player; the row's menu declares the
 * rest (a lunge, a move, another task, magic). Lunos's heavy part: the
 * table's start-up palette (./combat/lunos-table.ts) asks it once the part
 * has loaded.
 */

/** The plans the palette offers, by entry id: what each declares, read by ./combat/palette-choice.ts. */
export const PALETTE_PLANS = Object.freeze({
  attackDefense: Object.freeze(["attack", "defense"]),
  attackParry: Object.freeze(["attack", "parry"]),
  powerAttack: Object.freeze(["powerAttack"]),
  fullDefense: Object.freeze(["fullDefense"]),
  flurry: Object.freeze(["flurry"]),
} as const);
export type PalettePlan = keyof typeof PALETTE_PLANS;

const ICONS: Readonly<Record<PalettePlan, { icon: string; mark?: string }>> = Object.freeze({
  attackDefense: { icon: "attack", mark: "fa-solid fa-shield" },
  attackParry: { icon: "attack", mark: "fa-solid fa-khanda" },
  powerAttack: { icon: "allOutAttack" },
  fullDefense: { icon: "dodgeMelee" },
  flurry: { icon: "charge", mark: "fa-solid fa-shield" },
});

/** The kinds a shown plan holds, in order: what says which palette plan is the one declared. */
const sameKinds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((kind, i) => kind === b[i]);

/** The palette's entries for a combatant: the plans, in the declarations only. */
export function lunosPaletteEntries(
  combatant: Combatant.Implementation,
  localize: Localize,
): TokenPaletteEntry[] {
  if (lunosPhaseOf(combatant) !== "declare") return [];
  const shown = shownRound(combatant);
  const kinds = shown.declaredActions.map((a) => a.kind);
  const out = lunosOutOfFight(combatant);
  // Only what the engine accepts: no Flurry below the Combat it needs (`flurryMinCombat`).
  const plans = (Object.keys(PALETTE_PLANS) as PalettePlan[]).filter(
    (id) => id !== "flurry" || shown.mayFlurry,
  );
  return plans.map((id) => {
    const label = localize(`LUNOS.Combat.Palette.${id}`);
    const { icon, mark } = ICONS[id];
    return {
      id: `plan:${id}`,
      label,
      tooltip: localize("LUNOS.Combat.Palette.PlanHint", { plan: label }),
      icon: `${ICON_PATH}/maneuver/${icon}.svg`,
      ...(mark ? { mark } : {}),
      active: shown.declared && sameKinds(kinds, PALETTE_PLANS[id]),
      disabled: out,
    };
  });
}
