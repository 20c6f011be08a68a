import { localize } from "../../../../config/localize";
import { declarableTargets, type RoundMenuView, roundMenuView } from "../../combat/round-menu";
import { shareneRecord } from "../../combat/round-record";
import { knownStyles, roundPhaseOf, shareneOutOfFight } from "../../token-palette";

/**
 * The round's choice on a Sharene fighter's sheet (its heavy part): while
 * the viewed combat's round asks the fighter for its declaration or its
 * style, the sheet shows the same choices as the tracker row's menu, to its
 * owners and the GM. A choice is the same round action (the sheet's
 * `shareneRound` button, through the active GM for a player).
 */

export interface SheetRoundPanel extends RoundMenuView {
  /** The radio group's name on this sheet (one sheet may be open beside another). */
  readonly targetName: string;
}

export function shareneSheetRound(actor: Actor.Implementation, idPrefix: string): SheetRoundPanel | null {
  const combat = game.combat as Combat.Implementation | null | undefined;
  const combatant = combat?.getCombatantsByActor(actor)[0];
  if (!combat?.started || !combatant?.id || shareneOutOfFight(combatant)) return null;
  if (!(game.user?.isGM || combatant.isOwner)) return null;
  const view = roundMenuView(
    { id: combatant.id, name: combatant.name ?? "" },
    roundPhaseOf(combatant),
    shareneRecord(combatant),
    declarableTargets(combatant),
    knownStyles(combatant),
    localize,
  );
  return view ? { ...view, targetName: `${idPrefix}-sharene-target` } : null;
}
