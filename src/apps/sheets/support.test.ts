import "../../../test/foundry/setup";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, itemNamed, skill } from "../../../test/foundry/builders";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { writeInlineField, writeOrRestore } from "./support";

describe("writeOrRestore: a sheet edit the data model refuses", () => {
  beforeEach(() => resetWorld());

  it("re-renders nothing and says nothing when the write is stored", async () => {
    const document = { name: "Gru", _source: { characteristics: { st: 14 } } };
    const rerender = vi.fn(async () => {});
    await writeOrRestore(document, { "characteristics.st": 14 }, async () => {}, rerender);
    expect(rerender).not.toHaveBeenCalled();
    expect(standIn.ui.notifications.shown).toEqual([]);
  });

  it("names the document and the reason when the write throws, then shows the stored values again", async () => {
    const document = { name: "Gru", _source: { characteristics: { st: 14 } } };
    const rerender = vi.fn(async () => {});
    await writeOrRestore(
      document,
      { "characteristics.st": -3 },
      async () => {
        throw new Error("ST must be at least 1");
      },
      rerender,
    );
    expect(rerender).toHaveBeenCalledTimes(1);
    const [notice] = standIn.ui.notifications.shown;
    expect(notice?.type).toBe("error");
    expect(notice?.message).toContain("Gru");
    expect(notice?.message).toContain("ST must be at least 1");
  });

  it("re-renders when the document layer dropped the change without throwing", async () => {
    const document = { name: "Gru", _source: { characteristics: { st: 14 } } };
    const rerender = vi.fn(async () => {});
    await writeOrRestore(document, { "characteristics.st": 99 }, async () => {}, rerender);
    expect(rerender).toHaveBeenCalledTimes(1);
  });
});

describe("writeInlineField: a skill row's Bought box", () => {
  beforeEach(() => {
    resetWorld();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  const bought = (value: string) => ({
    type: "number",
    value,
    checked: false,
    dataset: { itemField: "system.bought" },
  });

  it.each([
    ["a fraction", "1.5"],
    ["a cleared box", ""],
    ["text", "abc"],
  ])("leaves %s to the skill's model, which refuses it naming the field", async (_what, typed) => {
    const actor = await createActor({ items: [skill("Broadsword", { bought: 3 })] });
    const sword = itemNamed(actor, "Broadsword");
    const rerender = vi.fn(async () => {});
    await writeInlineField(sword, bought(typed), rerender);
    expect(sword.toObject().system).toMatchObject({ bought: 3 });
    expect(standIn.ui.notifications.shown.map((n) => [n.type, n.message])).toEqual([
      ["error", "Broadsword: Points bought must be a whole number of at least 0. The change was not saved."],
    ]);
    expect(rerender).toHaveBeenCalledTimes(1);
  });

  it("stores a whole number without a notice or a render", async () => {
    const actor = await createActor({ items: [skill("Broadsword", { bought: 3 })] });
    const sword = itemNamed(actor, "Broadsword");
    const rerender = vi.fn(async () => {});
    await writeInlineField(sword, bought(" 7 "), rerender);
    expect(sword.toObject().system).toMatchObject({ bought: 7 });
    expect(standIn.ui.notifications.shown).toEqual([]);
    expect(rerender).not.toHaveBeenCalled();
  });
});
