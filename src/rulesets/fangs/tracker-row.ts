import { pairIds, pairsOf } from "../../combat/pairs";
import type { TrackerRowClick, TrackerRowPart } from "../../combat/tracker-parts";
import { localize } from "../../config/localize";
import { loadRuleset } from "../../on-demand";
import { isReadying } from "../../rules/fangs/defense-usage";
import type { WeaponKind } from "../../rules/fangs/types";
import { fangsRound } from "./combat/combatant-round";
import { pairReachOf } from "./combat/pair-reach";
import { actorFacts, combatantSystem } from "./combat/snapshot";
import { rulesOptions } from "./config/settings";
import {
  type FangsRowCells,
  type FangsRowData,
  fangsRowDrawing,
  MANEUVER_MENU_TEMPLATE,
  maneuverMenuView,
} from "./tracker-row-view";

/**
 * FANGS's part of a tracker row, the Foundry side: what it reads of a
 * combatant (the GM's record of its round, its actor's MV) and the maneuver
 * menu its badge opens, whose choices declare or take back through the
 * combatant (its checks and hooks, then the active GM's `declare` and
 * `clear` round actions). How it is drawn: ./tracker-row-view.ts.
 */

/** What the tracker reads of a FANGS combatant: its round as the GM recorded it, its MV. */
export function readFangsRow(combatant: Combatant.Implementation): {
  held: boolean;
  outOfAction: boolean;
  data: FangsRowData;
} {
  const system = combatantSystem(combatant);
  const facts = actorFacts(combatant.actor, combatant.isDefeated);
  return {
    held: system.held,
    outOfAction: facts.outOfAction,
    data: {
      maneuver: system.maneuver,
      attackKind: system.attackKind,
      committed: system.committed,
      actionLost: system.actionLost,
      lostManeuver: system.lostManeuver,
      mv: facts.mv,
      ...(rulesOptions()?.reachModule === true ? { reach: { ranges: keptRanges(combatant) } } : {}),
    },
  };
}

/** The reach module: the ranges kept between this combatant and others (the GM's record on the Combat). */
function keptRanges(combatant: Combatant.Implementation): { other: string; range: string }[] {
  const combat = combatant.combat;
  const id = combatant.id;
  if (!combat || !id) return [];
  return pairsOf(combat, id).flatMap((key) => {
    const [a, b] = pairIds(key);
    const reach = pairReachOf(combat, a, b);
    const other = combat.combatants.get(a === id ? b : a);
    // A hidden fighter's name stays the GM's, as its row does.
    const shown = other && (!other.hidden || game.user?.isGM === true);
    // A pair that parted stands at no range now (its round stays kept for the GM).
    const engaged = reach && typeof reach.apart !== "number";
    return engaged && shown ? [{ other: other.name ?? "", range: reach.range }] : [];
  });
}

/** A click in the row's cells: the reach module's button, else the maneuver badge's menu. */
function rowClick(click: TrackerRowClick): Promise<HTMLElement | null> {
  // The reach module's advance or withdraw (RHF-RNG-3): its asking loads with the fight's rules.
  if (click.target.closest("[data-reach-maneuver]"))
    return loadRuleset("fangs").then(({ askRangeManeuver }) => askRangeManeuver(click));
  return openManeuverMenu(click);
}

/** The maneuver badge's menu under its row; a choice declares or takes back through the combatant. */
async function openManeuverMenu({ combatant }: TrackerRowClick): Promise<HTMLElement | null> {
  const { held, data } = readFangsRow(combatant);
  const facts = actorFacts(combatant.actor);
  const view = maneuverMenuView(
    { id: combatant.id!, name: combatant.name ?? "", held, ...data },
    facts.mainWeaponKind,
    localize,
    combatantSystem(combatant).readying,
    facts.readyings,
    // The holds module (RHF-HLD-3): a Grappled fighter may try to break free of the hold the GM keeps.
    rulesOptions()?.controlPointsModule === true && combatant.actor?.statuses?.has("grappled") === true,
  );
  const html = await foundry.applications.handlebars.renderTemplate(MANEUVER_MENU_TEMPLATE, { ...view });
  const holder = document.createElement("div");
  holder.innerHTML = html.trim();
  const menu = holder.firstElementChild as HTMLElement | null;
  if (!menu) return null;
  menu.addEventListener("click", async (ev) => {
    if ((ev.target as HTMLElement).closest("button[data-break-free]")) {
      ev.stopPropagation();
      menu.remove();
      await fangsRound(combatant).breakFree();
      return;
    }
    const choice = (ev.target as HTMLElement).closest<HTMLButtonElement>("button[data-maneuver]");
    if (!choice || choice.disabled) return;
    ev.stopPropagation();
    const maneuver = choice.dataset.maneuver ?? "";
    const kind = menu.querySelector<HTMLInputElement>("input[name=fangs-attack-kind]:checked")?.value as
      | WeaponKind
      | undefined;
    const readying = choice.dataset.readying;
    menu.remove();
    // Through the combatant: its own checks and hooks, then the active GM's round action (declare, clear).
    if (maneuver === "") await fangsRound(combatant).clearManeuver();
    else
      await fangsRound(combatant).declareManeuver(maneuver, {
        attackKind: kind ?? null,
        readying: isReadying(readying) ? readying : null,
      });
  });
  return menu;
}

export const fangsTrackerRow: TrackerRowPart<FangsRowData, FangsRowCells> = Object.freeze({
  ...fangsRowDrawing,
  read: (combatant: Combatant.Implementation) => readFangsRow(combatant),
  click: rowClick,
});
