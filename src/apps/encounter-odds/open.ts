import { SimError } from "../../sim/errors";
import { type FighterSheet, fighterFromActorData } from "../../sim/fighter";
import { EncounterOddsApp } from "./app";

/**
 * Opening the Encounter odds dialog: loaded only when a GM asks for it
 * (see index.ts), so the simulator can live in its own chunk of the build.
 */

/** Opens the dialog for two tokens (default: the two selected on the canvas). Refuses anything else with a notification. */
export function openEncounterOddsNow(
  tokens?: readonly { actor: Actor.Implementation | null; name?: string }[],
): EncounterOddsApp | null {
  const i18n = game.i18n!;
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n.localize("FANGS.Odds.Error.GmOnly"));
    return null;
  }
  const chosen = tokens ?? (canvas?.tokens?.controlled ?? []).map((t) => ({ actor: t.actor, name: t.name }));
  if (chosen.length !== 2) {
    ui.notifications?.warn(i18n.format("FANGS.Odds.Error.SelectTwo", { count: String(chosen.length) }));
    return null;
  }
  const fighters: FighterSheet[] = [];
  for (const token of chosen) {
    const actor = token.actor;
    if (!actor || (actor.type !== "character" && actor.type !== "creature")) {
      ui.notifications?.warn(
        i18n.format("FANGS.Odds.Error.NotAFighter", { name: token.name ?? actor?.name ?? "?" }),
      );
      return null;
    }
    try {
      // The actor's stored data has the pack sources' shape: the simulator reads it the same way.
      const data = { ...actor.toObject(), name: token.name ?? actor.name };
      fighters.push(fighterFromActorData(data, actor.name ?? "actor"));
    } catch (error) {
      const message = error instanceof SimError ? error.message : String(error);
      ui.notifications?.warn(i18n.format("FANGS.Odds.Error.BadActor", { name: actor.name ?? "?", message }));
      return null;
    }
  }
  const app = new EncounterOddsApp([fighters[0]!, fighters[1]!]);
  void app.render({ force: true });
  return app;
}
