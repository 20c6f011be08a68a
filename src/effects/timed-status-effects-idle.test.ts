import "../../test/foundry/setup";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import { Combat, type StandInDocument } from "../../test/foundry/stand-in";
import { serialised, writesSettled } from "../documents/write-queue";
import { hasTimedStatuses } from "../rules/kernel/timed-status";
import { watchTimedStatuses } from "./timed-status-effects";

vi.mock("../documents/write-queue", async (importOriginal) => {
  const real = await importOriginal<typeof import("../documents/write-queue")>();
  return { ...real, serialised: vi.fn(real.serialised) };
});

/*
 * A world whose rulesets register no timed status (FANGS's today): the
 * watch is installed as the system's `init` does, and neither a round nor
 * the world time makes it look at an actor, queue a request or write.
 */

beforeAll(() => {
  watchTimedStatuses();
});

describe("a world where no timed status exists", () => {
  it("no round and no move of the world time queues or writes anything, even over an effect that looks timed", async () => {
    resetWorld();
    expect(hasTimedStatuses()).toBe(false);
    const actor = await createActor();
    // Left by a ruleset no longer installed: a timed status flag and a clock long run out.
    await actor.createEmbeddedDocuments("ActiveEffect", [
      {
        name: "Asleep",
        statuses: ["unconscious"],
        duration: { seconds: 10, startTime: 0 },
        flags: { fangs: { timedStatus: { id: "gone.asleep", secondsPerRound: 6 } } },
      } as never,
    ]);
    const calls = (actor as unknown as StandInDocument & { calls: unknown[] }).calls;
    calls.length = 0;
    const render = vi.spyOn(actor, "render");
    const combat = new Combat({ _id: "combatIdle000001" });
    standIn.game.combats.set(combat.id, combat);
    combat.add(actor as unknown as object);
    await combat.startCombat();
    await combat.nextRound();
    await standIn.game.time.advance(3600);
    await writesSettled();
    expect(serialised).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(render).not.toHaveBeenCalled();
    expect([...actor.statuses]).toEqual(["unconscious"]);
  });
});
