import type { RoundAsk } from "../../../combat/tracker-parts";
import { shareneRecord } from "./round-record";
import { openStyleDialog } from "./style-dialog";

/**
 * A click on Sharene's Token HUD palette (../token-palette.ts), in its
 * heavy part: an action is declared against the token the user targets
 * in this combat (else the target already declared), a style chosen, or
 * the style's dialog opened.
 */

/** Whom a declaration from the HUD attacks: the user's targeted token in this combat, else the one declared. */
export function targetFromUser(combatant: Combatant.Implementation): string | null {
  const combat = combatant.combat;
  for (const token of game.user?.targets ?? []) {
    const doc = (token as { document?: TokenDocument.Implementation }).document;
    const found = doc && combat ? combat.getCombatantsByToken(doc) : [];
    const other = found.find((c) => c.id !== combatant.id);
    if (other?.id) return other.id;
  }
  return shareneRecord(combatant).target;
}

/** The palette entry `id` (`action:<kind>`, `style:<style>`, or `options:style`, the style's dialog) as its round action. */
export async function choosePaletteAction(
  combatant: Combatant.Implementation,
  id: string,
  ask: RoundAsk,
): Promise<boolean> {
  const [kind, value] = id.split(":");
  if (kind === "action") return ask("declare", { action: value, target: targetFromUser(combatant) });
  if (kind === "style") return ask("style", { style: value });
  if (kind === "options" && value === "style") return openStyleDialog(combatant, ask);
  return false;
}
