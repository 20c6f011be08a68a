import "../foundry/setup";
import { describe, expect, it } from "vitest";
import { runBatch } from "../quench/adapter";
import { TOY_QUENCH_BATCHES, toyQuenchLog } from "./toy-quench";
import { toyDefinition } from "./toy-ruleset";

/**
 * A ruleset's own Quench batches (`quenchBatches`): the unchanged shared
 * register (src/quench/register.ts) loads every registered ruleset's and
 * lists them between the round and the migration, FANGS's among them.
 */

const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
registerRulesetDefinition(toyDefinition);

describe("src/quench/register.ts lists each ruleset's batches", () => {
  it("FANGS's exchange and forgery batches, Sharene's and Lunos's rounds, then the toy's duel, loaded once when Quench asks", async () => {
    const { registerBatches } = await import("../../src/quench/register");
    const registered: { key: string; fn: unknown; displayName?: string }[] = [];
    await registerBatches({
      registerBatch: (key, fn, options) => registered.push({ key, fn, ...options }),
    });
    expect(registered.map((r) => r.key)).toEqual([
      "fangs.round",
      "fangs.exchange",
      "fangs.forgery",
      "sharene.round",
      "lunos.round",
      "fangs.toyDuel",
      "fangs.migration",
    ]);
    expect(toyQuenchLog.loads).toBe(1);
    const toy = registered.find((r) => r.key === "fangs.toyDuel")!;
    expect(toy.fn).toBe(TOY_QUENCH_BATCHES[0]!.batch);
    expect(toy.displayName).toBe(game.i18n!.localize("TOY.Ruleset"));
  });
});

runBatch(TOY_QUENCH_BATCHES[0]!.batch);

describe("the toy's batch, as Quench runs it", () => {
  it("ran", () => expect(toyQuenchLog.runs).toBe(1));
});
