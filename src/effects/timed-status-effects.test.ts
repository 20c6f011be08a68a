import "../../test/foundry/setup";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, createScene } from "../../test/foundry/builders";
import { resetWorld, standIn } from "../../test/foundry/setup";
import { Combat, type StandInDocument } from "../../test/foundry/stand-in";
import { serialised, writesSettled } from "../documents/write-queue";
import { ScriptedDice } from "../rules/kernel/dice";
import { registerTimedStatuses, type TimedStatusDefinition } from "../rules/kernel/timed-status";
import { actorDataOf } from "../rulesets/fangs/apps/sheets/document-data";
import { timedStatusLabel, watchTimedStatuses } from "./timed-status-effects";
import { applyTimedStatus } from "./timed-status-writes";

// The real queue, counted: how many requests the hooks queued.
vi.mock("../documents/write-queue", async (importOriginal) => {
  const real = await importOriginal<typeof import("../documents/write-queue")>();
  return { ...real, serialised: vi.fn(real.serialised) };
});

/*
 * Timed statuses at the table, on the Foundry stand-in: put on as an
 * ActiveEffect with Foundry's duration fields, ended by the active GM's
 * client alone when a round or the world time moves, the next status put
 * on, the time left shown on the sheet. The definitions are shaped on the
 * rulesets to come (docs/rules/texts/other-rulesets-clauses.md); those
 * rulesets are not built here.
 */

const KNOCKED_OUT: TimedStatusDefinition = {
  id: "tableTest.knockedOut",
  status: "unconscious",
  duration: { dice: "1d10", unit: "rounds" },
  end: { kind: "remove" },
};
const OUT_FOR_HOURS: TimedStatusDefinition = {
  id: "tableTest.outForHours",
  status: "unconscious",
  duration: { dice: "1d10", unit: "hours" },
  end: { kind: "remove" },
};
const COMA: TimedStatusDefinition = {
  id: "tableTest.coma",
  status: "comatose",
  duration: { dice: "1d20", times: 5, unit: "minutes" },
  end: { kind: "replace", status: "dead" },
};
const BLEEDING_OUT: TimedStatusDefinition = {
  id: "tableTest.bleedingOut",
  status: "dying",
  duration: { dice: "1", unit: "rounds" },
  end: { kind: "replace", status: "dead" },
};
const CHOKED: TimedStatusDefinition = {
  id: "tableTest.choked",
  status: "unconscious",
  duration: { dice: "1", unit: "minutes" },
  end: { kind: "replace", status: "dead" },
};
const CHOKING: TimedStatusDefinition = {
  id: "tableTest.choking",
  status: "grappled",
  duration: { dice: "3", unit: "minutes" },
  end: { kind: "replaceTimed", timedStatus: CHOKED.id },
};

type Actor = Awaited<ReturnType<typeof createActor>>;
type Stand = StandInDocument & { calls: { op: string; data: unknown }[] };

beforeAll(() => {
  registerTimedStatuses([KNOCKED_OUT, OUT_FOR_HOURS, COMA, BLEEDING_OUT, CHOKED, CHOKING]);
  watchTimedStatuses();
});

let combat: Combat;

beforeEach(async () => {
  resetWorld();
  standIn.game.combats.clear();
  standIn.game.time.worldTime = 1000;
  combat = new Combat({ _id: "combatTimed00001" });
  standIn.game.combats.set(combat.id, combat);
});

const statuses = (actor: Actor) => [...actor.statuses].sort();
const effectsOf = (actor: Actor) => [...(actor as unknown as Stand).effects];

/** Every ActiveEffect write on the actor, with the client that asked it. */
function recordWriters(actor: Actor): { op: string; by: string }[] {
  const writes: { op: string; by: string }[] = [];
  const target = actor as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of ["createEmbeddedDocuments", "deleteEmbeddedDocuments", "toggleStatusEffect"]) {
    const original = target[method]!.bind(actor);
    target[method] = (...args: unknown[]) => {
      writes.push({ op: method, by: standIn.game.user.id });
      return original(...args);
    };
  }
  return writes;
}

async function fighterInCombat(): Promise<Actor> {
  const actor = await createActor({ name: "Orvan" });
  combat.add(actor as unknown as object);
  await combat.startCombat();
  return actor;
}

