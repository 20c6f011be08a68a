import "../foundry/setup";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerCombat } from "../../src/combat/index";
import { requestCombatAction } from "../../src/combat/query";
import { configureDocuments } from "../../src/config/document-classes";
import { FangsCombat } from "../../src/documents/combat";
import { loadTableAuthority } from "../../src/on-demand";
import { registerRulesetDefinition } from "../../src/rulesets/registry";
import { attackWith, type ExchangeModules, loadExchange, stateOf, table } from "../foundry/chat-fixtures";
import { setOwners, type TestUser, world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The GM's side of card steps and round actions is every ruleset's, in a
 * chunk of its own (src/table-authority.ts, `loadTableAuthority`): in a
 * world that plays the toy, a player's card step, the GM's own step and a
 * player's round action run on the active GM through the unchanged shared
 * entry points (the `fangs.exchange` and `fangs.combatAction` queries as
 * start-up registers them) while FANGS's heavy part is never loaded. A
 * FANGS world's steps still run, loading FANGS's part through its
 * definition. FANGS's barrel is the real one, counted as it is imported.
 */

const heavy = vi.hoisted(() => ({ loads: 0 }));
vi.mock("../../src/rulesets/fangs-heavy", async (importOriginal) => {
  heavy.loads += 1;
  return importOriginal();
});

type Loose = Record<string, unknown>;
interface Doc {
  readonly id: string;
  readonly system: { toObject(): Loose };
  readonly updates: { by: string }[];
}
interface Combat {
  readonly id: string;
  readonly system: { phase: string };
  readonly combatants: {
    contents: { id: string; actorId: string | null; system: Loose; writers: string[] }[];
  };
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  createEmbeddedDocuments(name: "Combatant", data: Loose[]): Promise<unknown>;
}

let modules: ExchangeModules;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  registerRulesetDefinition(toyDefinition);
  configureDocuments();
  // What `init` registers: the step's query (registerExchange) and the round action's (registerCombat).
  modules = await loadExchange();
  registerCombat();
  world.reset();
});

afterAll(() => {
  standIn.game.settings.storage.delete("fangs.ruleset");
});

const playToy = () => standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);

async function toyCard(): Promise<Doc> {
  world.as(world.gm);
  const cls = ChatMessage as unknown as { create(d: unknown): Promise<Doc> };
  return cls.create({ type: "toyCard", system: {} });
}

const step = (user: TestUser, message: Doc, type: string) => {
  world.as(user);
  return modules.authority.requestStep(message.id, { type } as never, 0);
};

describe("a toy world's GM side loads no FANGS heavy part", () => {
  it("a player's step on a toy card runs on the active GM, and so does the GM's own", async () => {
    playToy();
    const asked = await toyCard();
    expect(await step(world.player, asked, "act")).toEqual({ ok: true, stage: "resolved" });
    expect(asked.updates.map((u) => u.by)).toEqual([world.gm.id]);
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.exchange"]);
    const own = await toyCard();
    expect(await step(world.gm, own, "act")).toEqual({ ok: true, stage: "resolved" });
    expect(own.system.toObject().history).toEqual([{ toy: "act", by: world.gm.id }]);
    expect(heavy.loads).toBe(0);
  });

  it("a player's round action (the toy's Lunge) is authorised and carried out on the active GM", async () => {
    playToy();
    world.as(world.gm);
    const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<{ id: string }> };
    const tin = await cls.create({ name: "Tin", type: "toyFighter", system: { hp: { value: 10, max: 10 } } });
    const lead = await cls.create({ name: "Lead", type: "toyFighter", system: { hp: { value: 9, max: 9 } } });
    setOwners(tin as never, world.player.id);
    const combat = new FangsCombat() as unknown as Combat;
    world.combat = combat as never;
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: tin.id, initiative: 15 },
      { actorId: lead.id, initiative: 12 },
    ]);
    await combat.startCombat();
    while (combat.system.phase !== "act") await combat.nextTurn();
    const mine = combat.combatants.contents.find((c) => c.actorId === tin.id)!;
    world.as(world.player);
    // The start-up entry (src/combat/query.ts), as the toy's tracker button calls it.
    expect(await requestCombatAction(combat as never, "lunge", [mine.id], { dice: 2 })).toBe(true);
    expect(mine.system).toMatchObject({ lunged: true });
    expect(mine.writers.at(-1)).toBe(world.gm.id);
    expect(world.gm.queries.map((q) => q.name)).toContain("fangs.combatAction");
    expect(heavy.loads).toBe(0);
    world.as(world.gm);
  });
});

describe("a FANGS world, on the same GM side", () => {
  it("its attack and its defender's step run, FANGS's heavy part loaded once through its definition", async () => {
    standIn.game.settings.storage.delete("fangs.ruleset");
    const authority = await loadTableAuthority();
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2);
    world.as(world.defender);
    const answer = await modules.authority.requestStep(
      message.id,
      { type: "defend", choice: "dodge" },
      stateOf(message).revision,
    );
    expect(answer).toEqual({ ok: true, stage: "defenseRolled" });
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.startAttack", "fangs.exchange"]);
    expect(heavy.loads).toBe(1);
    // The GM's side is the one chunk whatever the world plays: the same module as the toy's.
    expect(await loadTableAuthority()).toBe(authority);
  });
});
