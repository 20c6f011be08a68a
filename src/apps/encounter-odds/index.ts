import { activeRulesetDefinition } from "../../rulesets/registry";
import type { OddsTokenLike } from "../../sim/fight-runner";
import { registerGmTokenTool } from "../scene-controls";

/**
 * "Encounter odds": a GM tool on the selected tokens (two, or a party and
 * its foes, or a party and a prepared encounter), reached from the token
 * controls or from a macro (`game.fangs.encounterOdds()`), registered
 * by one call in src/fangs.ts. It runs the simulator of the ruleset the
 * world plays (its definition's `simulator`, loaded on first use with the
 * ruleset's heavy part, its own window with it: FANGS's and Sharene's); a
 * ruleset without one, or whose simulator has no window, is named in a
 * notice instead.
 */

/**
 * Opens the dialog for the selected tokens (or those given): two fight each other, more split by
 * disposition (sides.ts); `{ encounter: id }` sets the party (the friendly ones) against a prepared
 * encounter (src/encounters/), which the window's picker also offers.
 */
export async function openEncounterOdds(
  tokens?: readonly OddsTokenLike[],
  options?: { readonly encounter?: string },
): Promise<unknown> {
  const definition = activeRulesetDefinition();
  const simulator = await definition.simulator?.load();
  if (!simulator?.openOdds) {
    const i18n = game.i18n!;
    ui.notifications?.warn(
      i18n.format("FANGS.Odds.Error.NoSimulator", { ruleset: i18n.localize(definition.rules.labelKey) }),
    );
    return null;
  }
  return simulator.openOdds(tokens, options);
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
    // `game.fangs` is this system's own namespace on Foundry's game, which the types do not know.
    const g = game as unknown as { fangs?: Record<string, unknown> };
    g.fangs ??= {};
    g.fangs.encounterOdds = openEncounterOdds;
  });
}
