import { beforeAll, describe, expect, it, vi } from "vitest";
import { lastMessage, loadExchange, pools, table } from "../../../test/foundry/chat-fixtures";
import { type ChatMessage, world } from "../../../test/foundry/chat-stand-in";
import { noticesByUser } from "../../../test/foundry/notices-by-user";
import { standIn } from "../../../test/foundry/setup";
import { asUser, type User } from "../../../test/foundry/stand-in/index";
import { whilePending } from "../../requester";
import { gmDamageApi, registerGmDamage } from "./index";
import { gmDamageNoteOf } from "./note-record";

/**
 * The GM damage note's Undo with two GMs logged in: each GM's browser has
 * its own write queue (mocked here as one per client, as Foundry's clients
 * are), so only the active GM's client may read the note and write it.
 * Both GMs clicking at once undo the change once; the other click, or a
 * replay of the request, is refused with a message and changes nothing.
 */

vi.mock("../../documents/write-queue", async () =>
  (await import("../../../test/foundry/client-write-queues")).perClientWriteQueues(),
);

beforeAll(async () => {
  // As `init` does: the exchange registers the confirm-back every query relies on.
  await loadExchange();
  registerGmDamage();
});

/** The notices each client was shown. */
const shownTo = noticesByUser();
const ALREADY = "This change was already undone: nothing changed.";

/** Jenny 5/3 damaged by 10 Stun and 5 HP from the GM's tool: −5/−2, unconscious and dying. */
async function damagedJenny() {
  const t = await table();
  world.as(world.gm);
  await t.jenny.update({ "system.stunPoints.value": 5, "system.hitPoints.value": 3 } as never);
  await gmDamageApi.apply({ direction: "damage", stunPoints: "10", hitPoints: "5" }, [
    { actor: t.jenny, name: "Pirate Jenny" },
  ]);
  expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
  for (const user of standIn.game.users) user.queries.length = 0;
  return { ...t, note: lastMessage() };
}

const undoOn = (user: User, note: ChatMessage) => asUser(user, () => gmDamageApi.undo(note as never));

describe("two GMs click the GM damage note's Undo at once", () => {
  it.each([
    ["the active GM first", () => [world.gm, world.gm2] as const],
    ["the other GM first", () => [world.gm2, world.gm] as const],
  ])("%s: the change is undone once and the other click is refused on its own client", async (_, order) => {
    const t = await damagedJenny();
    expect(standIn.game.users.activeGM?.id).toBe(world.gm.id);
    const [first, second] = order();
    const answers = await Promise.all([undoOn(first, t.note), undoOn(second, t.note)]);

    expect(answers.filter((a) => a !== null)).toHaveLength(1);
    expect(pools(t.jenny)).toEqual({ stun: 5, hp: 3 });
    expect([...t.jenny.statuses]).toEqual([]);
    expect(gmDamageNoteOf(t.note)?.undone).toBe(true);
    // The GM who was refused is told so, on that GM's own screen.
    const refused = answers[0] === null ? first : second;
    expect(shownTo(refused)).toEqual([ALREADY]);
    expect(shownTo(refused === first ? second : first)).toEqual([]);
    // The other GM's click was carried out on the active GM's client, which asked that GM to confirm it.
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.gmDamageUndo"]);
    expect(world.gm2.queries.map((q) => q.name)).toEqual(["fangs.confirmRequest"]);
  });

  it("a later click from either GM is refused with a message and changes nothing", async () => {
    const t = await damagedJenny();
    expect(await undoOn(world.gm2, t.note)).toHaveLength(4);
    await t.jenny.update({ "system.stunPoints.value": 4 } as never);
    expect(await undoOn(world.gm2, t.note)).toBeNull();
    expect(await undoOn(world.gm, t.note)).toBeNull();
    expect(shownTo(world.gm2)).toEqual([ALREADY]);
    expect(shownTo(world.gm)).toEqual([ALREADY]);
    expect(pools(t.jenny)).toEqual({ stun: 4, hp: 3 });
  });

  it("a replay of the other GM's request is refused with a message and changes nothing", async () => {
    const t = await damagedJenny();
    expect(await undoOn(world.gm2, t.note)).toHaveLength(4);
    const sent = world.gm.queries[0]!;
    expect(sent.name).toBe("fangs.gmDamageUndo");
    await t.jenny.update({ "system.stunPoints.value": 4 } as never);
    // The same payload again: its request is no longer pending on the second GM's client.
    const replayed = await asUser(world.gm2, () => world.gm.query(sent.name as never, sent.payload as never));
    expect(replayed).toMatchObject({ ok: false, messageKey: "FANGS.GmDamage.Undo.NotPermitted" });
    expect(pools(t.jenny)).toEqual({ stun: 4, hp: 3 });
    expect(gmDamageNoteOf(t.note)?.undone).toBe(true);
  });

  it("a player's request that reaches the active GM is refused and changes nothing", async () => {
    const t = await damagedJenny();
    const payload = { messageId: t.note.id, userId: world.defender.id, requestId: "r".repeat(24) };
    const answer = await asUser(world.defender, () =>
      whilePending(payload.requestId, { query: "fangs.gmDamageUndo", subject: t.note.id }, () =>
        world.gm.query("fangs.gmDamageUndo" as never, payload as never),
      ),
    );
    expect(answer).toMatchObject({ ok: false, messageKey: "FANGS.GmDamage.Undo.GmOnly" });
    expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
    expect(gmDamageNoteOf(t.note)?.undone).toBe(false);
  });
});
