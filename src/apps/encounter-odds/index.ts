import { SimError } from "../../sim/errors";
import { type FighterSheet, fighterFromActorData } from "../../sim/fighter";
import { EncounterOddsApp } from "./app";

/**
 * "Encounter odds": a GM tool on the selected tokens, reached from the token
 * controls or from a macro (`game.fangs.encounterOdds()`), registered by one
 * call in src/fangs.ts.
 */

/** Opens the dialog for two tokens (default: the two selected on the canvas). Refuses anything else with a notification. */
export function openEncounterOdds(
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

export function registerEncounterOdds(): void {
  // The types list no "getSceneControlButtons" hook in v13's shape (controls keyed by name, tools keyed by name).
  const onUntypedHook = Hooks.on as unknown as (hook: string, fn: (controls: unknown) => void) => number;
  onUntypedHook("getSceneControlButtons", (controls) => {
    const tokens = (controls as Record<string, { tools: Record<string, unknown> } | undefined>).tokens;
    if (!tokens || !game.user?.isGM) return;
    tokens.tools.fangsEncounterOdds = {
      name: "fangsEncounterOdds",
      title: "FANGS.Odds.App.Control",
      icon: "fa-solid fa-scale-balanced",
      order: 100,
      button: true,
      visible: true,
      onChange: () => {
        openEncounterOdds();
      },
    };
  });
  Hooks.once("ready", () => {
    const g = game as unknown as { fangs?: Record<string, unknown> };
    g.fangs ??= {};
    g.fangs.encounterOdds = openEncounterOdds;
  });
}
