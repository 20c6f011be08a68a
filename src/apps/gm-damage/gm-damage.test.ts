import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { lastMessage, pools, table } from "../../../test/foundry/chat-fixtures";
import { ChatMessage, world } from "../../../test/foundry/chat-stand-in";
import { byAttr, byClass, parse, text, unlabelledControls } from "../../../test/handlebars/html";
import { createTemplateRenderer } from "../../../test/handlebars/render";
import { serialised } from "../../documents/write-queue";
import { gmDamageApi, registerGmDamage, renderGmDamageNote } from "./index";
import { gmDamageNoteOf } from "./note-record";

/**
 * The GM's damage and healing on selected tokens outside a card: through
 * the exchange's effect applier and the GM's write queue, with the pool
 * statuses the rules core's thresholds set, a chat note, and bad input
 * refused with a message and no change. Through the Foundry stand-in, with
 * the packs' sample characters (Pirate Jenny: CO 11, SZ 10, Stun 21, HP 11).
 */

type Obj = Record<string, unknown>;
const g = globalThis as unknown as Obj & { canvas: Obj; foundry: { applications: Obj } };

// The types list no "getSceneControlButtons" hook in v13's shape.
const callHook = (hook: string, ...args: unknown[]) =>
  (Hooks.call as unknown as (hook: string, ...args: unknown[]) => boolean).call(Hooks, hook, ...args);

function messages(): ChatMessage[] {
  return [...(game.messages as unknown as Iterable<ChatMessage>)];
}

async function jennyAt(stun: number, hp: number) {
  const t = await table();
  world.as(world.gm);
  await t.jenny.update({ "system.stunPoints.value": stun, "system.hitPoints.value": hp } as never);
  return { ...t, tokens: [{ actor: t.jenny, name: "Pirate Jenny" }] };
}

const canvasBefore = g.canvas;
const applicationsBefore = g.foundry.applications;
afterEach(() => {
  g.canvas = canvasBefore;
  g.foundry.applications = applicationsBefore;
});