describe("a timed status put on an actor", () => {
  it("SHA-CON-1: is an ActiveEffect showing its status, its clock in Foundry's round fields", async () => {
    const actor = await fighterInCombat();
    const applied = await applyTimedStatus(actor, KNOCKED_OUT.id, { dice: new ScriptedDice([2]) });
    expect(applied).toMatchObject({ length: { clock: "rounds", amount: 2 }, roll: { total: 2 } });
    expect(statuses(actor)).toEqual(["unconscious"]);
    const [effect] = effectsOf(actor);
    expect(effect!.data).toMatchObject({
      name: "Unconscious",
      statuses: ["unconscious"],
      duration: { rounds: 2, startRound: 1, startTurn: 0, combat: combat.id, startTime: 1000 },
      flags: { fangs: { timedStatus: { id: KNOCKED_OUT.id, secondsPerRound: 6 } } },
    });
  });

  it("SHA-CON-5: out of combat its clock is world seconds", async () => {
    const actor = await createActor();
    await applyTimedStatus(actor, OUT_FOR_HOURS.id, { dice: new ScriptedDice([3]) });
    expect(effectsOf(actor)[0]!.data).toMatchObject({ duration: { seconds: 3 * 3600, startTime: 1000 } });
  });

  it("LUN-GRP-3: a length the ruleset worked out is given instead of rolled", async () => {
    const actor = await createActor();
    const applied = await applyTimedStatus(actor, CHOKING.id, { length: { clock: "seconds", amount: 240 } });
    expect(applied.roll).toBeNull();
    expect(effectsOf(actor)[0]!.data).toMatchObject({ duration: { seconds: 240 } });
  });

  it("refuses a timed status no ruleset registered, and writes nothing", async () => {
    const actor = await createActor();
    await expect(applyTimedStatus(actor, "nobody.sleep")).rejects.toMatchObject({
      code: "invalid-timed-status",
    });
    expect((actor as unknown as Stand).calls).toEqual([]);
  });
});

