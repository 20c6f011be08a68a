import { describe, expect, it } from "vitest";
import type { Stage } from "../../src/quench/batch";
import type { RulesetDefinition } from "../../src/rulesets/registry";
import {
  installCombatStandIn,
  type StandInCombat,
  type StandInCombatant,
  type StandInWorld,
} from "../foundry/combat-stand-in";

/**
 * The stand-in world a ruleset's round batch plays in: the combat
 * stand-in, Foundry's roll mode setting, the round's and the cards'
 * queries to the GM, the ruleset's definition (loaded once the stand-in is
 * in place) and the system's document classes.
 */
export async function roundBatchWorld(load: () => Promise<RulesetDefinition>) {
  const world = installCombatStandIn();
  // Foundry's own client setting, which the stand-in leaves to the tests that roll.
  game.settings!.register("core", "rollMode", {
    scope: "client",
    config: false,
    type: String,
    default: "publicroll",
  } as never);
  const { FangsCombat } = await import("../../src/documents/combat");
  const request = await import("../../src/combat/request");
  const requester = await import("../../src/requester");
  world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
  world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(await load());
  (await import("../../src/config/document-classes")).configureDocuments();
  (await import("../../src/chat/index")).registerExchange();
  return { world, FangsCombat };
}

export interface StandInRoundTable<K extends string> {
  readonly combat: Combat.Implementation;
  readonly fighters: Readonly<Record<K, Combatant.Implementation>>;
  readonly player: { readonly id: string };
}

/**
 * A round batch's stand-in table: a GM at a world set to `ruleset`, a
 * combat of the fighters each seated as its combatant (`seat`), no warning
 * left from before; torn down to no combat and no ruleset.
 */
export function standInRoundStage<F extends { readonly key: K }, K extends string>(
  world: StandInWorld,
  FangsCombat: new () => unknown,
  ruleset: string,
  fighters: readonly F[],
  seat: (f: F) => StandInCombatant,
): Stage<StandInRoundTable<K>> {
  return {
    async setUp() {
      world.setUser(world.gm);
      world.settings.set("fangs.ruleset", ruleset);
      world.warnings.length = 0;
      const combat = new FangsCombat() as StandInCombat;
      const seated = Object.fromEntries(
        fighters.map((f) => {
          const c = seat(f);
          combat.add(c);
          return [f.key, c as unknown as Combatant.Implementation];
        }),
      ) as Record<K, Combatant.Implementation>;
      world.combats.clear();
      world.combats.set(combat.id, combat);
      return { combat: combat as unknown as Combat.Implementation, fighters: seated, player: world.player };
    },
    async tearDown() {
      world.combats.clear();
      world.settings.delete("fangs.ruleset");
    },
  };
}

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