describe("the GM damages and heals selected tokens outside a card", () => {
  it("CORE-CON-2, CORE-CON-3: damage below zero sets unconscious and dying, and a whispered note says so", async () => {
    const t = await jennyAt(5, 3);
    const before = messages().length;
    const deltas = await gmDamageApi.apply(
      { direction: "damage", stunPoints: "10", hitPoints: "5", scope: "both", visibility: "gm" },
      t.tokens,
    );
    expect(deltas?.length).toBe(4);
    expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
    expect([...t.jenny.statuses].sort()).toEqual(["dying", "unconscious"]);
    expect(messages().length).toBe(before + 1);
    const note = lastMessage();
    expect(note.whisper).toEqual([world.gm.id, world.gm2.id]);
    expect(note.content).toContain("Pirate Jenny: Stun 5 → -5, HP 3 → -2, now Unconscious, now Dying");
  });

  it("CORE-CON-2: a Stun loss past −CO puts the token in a coma, as a blow's would", async () => {
    const t = await jennyAt(5, 11);
    await gmDamageApi.apply({ direction: "damage", stunPoints: 17, scope: "stunOnly" }, t.tokens);
    expect(pools(t.jenny)).toEqual({ stun: -12, hp: 11 });
    expect([...t.jenny.statuses].sort()).toEqual(["comatose", "unconscious"]);
  });

  it("CORE-CON-2, CORE-CON-3: healing gives points back up to the maximum and lifts unconscious and dying", async () => {
    const t = await jennyAt(5, 3);
    await gmDamageApi.apply({ direction: "damage", stunPoints: "10", hitPoints: "5" }, t.tokens);
    expect([...t.jenny.statuses].sort()).toEqual(["dying", "unconscious"]);
    await gmDamageApi.apply(
      { direction: "heal", stunPoints: "100", hitPoints: "100", visibility: "public" },
      t.tokens,
    );
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    expect([...t.jenny.statuses]).toEqual([]);
    const note = lastMessage();
    expect(note.whisper).toEqual([]);
    expect(note.content).toContain("Healing applied by the GM");
    expect(note.content).toContain("no longer Unconscious");
  });

  it("healing a pool already at its maximum changes nothing and the note says so", async () => {
    const t = await jennyAt(21, 11);
    expect(await gmDamageApi.apply({ direction: "heal", stunPoints: 4, hitPoints: 2 }, t.tokens)).toEqual([]);
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    expect(lastMessage().content).toContain("Pirate Jenny: unchanged");
  });

  it("Stun only leaves HP alone whatever the HP field says", async () => {
    const t = await jennyAt(21, 11);
    await gmDamageApi.apply(
      { direction: "damage", stunPoints: "4", hitPoints: "", scope: "stunOnly" },
      t.tokens,
    );
    expect(pools(t.jenny)).toEqual({ stun: 17, hp: 11 });
  });

  it("each selected token's actor is changed once, two tokens of one actor counted once", async () => {
    const t = await jennyAt(21, 11);
    await gmDamageApi.apply({ direction: "damage", stunPoints: 3, hitPoints: 1 }, [
      ...t.tokens,
      { actor: t.jenny, name: "Jenny again" },
      { actor: t.gru, name: "Gru" },
      { actor: null, name: "a token without actor" },
    ]);
    expect(pools(t.jenny)).toEqual({ stun: 18, hp: 10 });
    const gru = t.gru.system as unknown as { stunPoints: { max: number } };
    expect(pools(t.gru).stun).toBe(gru.stunPoints.max - 3);
  });

  it("waits in the GM's write queue: a write queued before it is counted first", async () => {
    const t = await jennyAt(21, 11);
    let release!: () => void;
    const blocker = serialised(() => new Promise<void>((resolve) => (release = resolve)));
    const applied = gmDamageApi.apply({ direction: "damage", stunPoints: 2, hitPoints: 0 }, t.tokens);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pools(t.jenny).stun).toBe(21);
    await t.jenny.update({ "system.stunPoints.value": 10 } as never);
    release();
    await blocker;
    await applied;
    expect(pools(t.jenny).stun).toBe(8);
  });

  it.each([
    [
      { direction: "damage", stunPoints: "", hitPoints: "2" },
      "Stun Points: enter a number of points (0 for none).",
    ],
    [
      { direction: "damage", stunPoints: "2", hitPoints: " " },
      "Hit Points: enter a number of points (0 for none).",
    ],
    [
      { direction: "damage", stunPoints: "2.5", hitPoints: "0" },
      'Stun Points: "2.5" is not a whole number of points.',
    ],
    [
      { direction: "damage", stunPoints: "abc", hitPoints: "0" },
      'Stun Points: "abc" is not a whole number of points.',
    ],
    [
      { direction: "heal", stunPoints: "0", hitPoints: "-3" },
      'Hit Points: "-3" is below 0; choose Damage or Healing instead of a negative number.',
    ],
    [{ direction: "damage", stunPoints: 0, hitPoints: 0 }, "Both amounts are 0: nothing to change."],
    [{ stunPoints: 1, hitPoints: 1 }, "Choose Damage or Healing."],
    [
      { direction: "damage", stunPoints: 1, hitPoints: 1, visibility: "all" },
      "Choose whether the chat note is whispered to the GM or shown to everyone.",
    ],
  ])("bad input %j is refused with a message and changes nothing", async (answers, message) => {
    const t = await jennyAt(21, 11);
    const before = messages().length;
    expect(await gmDamageApi.apply(answers, t.tokens)).toBeNull();
    expect(world.notices.at(-1)).toBe(message);
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    expect(messages().length).toBe(before);
  });

  it("no token selected is refused with a message", async () => {
    await jennyAt(21, 11);
    g.canvas = { ...canvasBefore, tokens: { controlled: [] } };
    const before = messages().length;
    expect(await gmDamageApi.apply({ direction: "damage", stunPoints: 1, hitPoints: 1 })).toBeNull();
    expect(await gmDamageApi.open()).toBeNull();
    expect(world.notices.at(-1)).toBe("Select at least one token with Stun and Hit Points first.");
    expect(messages().length).toBe(before);
  });

  it("a player is refused, by the dialog and by the macro, and nothing changes", async () => {
    const t = await jennyAt(21, 11);
    world.as(world.defender);
    expect(
      await gmDamageApi.apply({ direction: "damage", stunPoints: 5, hitPoints: 5 }, t.tokens),
    ).toBeNull();
    expect(await gmDamageApi.open()).toBeNull();
    expect(world.notices.at(-1)).toBe("Only the GM can damage or heal tokens outside a card.");
    world.as(world.gm);
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
  });

  it("the dialog, drawn from its template, applies what the GM answers; cancelled, it changes nothing", async () => {
    const t = await jennyAt(21, 11);
    g.canvas = { ...canvasBefore, tokens: { controlled: [{ actor: t.jenny, name: "Pirate Jenny" }] } };
    const answers: unknown[] = [
      "cancel",
      { direction: "damage", stunPoints: "6", hitPoints: "2", scope: "both", visibility: "gm" },
    ];
    let content = "";
    let classes: string[] = [];
    const renderer = createTemplateRenderer();
    g.foundry.applications = {
      ...applicationsBefore,
      handlebars: { renderTemplate: async (path: string, context: object) => renderer.render(path, context) },
      api: {
        DialogV2: {
          wait: async (config: { content: string; classes: string[] }) => {
            content = config.content;
            classes = config.classes;
            return answers.shift();
          },
        },
      },
    };
    expect(await gmDamageApi.open()).toBeNull();
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    expect(classes).toContain("fangs-gm-damage-window");
    const dialog = parse(content);
    expect(text(byClass(dialog, "fangs-gm-damage__who"))).toBe("Tokens: Pirate Jenny");
    expect(byAttr(dialog, "name", "stunPoints")).toHaveLength(1);
    const checked = byAttr(dialog, "checked").map((el) => `${el.attribs.name}=${el.attribs.value}`);
    expect(checked).toEqual(["direction=damage", "scope=both", "visibility=gm"]);
    expect(text(byClass(dialog, "fangs-gm-damage__choice"))).toContain("Stun only");
    expect(unlabelledControls(content)).toEqual([]);
    await gmDamageApi.open();
    expect(pools(t.jenny)).toEqual({ stun: 15, hp: 9 });
  });

  it("registers a token-controls button for the GM only and the macro API", () => {
    registerGmDamage();
    const api = (game.system as unknown as { api: Obj }).api;
    expect(api.gmDamage).toBe(gmDamageApi);
    const controls = { tokens: { tools: {} as Obj } };
    callHook("getSceneControlButtons", controls);
    expect(controls.tokens.tools.fangsGmDamage).toMatchObject({
      title: "FANGS.GmDamage.Control",
      button: true,
    });
    world.as(world.player);
    const theirs = { tokens: { tools: {} as Obj } };
    callHook("getSceneControlButtons", theirs);
    expect(theirs.tokens.tools.fangsGmDamage).toBeUndefined();
    world.as(world.gm);
  });
});

