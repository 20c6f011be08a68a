/**
 * What start-up leaves out, and the loaders that bring it in.
 *
 * Start-up (the entry and its static imports) holds what Foundry needs
 * before anyone plays: registration, data models, sheets with their view,
 * rolls and effect buttons, the tracker and the drawing of chat cards. The
 * heavy part of a ruleset (its card flow, planner, simulator, option
 * windows) is one chunk per ruleset, loaded through `loadRuleset`: on
 * `ready` in a world that plays it (`preloadRuleset`, src/fangs.ts), so the
 * first click does not wait, or on first use in a world that plays another.
 * test/build/dist.test.ts fails if a module of a ruleset's heavy part is
 * found in the start-up set.
 *
 * A chunk's file name carries a hash of its content, so a browser that loaded
 * the system before an update asks for files that are gone: the loader then
 * tells the user to reload, and a later call tries again.
 */

import { type RulesetEffects, registerRulesetEffects } from "./rulesets/registry";

/** A loader that is remembered once it succeeds and says what to do when it fails. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      console.error("FANGS | a part of the system could not be loaded", error);
      if (typeof game !== "undefined" && typeof ui !== "undefined" && game.i18n) {
        ui.notifications?.error(game.i18n.localize("FANGS.System.LoadFailed"), { permanent: true });
      }
      throw error;
    });
    return loading;
  };
}

/** Each ruleset's heavy part, by ruleset id: one barrel module each. */
export interface RulesetHeavyParts {
  fangs: typeof import("./rulesets/fangs-heavy");
}

export type RulesetWithHeavyPart = keyof RulesetHeavyParts;

/** A heavy part that brings its ruleset's effect kinds has them registered before anyone can use it. */
async function withEffects<T extends RulesetEffects>(id: string, load: () => Promise<T>): Promise<T> {
  const part = await load();
  registerRulesetEffects(id, part);
  return part;
}

const rulesetLoaders: { readonly [K in RulesetWithHeavyPart]: () => Promise<RulesetHeavyParts[K]> } = {
  fangs: onDemand(() => withEffects("fangs", () => import("./rulesets/fangs-heavy"))),
};

/** The heavy part of a ruleset (FANGS unless named), loaded once and shared by every caller. */
export function loadRuleset<K extends RulesetWithHeavyPart = "fangs">(
  id: K = "fangs" as K,
): Promise<RulesetHeavyParts[K]> {
  return rulesetLoaders[id]();
}

/**
 * Starts loading the heavy part of the world's ruleset (call on `ready`), so
 * the first attack or turn finds it there. A ruleset without one loads
 * nothing; a failed load has been told by the loader, and the first use
 * tries again.
 */
export function preloadRuleset(id: string): void {
  if (!Object.hasOwn(rulesetLoaders, id)) return;
  rulesetLoaders[id as RulesetWithHeavyPart]().catch(() => undefined);
}

/*
 * Two loaders besides the rulesets', each for code that most sessions never
 * run and that is heavy enough to matter (3.6 KB and 12.7 KB minified). The
 * writes of timed statuses (src/effects/timed-status-writes.ts, 2.2 KB) are
 * one more such part, imported where they run: by the effect applier and,
 * on the active GM's client, when a clock passes an end.
 */

/** Bringing an older world's data to the current schema: the active GM's client, once per update, on `ready`. */
export const loadWorldMigration = onDemand(() => import("./data/world-migration"));

/** The scenario batches for the Quench test runner, only where that module is active (`quenchReady`). */
export const loadQuenchBatches = onDemand(() => import("./quench/register"));

/** Each ruleset's heavy-part barrel (from the repository root): the build test reads its imports. */
export const RULESET_HEAVY_BARRELS: Readonly<Record<RulesetWithHeavyPart, string>> = Object.freeze({
  fangs: "src/rulesets/fangs-heavy.ts",
});
