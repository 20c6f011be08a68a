import { listRulesetDefinitions } from "../rulesets/registry";
import { registerRulesetSetting } from "./ruleset-setting";
import { SYSTEM_ID } from "./system";

/**
 * The system's world settings, whichever ruleset a world plays, registered
 * in `init`: the world's "Combat rules" (ruleset-setting.ts), the data
 * schema's version (the migration gate), then every registered ruleset's
 * own, through its definition's `options` (FANGS's:
 * src/rulesets/fangs/config/settings.ts). The helpers below serve any
 * ruleset's settings.
 */

export const SETTINGS = Object.freeze({
  schemaVersion: "schemaVersion",
} as const);

/**
 * The system's settings: the world's "Combat rules", the data schema's
 * version, then every registered ruleset's own (its definition's
 * `options.registerSettings`), whichever the world plays. Call in `init`
 * after every ruleset module is imported (src/rulesets/index.ts).
 */
export function registerSettings(): void {
  registerRulesetSetting();

  game.settings.register(SYSTEM_ID, SETTINGS.schemaVersion, {
    name: "FANGS.Setting.SchemaVersion.Name",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });

  for (const definition of listRulesetDefinitions()) definition.options?.registerSettings?.();
}

/** Whether a setting of the system's namespace is registered yet (a getter answers its default before). */
export function isSettingRegistered(key: string): boolean {
  if (typeof game === "undefined") return false;
  const registered: ReadonlyMap<string, unknown> | undefined = game.settings?.settings;
  return registered?.has(`${SYSTEM_ID}.${key}`) === true;
}

type Refreshable = { reset(): void; render(force?: boolean): unknown };

/**
 * Every actor whose derived values the rules figures shape, each once: the
 * world's actors, then the synthetic actors of unlinked tokens on every
 * scene (they are separate documents; a linked token's actor is the world
 * actor already seen).
 */
function* actorsInPlay(): Generator<Refreshable> {
  const seen = new Set<object>();
  for (const actor of game.actors ?? []) {
    seen.add(actor);
    yield actor;
  }
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      const actor = token.actor;
      if (!actor || seen.has(actor)) continue;
      seen.add(actor);
      yield actor;
    }
  }
}

/**
 * Re-prepares every actor so derived values follow a changed rules figure
 * (a ruleset's setting's `onChange`); the tracker shows some of them.
 */
export function refreshActors(): void {
  for (const actor of actorsInPlay()) {
    actor.reset();
    actor.render(false);
  }
  ui.combat?.render();
}
