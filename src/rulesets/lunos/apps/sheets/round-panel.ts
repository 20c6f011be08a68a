import { askRoundAction } from "../../../../combat/round-ask";
import { localize } from "../../../../config/localize";
import {
  type LunosMenuView,
  namesSomeone,
  planFromMenu,
  readMenu,
  roundMenuView,
} from "../../combat/round-menu";
import { shownRound } from "../../combat/shown";
import { lunosMinorOnly, lunosOutOfFight, lunosPhaseOf } from "../../tracker-row";

/**
 * The round's declaration on a Lunos fighter's sheet (its heavy part):
 * while the viewed combat's round asks for the declarations, the sheet
 * shows the same fields as the tracker row's menu, to its owners and the
 * GM, named after the sheet so two open sheets keep their choices apart.
 * Its Declare button is the same round action (the sheet's `lunosDeclare`,
 * through the active GM for a player).
 */
export function lunosSheetRound(actor: Actor.Implementation, idPrefix: string): LunosMenuView | null {
  const combat = game.combat as Combat.Implementation | null | undefined;
  const combatant = combat?.getCombatantsByActor(actor)[0];
  // A dying fighter still awake keeps its minor actions (LUN-HLT-4).
  if (!combat?.started || !combatant?.id) return null;
  if (lunosOutOfFight(combatant) && !lunosMinorOnly(combatant)) return null;
  if (!(game.user?.isGM || combatant.isOwner)) return null;
  const others = [...combat.combatants]
    .filter((c) => c.id && c.id !== combatant.id && c.visible !== false)
    .map((c) => ({ id: c.id!, name: c.name ?? "" }));
  return roundMenuView(
    { id: combatant.id, name: combatant.name ?? "" },
    lunosPhaseOf(combatant),
    shownRound(combatant),
    others,
    localize,
    { prefix: `${idPrefix}-lunos`, sheetAction: "lunosDeclare" },
    game.user?.isGM === true,
  );
}

/** The panel's Declare button: its fields (named with `prefix`) as the `declare` round action for its combatant. */
export async function declareFromSheet(button: HTMLElement, prefix: string): Promise<boolean> {
  const panel = button.closest<HTMLElement>("[data-combatant-id]");
  const combat = game.combat as Combat.Implementation | null;
  const id = panel?.dataset.combatantId;
  if (!panel || !combat || !id) return false;
  const form = readMenu(panel, prefix);
  return namesSomeone(form) && askRoundAction(combat, "declare", [id], planFromMenu(form));
}
