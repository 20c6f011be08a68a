import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadExchange, pools, table } from "../../../test/foundry/chat-fixtures";
import { type ChatMessage, world } from "../../../test/foundry/chat-stand-in";
import { noticesByUser } from "../../../test/foundry/notices-by-user";
import { standIn } from "../../../test/foundry/setup";
import { asUser, type User } from "../../../test/foundry/stand-in/index";
import { whilePending } from "../../requester";
import { gmDamageApi, registerGmDamage } from "./index";
import { gmDamageNoteOf } from "./note-record";

/**
 * The GM damage tool's Apply with two GMs logged in: each GM's browser has
 * its own write queue (mocked here as one per client, as Foundry's clients
 * are), so an Apply on the clicking GM's client would read the pools while
 * the other GM's Apply was still writing, and one change would be lost.
 * Every Apply runs on the active GM's client instead, each exactly once; a
 * replay or a player's request is refused and changes nothing.
 */

vi.mock("../../documents/write-queue", async () =>
  (await import("../../../test/foundry/client-write-queues")).perClientWriteQueues(),
);

beforeAll(async () => {
  await loadExchange();
  registerGmDamage();
});

/** The notices each client was shown. */
const shownTo = noticesByUser();

function notes(): ChatMessage[] {
  return [...(game.messages as unknown as Iterable<ChatMessage>)].filter((m) => m.type === "gmDamage");
}

async function freshJenny() {
  const t = await table();
  world.as(world.gm);
  await t.jenny.update({ "system.stunPoints.value": 21, "system.hitPoints.value": 11 } as never);
  for (const user of standIn.game.users) user.queries.length = 0;
  return { ...t, tokens: [{ actor: t.jenny, name: "Pirate Jenny" }] };
}

const applyOn = (user: User, answers: Record<string, unknown>, tokens: unknown) =>
  asUser(user, () => gmDamageApi.apply(answers, tokens as never));

describe("two GMs apply damage with the GM's tool at once", () => {
  it.each([
    ["the active GM first", () => [world.gm, world.gm2] as const],
    ["the other GM first", () => [world.gm2, world.gm] as const],
  ])("%s: each Apply is made once, one after the other, on the active GM's client", async (_, order) => {
    const t = await freshJenny();
    expect(standIn.game.users.activeGM?.id).toBe(world.gm.id);
    const before = notes().length;
    const [first, second] = order();
    const answers = await Promise.all([
      applyOn(first, { direction: "damage", stunPoints: "2", hitPoints: "0" }, t.tokens),
      applyOn(second, { direction: "damage", stunPoints: "3", hitPoints: "1" }, t.tokens),
    ]);
    // Neither change is lost: 21 − 2 − 3 Stun, 11 − 1 HP.
    expect(pools(t.jenny)).toEqual({ stun: 16, hp: 10 });
    expect(answers.every((a) => Array.isArray(a) && a.length > 0)).toBe(true);
    expect(notes().length).toBe(before + 2);
    for (const note of notes().slice(before)) expect(gmDamageNoteOf(note)?.undone).toBe(false);
    // The other GM's Apply was carried out on the active GM's client, which asked that GM to confirm it.
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.gmDamageApply"]);
    expect(world.gm2.queries.map((q) => q.name)).toEqual(["fangs.confirmRequest"]);
    expect(shownTo(world.gm)).toEqual([]);
    expect(shownTo(world.gm2)).toEqual([]);
  });

  it("a replay of the other GM's request is refused and changes nothing", async () => {
    const t = await freshJenny();
    expect(
      await applyOn(world.gm2, { direction: "damage", stunPoints: "4", hitPoints: "0" }, t.tokens),
    ).toEqual([{ kind: "pool", actorUuid: t.jenny.uuid, pool: "stunPoints", before: 21, after: 17 }]);
    const sent = world.gm.queries[0]!;
    expect(sent.name).toBe("fangs.gmDamageApply");
    const before = notes().length;
    const replayed = await asUser(world.gm2, () => world.gm.query(sent.name as never, sent.payload as never));
    expect(replayed).toMatchObject({ ok: false, messageKey: "FANGS.GmDamage.Error.NotPermitted" });
    expect(pools(t.jenny)).toEqual({ stun: 17, hp: 11 });
    expect(notes().length).toBe(before);
  });

  it("a request whose answers differ from the ones confirmed is refused", async () => {
    const t = await freshJenny();
    const requestId = "q".repeat(24);
    const confirmed = { direction: "damage", stunPoints: "1", hitPoints: "0" };
    const payload = {
      answers: { ...confirmed, stunPoints: "20" },
      targets: [{ actorUuid: t.jenny.uuid, name: "Pirate Jenny" }],
      userId: world.gm2.id,
      requestId,
    };
    const { gmDamageApplySubject } = await import("./apply-payload");
    const answer = await asUser(world.gm2, () =>
      whilePending(requestId, gmDamageApplySubject(confirmed, payload.targets), () =>
        world.gm.query("fangs.gmDamageApply" as never, payload as never),
      ),
    );
    expect(answer).toMatchObject({ ok: false, messageKey: "FANGS.GmDamage.Error.NotPermitted" });
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
  });

  it("a player's request that reaches the active GM is refused and changes nothing", async () => {
    const t = await freshJenny();
    const requestId = "p".repeat(24);
    const payload = {
      answers: { direction: "damage", stunPoints: "9", hitPoints: "9" },
      targets: [{ actorUuid: t.jenny.uuid, name: "Pirate Jenny" }],
      userId: world.defender.id,
      requestId,
    };
    const { gmDamageApplySubject } = await import("./apply-payload");
    const answer = await asUser(world.defender, () =>
      whilePending(requestId, gmDamageApplySubject(payload.answers, payload.targets), () =>
        world.gm.query("fangs.gmDamageApply" as never, payload as never),
      ),
    );
    expect(answer).toMatchObject({ ok: false, messageKey: "FANGS.GmDamage.Error.GmOnly" });
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
  });

  it("the other GM's bad answers are refused on that GM's screen, in FANGS's words, and change nothing", async () => {
    const t = await freshJenny();
    const before = notes().length;
    expect(
      await applyOn(world.gm2, { direction: "damage", stunPoints: "0", hitPoints: "0" }, t.tokens),
    ).toBeNull();
    expect(
      await applyOn(world.gm2, { direction: "damage", stunPoints: 1, scope: "all" }, t.tokens),
    ).toBeNull();
    expect(shownTo(world.gm2)).toEqual([
      "Both amounts are 0: nothing to change.",
      'Choose "HP and Stun" or "Stun only".',
    ]);
    expect(shownTo(world.gm)).toEqual([]);
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    expect(notes().length).toBe(before);
  });
});
