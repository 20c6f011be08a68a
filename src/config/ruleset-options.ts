import { isSettingRegistered, refreshActors } from "./settings";
import { SYSTEM_ID } from "./system";

/**
 * A ruleset's world rules options, the start-up half every ruleset but
 * FANGS shares: one GM setting holding the keys of its core's defaults the
 * world changes, and the rules its fighters are prepared with. Checking the
 * stored options takes the ruleset's core, which comes with its heavy part
 * (./ruleset-options-check.ts): a world that stores options loads it at
 * `init`, then its fighters are prepared again.
 */

/** The stored options; the ruleset's core checks them where they are read and written. */
export class RulesetOptionsModel extends foundry.abstract.DataModel<{
  options: foundry.data.fields.ObjectField;
}> {
  static override defineSchema() {
    return { options: new foundry.data.fields.ObjectField({ required: true, initial: {} }) };
  }
}

export interface RulesetOptionsSpec<P> {
  /** The setting's key in the system's namespace. */
  readonly key: string;
  readonly nameKey: string;
  readonly hintKey: string;
  /** What fighters are prepared with until the stored options are read. */
  readonly initial: P;
  /** Loads the heavy part and applies the stored options through it. */
  readonly applyWithHeavyPart: () => Promise<void>;
}

export interface RulesetOptionsSetting<P> {
  readonly key: string;
  /** Registers the setting (the definition's `options.registerSettings`, in `init` whatever the world plays). */
  register(): void;
  /** The rules the world's fighters are prepared with: its checked options, the defaults until read. */
  prepared(): P;
  /** Sets the rules fighters are prepared with (the heavy part's reading of the setting). */
  use(rules: P): void;
  /** The options the world stores, unchecked: what the heavy part reads. */
  stored(): unknown;
  /** Whether the world changed any option (then the heavy part is needed to read them). */
  hasStored(): boolean;
  /**
   * Reads and applies the stored options through the heavy part, then
   * prepares every actor again. A failed load has been told by the loader;
   * the defaults stay.
   */
  applyStored(): Promise<void>;
}

export function rulesetOptionsSetting<P>(spec: RulesetOptionsSpec<P>): RulesetOptionsSetting<P> {
  let prepared = spec.initial;
  const stored = (): unknown => {
    if (!isSettingRegistered(spec.key)) return {};
    try {
      const value: unknown = game.settings.get(SYSTEM_ID, spec.key as never);
      return (value as { options?: unknown } | null)?.options ?? {};
    } catch (error) {
      // A value Foundry cannot load at all: read as options the core will refuse, named in its warning.
      if (!(error instanceof Error)) throw error;
      return { unreadable: error.message };
    }
  };
  const applyStored = async (): Promise<void> => {
    try {
      await spec.applyWithHeavyPart();
    } catch {
      return;
    }
    refreshActors();
  };
  return {
    key: spec.key,
    register(): void {
      game.settings.register(
        SYSTEM_ID,
        spec.key as never,
        {
          name: spec.nameKey,
          hint: spec.hintKey,
          scope: "world",
          // An object: the settings list cannot show it; an options window or a macro sets it.
          config: false,
          type: RulesetOptionsModel,
          default: new RulesetOptionsModel(),
          onChange: () => void applyStored(),
        } as never,
      );
    },
    prepared: () => prepared,
    use(rules: P): void {
      prepared = rules;
    },
    stored,
    hasStored(): boolean {
      const options = stored();
      return typeof options !== "object" || options === null || Object.keys(options).length > 0;
    },
    applyStored,
  };
}