describe("the GM damage note's Undo", () => {
  beforeAll(() => registerGmDamage());

  type Listener = (event: { preventDefault(): void }) => void;
  /** The note as the chat log draws it for the current user: its Undo button's state and click. */
  function drawNote(message: ChatMessage) {
    const label = { textContent: "Undo" };
    const attributes: Record<string, string> = {};
    const button = {
      disabled: false,
      dataset: {} as Record<string, string>,
      listeners: [] as Listener[],
      querySelector: (selector: string) => (selector === "span" ? label : null),
      setAttribute: (name: string, value: string) => (attributes[name] = value),
      addEventListener(type: string, listener: Listener) {
        if (type === "click") this.listeners.push(listener);
      },
      click() {
        for (const listener of this.listeners) listener({ preventDefault: () => undefined });
      },
    };
    const html = {
      querySelector: (selector: string) =>
        selector === "[data-fangs-gm-undo]" && message.content.includes("data-fangs-gm-undo") ? button : null,
    };
    renderGmDamageNote(message as never, html as never);
    return { button, label, attributes };
  }

  async function damagedJenny() {
    const t = await jennyAt(5, 3);
    await gmDamageApi.apply({ direction: "damage", stunPoints: "10", hitPoints: "5" }, t.tokens);
    return { ...t, note: lastMessage() };
  }

  it("CORE-CON-2, CORE-CON-3: a GM's click restores the pools and statuses; a second click changes nothing and says so", async () => {
    const t = await damagedJenny();
    expect(t.note.type).toBe("gmDamage");
    expect(t.note.author).toBe(world.gm.id);
    expect(gmDamageNoteOf(t.note)?.deltas).toHaveLength(4);
    const drawn = drawNote(t.note);
    expect(drawn.button.disabled).toBe(false);
    expect(drawn.attributes["aria-disabled"]).toBeUndefined();
    drawn.button.click();
    await vi.waitFor(() => expect(gmDamageNoteOf(t.note)?.undone).toBe(true));
    expect(pools(t.jenny)).toEqual({ stun: 5, hp: 3 });
    expect([...t.jenny.statuses]).toEqual([]);

    await t.jenny.update({ "system.stunPoints.value": 4 } as never);
    expect(await gmDamageApi.undo(t.note as never)).toBeNull();
    expect(world.notices.at(-1)).toBe("This change was already undone: nothing changed.");
    expect(pools(t.jenny)).toEqual({ stun: 4, hp: 3 });
    const again = drawNote(t.note);
    expect(again.button.disabled).toBe(true);
    expect(again.label.textContent).toBe("Undone");
    expect(again.button.listeners).toHaveLength(0);
  });

  it("CORE-CON-2, CORE-CON-3: undoing a healing puts the points and the statuses back as they were", async () => {
    const t = await damagedJenny();
    await gmDamageApi.apply({ direction: "heal", stunPoints: "100", hitPoints: "100" }, t.tokens);
    expect(pools(t.jenny)).toEqual({ stun: 21, hp: 11 });
    await gmDamageApi.undo(lastMessage() as never);
    expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
    expect([...t.jenny.statuses].sort()).toEqual(["dying", "unconscious"]);
  });

  it("a player's click is refused with a message, the button says why, and nothing changes", async () => {
    const t = await damagedJenny();
    world.as(world.defender);
    const drawn = drawNote(t.note);
    expect(drawn.attributes["aria-disabled"]).toBe("true");
    expect(drawn.button.dataset.tooltip).toBe("Only a GM can undo this change.");
    expect(await gmDamageApi.undo(t.note as never)).toBeNull();
    expect(world.notices.at(-1)).toBe("Only a GM can undo this change.");
    world.as(world.gm);
    expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
    expect(gmDamageNoteOf(t.note)?.undone).toBe(false);
  });

  it("a note a player wrote is not trusted: the GM's click reverts nothing", async () => {
    const t = await jennyAt(2, 2);
    world.as(world.defender);
    const forged = await ChatMessage.create({
      type: "gmDamage",
      content: "<button data-fangs-gm-undo>Undo</button>",
      system: {
        deltas: [{ kind: "pool", actorUuid: t.jenny.uuid, pool: "hitPoints", before: 11, after: 2 }],
        undone: false,
      },
    });
    world.as(world.gm);
    expect(await gmDamageApi.undo(forged as never)).toBeNull();
    expect(world.notices.at(-1)).toBe("This note was not written by a GM: nothing was undone.");
    expect(pools(t.jenny)).toEqual({ stun: 2, hp: 2 });
  });

  it("waits in the GM's write queue, and two quick clicks undo once", async () => {
    const t = await damagedJenny();
    let release!: () => void;
    const blocker = serialised(() => new Promise<void>((resolve) => (release = resolve)));
    const first = gmDamageApi.undo(t.note as never);
    const second = gmDamageApi.undo(t.note as never);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
    release();
    await blocker;
    expect(await first).toHaveLength(4);
    expect(await second).toBeNull();
    expect(pools(t.jenny)).toEqual({ stun: 5, hp: 3 });
  });

  it("a note that changed nothing has no Undo", async () => {
    const t = await jennyAt(21, 11);
    await gmDamageApi.apply({ direction: "heal", stunPoints: 4, hitPoints: 2 }, t.tokens);
    expect(lastMessage().content).not.toContain("data-fangs-gm-undo");
  });
});
