import { describe, expect, it } from "vitest";
import { world } from "./chat-stand-in";

/**
 * Foundry runs a query's handler on the answering user's browser: while it
 * awaits, the asking client goes on as itself. The stand-in models each
 * client's `game.user` with an async context, so two requests in flight do
 * not see each other's user.
 */
describe("the stand-in's clients", () => {
  it("a query handler sees the answering user while the caller's code goes on as itself", async () => {
    world.reset();
    const seen: string[] = [];
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    (CONFIG.queries as unknown as Record<string, unknown>)["fangs.test"] = async () => {
      seen.push(game.user!.id!);
      await gate;
      seen.push(game.user!.id!);
      return game.user!.id;
    };
    world.as(world.player);
    const answer = world.gm.query("fangs.test" as never, {} as never);
    // The test's client switches user while the GM's handler is waiting.
    world.as(world.defender);
    expect(game.user!.id).toBe(world.defender.id);
    release();
    expect(await answer).toBe(world.gm.id);
    expect(seen).toEqual([world.gm.id, world.gm.id]);
    expect(game.user!.id).toBe(world.defender.id);
    delete (CONFIG.queries as unknown as Record<string, unknown>)["fangs.test"];
  });
});
