import "../../../test/foundry/setup";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { writeOrRestore } from "./support";

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
