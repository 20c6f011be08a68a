import "../foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gmDamageApi } from "../../src/apps/gm-damage";
import { gmDamageDialogContext } from "../../src/apps/gm-damage/dialog";
import { gmDamageNoteOf } from "../../src/apps/gm-damage/note-record";
import { localize } from "../../src/config/localize";
import { lastMessage } from "../foundry/chat-fixtures";
import { world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { TOY_HP } from "./toy-cards";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * The GM's damage tool in a toy world, unchanged: its field is the toy's
 * one pool, `toyHp` (a registered pool, bounded at 0, healed never over its
 * maximum), its note names it by the toy's label, and its Undo puts it back.
 */

type Loose = Record<string, unknown>;
type Doc = { uuid: string; system: { toObject(): Loose } };
let tin: Doc;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
  registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
});

beforeEach(async () => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  world.as(world.gm);
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  tin = await cls.create({ name: "Tin", type: "toyFighter", system: { hp: { value: 7, max: 10 } } });
});
afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

const hp = () => (tin.system.toObject().hp as { value: number }).value;
const tokens = () => [{ actor: tin as unknown as Actor.Implementation, name: "Tin" }];

describe("the GM's damage tool on a toy fighter", () => {
  it("its dialog offers the toy's one pool, with no choice of pools", () => {
    const context = gmDamageDialogContext(["Tin"], (key) => key, "p", toyDefinition.pools!, "TOY");
    expect(context.pools).toEqual([
      { name: TOY_HP.name, label: TOY_HP.labelKey, id: "p-toyHp", required: true },
    ]);
    expect(context.scoped).toBe(false);
  });

  it("damages the toy's pool, never below 0, notes it, and its Undo puts it back", async () => {
    const deltas = await gmDamageApi.apply({ direction: "damage", toyHp: "9" }, tokens());
    expect(deltas).toEqual([{ kind: "pool", actorUuid: tin.uuid, pool: TOY_HP.name, before: 7, after: 0 }]);
    expect(hp()).toBe(0);
    const note = lastMessage();
    expect(note.content).toContain(`Tin: ${TOY_HP.labelKey} 7 → 0`);
    expect(gmDamageNoteOf(note)?.deltas).toEqual(deltas);
    await gmDamageApi.undo(note as never);
    expect(hp()).toBe(7);
    expect(gmDamageNoteOf(note)?.undone).toBe(true);
  });

  it("heals never over the maximum; a blank field is refused and changes nothing", async () => {
    expect(await gmDamageApi.apply({ direction: "heal", toyHp: "100" }, tokens())).toEqual([
      { kind: "pool", actorUuid: tin.uuid, pool: TOY_HP.name, before: 7, after: 10 },
    ]);
    expect(await gmDamageApi.apply({ direction: "damage", toyHp: "" }, tokens())).toBeNull();
    expect(hp()).toBe(10);
  });

  it("its words are the toy's: its pools' labels and its own keys under TOY, never FANGS's pools", async () => {
    const mana = { name: "toyMana", path: "mana", labelKey: "TOY.Pool.Mana" };
    const two = gmDamageDialogContext(["Tin"], localize, "p", [TOY_HP, mana], "TOY");
    expect(two.scopes.map((c) => c.label)).toEqual(["All: TOY.Pool.Hp, TOY.Pool.Mana", "TOY.Pool.Hp only"]);
    expect(two.hint).toBe("The chat note can undo the change.");
    const own = (key: string) =>
      key === "TOY.GmDamage.Ruleset.Hint" ? "Drained fighters are dazed." : localize(key);
    expect(gmDamageDialogContext(["Tin"], own, "p", [TOY_HP], "TOY").hint).toBe(
      "Drained fighters are dazed.",
    );
    expect(await gmDamageApi.apply({ direction: "damage", toyHp: "0" }, tokens())).toBeNull();
    expect(world.notices.at(-1)).toBe("Every amount is 0: nothing to change.");
    expect(await gmDamageApi.apply({ direction: "damage", toyHp: "1" }, [])).toBeNull();
    expect(world.notices.at(-1)).toBe("Select at least one token with TOY.Pool.Hp first.");
    expect(hp()).toBe(7);
  });
});
