import { RulesError } from "../rules/kernel/errors";
import type { RulesetOptionsSetting } from "./ruleset-options";
import { SYSTEM_ID } from "./system";

/**
 * The checking half of a ruleset's world options (./ruleset-options.ts),
 * in the heavy parts: the stored options read through the ruleset's core,
 * and a GM's new ones checked before they are stored.
 */

export interface OptionsCheckSpec<O, R> {
  /** The ruleset's name in the console warning. */
  readonly name: string;
  readonly setting: RulesetOptionsSetting<unknown>;
  /** The core's reading of options over its defaults; throws a RulesError on a refused value. */
  readonly resolve: (options: O) => R;
  readonly defaults: R;
  /** The notification's key, formatted with `reason`. */
  readonly refusedKey: string;
}

export interface OptionsCheck<O, R> {
  /**
   * The world's rules: its stored options over the defaults. A stored value
   * the core refuses (written around `set`, by a macro or an import) is not
   * played: the defaults are, with one console warning naming the refusal.
   */
  read(): R;
  /**
   * Stores new options for the world (a GM's), after the core checked them:
   * a refused value is told in the user's words, naming what the core
   * refused, and nothing is stored. Answers whether it was stored.
   */
  set(options: O): Promise<boolean>;
}

export function optionsCheck<O, R>(spec: OptionsCheckSpec<O, R>): OptionsCheck<O, R> {
  const warned = new Set<string>();
  return Object.freeze({
    read(): R {
      try {
        return spec.resolve(spec.setting.stored() as O);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        if (!warned.has(error.message)) {
          warned.add(error.message);
          console.warn(
            `FANGS | the world's ${spec.name} rules are refused (${error.message}); playing the defaults`,
          );
        }
        return spec.defaults;
      }
    },
    async set(options: O): Promise<boolean> {
      try {
        spec.resolve(options);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        ui.notifications?.error(game.i18n.format(spec.refusedKey, { reason: error.message }));
        return false;
      }
      await game.settings.set(SYSTEM_ID, spec.setting.key as never, { options: { ...options } } as never);
      return true;
    },
  });
}
