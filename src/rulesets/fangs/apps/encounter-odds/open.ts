import { type OpenOddsOptions, openOddsWindow } from "../../../../apps/encounter-odds/open-window";
import type { OddsTokenLike } from "../../../../sim/fight-runner";
import { EncounterOddsApp, FANGS_ODDS } from "./odds-app";

/**
 * Opening FANGS's Encounter odds window: the shared opening
 * (src/apps/encounter-odds/open-window.ts) with FANGS's window, loaded
 * only when a GM asks for it, with FANGS's heavy part.
 */

export type { OpenOddsOptions };

export async function openEncounterOddsNow(
  tokens?: readonly OddsTokenLike[],
  options: OpenOddsOptions = {},
): Promise<EncounterOddsApp | null> {
  const app = await openOddsWindow(
    { ruleset: FANGS_ODDS, create: (setup) => new EncounterOddsApp(setup) },
    tokens,
    options,
  );
  return app as EncounterOddsApp | null;
}
