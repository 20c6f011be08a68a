import { describe, expect, it } from "vitest";
import type { ExchangeStage } from "../../src/rulesets/fangs/quench/exchange-batch";
import { loadExchange, table } from "../foundry/chat-fixtures";
import { world } from "../foundry/chat-stand-in";
import { runBatch } from "./adapter";

/**
 * FANGS's exchange batches (src/rulesets/fangs/quench/: attack to apply and undo, the forged
 * card steps) on the chat stand-in: Gru and Pirate Jenny from the packs'
 * sources, Jenny owned by `defender`, the dice scripted faces.
 */
await loadExchange();
const { exchangeBatch } = await import("../../src/rulesets/fangs/quench/exchange-batch");
const { forgedCardRequests } = await import("../../src/rulesets/fangs/quench/forgery-batch");

const stage: ExchangeStage = {
  async setUp() {
    const t = await table();
    return {
      attacker: t.gru,
      target: t.jenny,
      targetRef: { actorUuid: t.jenny.uuid, tokenUuid: null, name: t.jenny.name ?? "", img: "" },
      weaponId: t.sword,
      defender: world.defender,
    };
  },
  async tearDown() {
    world.reset();
  },
  scriptDice(rolls) {
    world.dice.push(...rolls.map(([, face]) => face));
  },
  diceLeft: () => world.dice.length,
};

runBatch(exchangeBatch(stage));
runBatch(forgedCardRequests(stage));

describe("src/quench/register.ts", () => {
  it("registers the four FANGS batches, Sharene's round and Lunos's with Quench, unticked, named from lang/en.json", async () => {
    const { registerBatches } = await import("../../src/quench/register");
    const registered: unknown[] = [];
    await registerBatches({
      registerBatch: (key, fn, options) => registered.push({ key, fn: typeof fn, ...options }),
    });
    const batch = (key: string, displayName: string) => ({
      key,
      fn: "function",
      displayName,
      preSelected: false,
    });
    expect(registered).toEqual([
      batch("fangs.round", "FANGS: the scripted four-combatant round"),
      batch("fangs.exchange", "FANGS: an exchange from attack to apply and undo"),
      batch("fangs.forgery", "FANGS: forged requests are refused"),
      batch("sharene.round", "Sharene: a round of four fighters"),
      batch("lunos.round", "Lunos: a round of four on the tracker"),
      batch("fangs.migration", "FANGS: a world from the oldest schema"),
    ]);
  });
});
