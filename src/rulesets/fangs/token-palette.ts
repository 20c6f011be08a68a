import type { TokenPalette, TokenPaletteEntry } from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import { isReadying, readyingOf } from "../../rules/fangs/defense-usage";
import { fangsRound } from "./combat/combatant-round";
import { actorFacts, combatantSystem } from "./combat/snapshot";
import { maneuverChoices } from "./tracker-row-view";

/**
 * FANGS's Token HUD palette: the maneuvers, one click declaring one for the
 * token's combatant (through `declareManeuver`: its checks and hooks, then
 * the active GM's `declare` round action for a player). With a shield to
 * ready, Draw Weapon is two entries (NC-MAN-20); its id names what it
 * readies (`drawWeapon:weapon`, `drawWeapon:offHand`).
 */

function entries(combatant: Combatant.Implementation, localize: Localize): TokenPaletteEntry[] {
  const system = combatantSystem(combatant);
  const facts = actorFacts(combatant.actor);
  const readied = readyingOf(system.readying);
  const split = facts.readyings.length > 1;
  return maneuverChoices(facts.mv, system.held, localize, facts.readyings).map((c) => ({
    id: c.readying ? `${c.id}:${c.readying}` : c.id,
    label: c.label,
    tooltip: c.tooltip,
    icon: c.icon,
    // Two Draw Weapon buttons share an icon: the off hand's carries a shield mark as well as its name.
    ...(split && c.readying === "offHand" ? { mark: "fa-solid fa-shield-halved" } : {}),
    active: c.id === system.maneuver && (!split || c.readying === readied),
    disabled: c.disabled,
  }));
}

export const fangsManeuverPalette: TokenPalette = Object.freeze({
  labelKey: "FANGS.Combat.Menu.Declare",
  icon: "fa-solid fa-chess-knight",
  entries: (combatant: Combatant.Implementation, _viewer: unknown, localize: Localize) =>
    entries(combatant, localize),
  async choose(combatant: Combatant.Implementation, id: string): Promise<boolean> {
    const [maneuver = "", readying] = id.split(":");
    return fangsRound(combatant).declareManeuver(maneuver, {
      readying: isReadying(readying) ? readying : null,
    });
  },
});