describe("it runs out by itself", () => {
  it("SHA-CON-1: by rounds: put on in round 1 for 2 rounds, it goes as round 3 begins", async () => {
    const actor = await fighterInCombat();
    await applyTimedStatus(actor, KNOCKED_OUT.id, { dice: new ScriptedDice([2]) });
    await combat.nextRound();
    await writesSettled();
    expect(statuses(actor)).toEqual(["unconscious"]);
    await combat.nextRound();
    await writesSettled();
    expect(statuses(actor)).toEqual([]);
    expect(effectsOf(actor)).toEqual([]);
  });

  it("SHA-CON-5: by world time: 3 hours, not a second less", async () => {
    const actor = await createActor();
    await applyTimedStatus(actor, OUT_FOR_HOURS.id, { dice: new ScriptedDice([3]) });
    await standIn.game.time.advance(3 * 3600 - 1);
    await writesSettled();
    expect(statuses(actor)).toEqual(["unconscious"]);
    await standIn.game.time.advance(1);
    await writesSettled();
    expect(statuses(actor)).toEqual([]);
  });

  it("ends once, by the active GM's client only, though two GMs are connected and a round moves both clocks", async () => {
    expect(standIn.users.gm2.active).toBe(true);
    const actor = await fighterInCombat();
    await applyTimedStatus(actor, BLEEDING_OUT.id);
    const writes = recordWriters(actor);
    vi.mocked(serialised).mockClear();
    await combat.nextRound();
    await writesSettled();
    // Both hooks found it run out (the round, then the 6 s the round took) and asked: the second found it ended.
    expect(serialised).toHaveBeenCalledTimes(2);
    expect(statuses(actor)).toEqual(["dead"]);
    expect(writes).toEqual([
      { op: "deleteEmbeddedDocuments", by: standIn.users.gm.id },
      { op: "toggleStatusEffect", by: standIn.users.gm.id },
    ]);
  });

  it("where no actor carries one, a round and an hour of world time queue nothing", async () => {
    const actor = await fighterInCombat();
    await actor.toggleStatusEffect("prone");
    const calls = (actor as unknown as Stand).calls;
    calls.length = 0;
    vi.mocked(serialised).mockClear();
    await combat.nextRound();
    await standIn.game.time.advance(3600);
    await writesSettled();
    expect(serialised).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("waits for a GM: with none connected nothing ends, and the sheet says the time is up", async () => {
    const actor = await createActor();
    await applyTimedStatus(actor, OUT_FOR_HOURS.id, { dice: new ScriptedDice([1]) });
    standIn.users.gm.active = false;
    standIn.users.gm2.active = false;
    standIn.as(standIn.users.player);
    standIn.game.time.advancedBy(3600, {}, standIn.users.player.id);
    await writesSettled();
    expect(statuses(actor)).toEqual(["unconscious"]);
    expect(actorDataOf(actor as never).effects?.[0]?.duration).toBe("Time is up");
  });

  it("SHA-CON-6: a coma that runs out is replaced by death", async () => {
    const actor = await createActor();
    await applyTimedStatus(actor, COMA.id, { dice: new ScriptedDice([4]) });
    expect(statuses(actor)).toEqual(["comatose"]);
    await standIn.game.time.advance(4 * 5 * 60);
    await writesSettled();
    expect(statuses(actor)).toEqual(["dead"]);
    expect(effectsOf(actor).map((e) => e.data)).toEqual([{ name: "dead", statuses: ["dead"] }]);
  });

  it("LUN-GRP-3: choking is replaced by a timed unconsciousness, which ends in death a minute later", async () => {
    const actor = await createActor();
    await applyTimedStatus(actor, CHOKING.id, { length: { clock: "seconds", amount: 180 } });
    await standIn.game.time.advance(200);
    await writesSettled();
    expect(statuses(actor)).toEqual(["unconscious"]);
    expect(effectsOf(actor)[0]!.data).toMatchObject({
      duration: { seconds: 60, startTime: 1180 },
      flags: { fangs: { timedStatus: { id: CHOKED.id } } },
    });
    await standIn.game.time.advance(40);
    await writesSettled();
    expect(statuses(actor)).toEqual(["dead"]);
  });

  it("runs out on an unlinked token's actor too", async () => {
    const base = await createActor({ name: "Bandit" });
    const token = createScene().addToken({ actorId: base.id!, actorLink: false });
    const actor = token.actor as unknown as Actor;
    await applyTimedStatus(actor, OUT_FOR_HOURS.id, { dice: new ScriptedDice([1]) });
    expect(statuses(actor)).toEqual(["unconscious"]);
    expect(statuses(base)).toEqual([]);
    await standIn.game.time.advance(3600);
    await writesSettled();
    expect(statuses(actor)).toEqual([]);
  });

  it("a round of a combat that ended no longer counts: its rounds run on in world time", async () => {
    const actor = await fighterInCombat();
    await applyTimedStatus(actor, KNOCKED_OUT.id, { dice: new ScriptedDice([3]) });
    standIn.game.combats.clear();
    await standIn.game.time.advance(17);
    await writesSettled();
    expect(statuses(actor)).toEqual(["unconscious"]);
    await standIn.game.time.advance(1);
    await writesSettled();
    expect(statuses(actor)).toEqual([]);
  });
});

describe("what a player sees of it", () => {
  it("the Effects tab shows the rounds left, and what is left after a round", async () => {
    const actor = await fighterInCombat();
    await applyTimedStatus(actor, KNOCKED_OUT.id, { dice: new ScriptedDice([2]) });
    standIn.as(standIn.users.player);
    expect(actorDataOf(actor as never).effects?.[0]).toMatchObject({
      temporary: false,
      duration: "2 rounds left",
    });
    standIn.as(standIn.users.gm);
    await combat.nextRound();
    await writesSettled();
    standIn.as(standIn.users.player);
    expect(actorDataOf(actor as never).effects?.[0]?.duration).toBe("1 round left");
  });

  it.each([
    [3 * 3600, "3 h left"],
    [3 * 3600 - 1, "2 h 59 min left"],
    [90, "1 min 30 s left"],
    [45, "45 s left"],
    [2 * 86400 + 3600, "2 d 1 h left"],
  ])("world time left is shown in its two largest units: %i s is %s", async (seconds, label) => {
    const actor = await createActor();
    await applyTimedStatus(actor, CHOKING.id, { length: { clock: "seconds", amount: seconds } });
    expect(timedStatusLabel(effectsOf(actor)[0] as never)).toBe(label);
  });

  it("an effect that is not a timed status keeps Foundry's label", async () => {
    const actor = await createActor();
    await actor.toggleStatusEffect("prone");
    expect(timedStatusLabel(effectsOf(actor)[0] as never)).toBeNull();
  });
});
