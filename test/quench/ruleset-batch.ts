import { describe, expect, it } from "vitest";
import type { Stage } from "../../src/quench/batch";
import type { StandInWorld } from "../foundry/combat-stand-in";

/**
 * What every ruleset's round batch owes the register, on the stand-in:
 * listed unticked under its name from lang/en.json, and its live stage
 * refusing, in the ruleset's own words and making nothing, a world that
 * plays another ruleset.
 */
export function describeRulesetRoundBatch(options: {
  readonly world: StandInWorld;
  readonly name: string;
  readonly key: `${string}.${string}`;
  readonly labelKey: string;
  readonly notThisRuleset: string;
  readonly liveStage: () => Promise<Stage<unknown>>;
}): void {
  const { world, key, labelKey } = options;
  describe(`src/quench/register.ts with ${options.name}`, () => {
    it(`lists ${options.name}'s round batch, unticked, named from lang/en.json`, async () => {
      const { registerBatches } = await import("../../src/quench/register");
      const registered: { key: string; displayName?: string; preSelected?: boolean }[] = [];
      await registerBatches({ registerBatch: (k, _fn, o) => registered.push({ key: k, ...o }) });
      expect(registered.find((b) => b.key === key)).toEqual({
        key,
        displayName: labelKey,
        preSelected: false,
      });
    });

    it(`the live stage refuses a world that does not play ${options.name}, in ${options.name}'s words, making nothing`, async () => {
      const stage = await options.liveStage();
      world.settings.set("fangs.ruleset", "fangs");
      try {
        await expect(stage.setUp()).rejects.toThrow(options.notThisRuleset);
      } finally {
        world.settings.delete("fangs.ruleset");
      }
    });
  });
}
