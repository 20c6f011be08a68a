import { loadRuleset } from "../../on-demand";
import { registerGmTokenTool } from "../scene-controls";
import type { EncounterOddsApp } from "./odds-app";

/**
 * "Encounter odds": a GM tool on the selected tokens (two, or a party and
 * its foes, or a party and a prepared encounter), reached from the token
 * controls or from a macro (`game.fangs.encounterOdds()`), registered
 * by one call in src/fangs.ts. The dialog and the simulator behind it are
 * in FANGS's heavy part (src/on-demand.ts).
 */

type TokenLike = { actor: Actor.Implementation | null; name?: string; disposition?: number };

/**
 * Opens the dialog for the selected tokens (or those given): two fight each other, more split by
 * disposition (sides.ts); `{ encounter: id }` sets the party (the friendly ones) against a prepared
 * encounter (src/encounters/), which the window's picker also offers.
 */
export async function openEncounterOdds(
  tokens?: readonly TokenLike[],
  options?: { readonly encounter?: string },
): Promise<EncounterOddsApp | null> {
  const { openEncounterOddsNow } = await loadRuleset("fangs");
  return openEncounterOddsNow(tokens, options);
}

export function registerEncounterOdds(): void {
  registerGmTokenTool({
    name: "fangsEncounterOdds",
    title: "FANGS.Odds.App.Control",
    icon: "fa-solid fa-scale-balanced",
    order: 100,
    onChange: () => {
      void openEncounterOdds();
    },
  });
  Hooks.once("ready", () => {
    const g = game as unknown as { fangs?: Record<string, unknown> };
    g.fangs ??= {};
    g.fangs.encounterOdds = openEncounterOdds;
  });
}
