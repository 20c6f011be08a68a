/**
 * What start-up leaves out, and the loaders that bring it in.
 *
 * Start-up (the entry and its static imports) holds what Foundry needs
 * before anyone plays: registration, data models, the sheet classes, rolls
 * and effect buttons, the tracker and the hook that draws chat cards (a
 * card's own drawing may load as a chunk of its own at `setup`: FANGS's
 * exchange card, src/rulesets/fangs/exchange-card.ts). The heavy
 * part of a ruleset (its card flow, planner, simulator, option windows;
 * FANGS's sheets' context builders, which a sheet awaits as it renders) is
 * one chunk per ruleset, which its definition's `loadHeavy`
 * imports (FANGS: src/rulesets/fangs/heavy.ts), loaded through
 * `loadRuleset(id)`: on `ready` in a world that plays it (`preloadRuleset`,
 * src/fangs.ts), so the first click does not wait, or on first use in a
 * world that plays another. The GM's side of card steps and round actions,
 * which every ruleset shares, is a chunk of its own (`loadTableAuthority`).
 * test/build/dist.test.ts fails if a module of a ruleset's heavy part
 * (`src/rulesets/<id>-heavy.ts` and what it re-exports) is found in the
 * start-up set, or one of FANGS's in the shared GM chunk.
 *
 * A chunk's file name carries a hash of its content, so a browser that loaded
 * the system before an update asks for files that are gone: the loader then
 * tells the user to reload, and a later call tries again.
 */

import { getRulesetDefinition, type RulesetEffects, registerRulesetEffects } from "./rulesets/registry";

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

/**
 * Each ruleset's heavy part, by ruleset id, for its own callers' types.
 * Empty here: a ruleset declares its own entry from its folder (module
 * augmentation: FANGS's is src/rulesets/fangs/heavy.ts), so this file
 * names no ruleset and a new one adds nothing to it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each ruleset's declaration
export interface RulesetHeavyParts {}

export type RulesetWithHeavyPart = keyof RulesetHeavyParts;

const rulesetLoaders = new Map<string, () => Promise<unknown>>();
/** The heavy parts that have loaded, by ruleset id: what drawing code that cannot wait reads. */
const loadedParts = new Map<string, unknown>();

/** The remembered loader of a ruleset's heavy part (its definition's `loadHeavy`), or null if it has none. */
function rulesetLoader(id: string): (() => Promise<unknown>) | null {
  const known = rulesetLoaders.get(id);
  if (known) return known;
  const definition = getRulesetDefinition(id);
  if (!definition?.loadHeavy) return null;
  const loader = onDemand(async () => {
    const part = await definition.loadHeavy?.();
    // A heavy part that brings its ruleset's effect kinds has them registered before anyone can use it.
    registerRulesetEffects(id, (part ?? {}) as RulesetEffects);
    loadedParts.set(id, part);
    return part;
  });
  rulesetLoaders.set(id, loader);
  return loader;
}

/**
 * The heavy part of a ruleset, loaded once through its definition's
 * `loadHeavy` and shared by every caller. Typed for a ruleset that declares
 * its part in `RulesetHeavyParts`; fails for a ruleset without one.
 */
export function loadRuleset<K extends RulesetWithHeavyPart>(id: K): Promise<RulesetHeavyParts[K]>;
export function loadRuleset(id: string): Promise<unknown>;
export function loadRuleset(id: string): Promise<unknown> {
  const loader = rulesetLoader(id);
  if (!loader) return Promise.reject(new Error(`FANGS | the ruleset "${id}" has no heavy part to load`));
  return loader();
}

/** A ruleset's heavy part if it has loaded, else null (a tracker row is drawn now, not later). */
export function loadedRuleset<K extends RulesetWithHeavyPart>(id: K): RulesetHeavyParts[K] | null;
export function loadedRuleset(id: string): unknown;
export function loadedRuleset(id: string): unknown {
  return loadedParts.get(id) ?? null;
}

/**
 * Starts loading what play needs in a world of this ruleset (call on
 * `ready`): its heavy part, if it has one, and the GM's side of card steps
 * and round actions, so the first attack or turn finds them there. A failed
 * load has been told by the loader, and the first use tries again.
 */
export function preloadRuleset(id: string): void {
  rulesetLoader(id)?.().catch(() => undefined);
  loadTableAuthority().catch(() => undefined);
}

/**
 * The active GM's side of every card step and round action (the checks of
 * a request, the message's lock, the round action's authorisation), shared
 * by every ruleset: src/table-authority.ts. It reaches a ruleset's own
 * steps only through the card's or the combat's ruleset (its `cards.flow`
 * and `table`), so a world of one ruleset never loads another's heavy part.
 */
export const loadTableAuthority = onDemand(() => import("./table-authority"));

/*
 * Two loaders besides the rulesets' and the GM's side, each for code that most sessions never
 * run and that is heavy enough to matter (3.6 KB and 12.7 KB minified). The
 * writes of timed statuses (src/effects/timed-status-writes.ts, 2.2 KB) are
 * one more such part, imported where they run: by the effect applier and,
 * on the active GM's client, when a clock passes an end.
 */

/** Bringing an older world's data to the current schema: the active GM's client, once per update, on `ready`. */
export const loadWorldMigration = onDemand(() => import("./data/world-migration"));

/** The scenario batches for the Quench test runner, only where that module is active (`quenchReady`). */
export const loadQuenchBatches = onDemand(() => import("./quench/register"));
