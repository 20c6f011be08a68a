import { describe, expect, it } from "vitest";
import { keepMenu, menuKeys } from "./row-menu";

/** The row menu across the tracker's redraws, and by keyboard (the tracker's `_onRender` and row click use these). */

const menu = { id: "menu" };

function drawn(cells: string) {
  const placed: unknown[] = [];
  return { row: { innerHTML: cells, after: (node: never) => placed.push(node) }, placed };
}

describe("keepMenu", () => {
  const open = { element: menu, combatantId: "c1", rowHtml: "<span>Kell · to declare</span>" };

  it("a redraw that left the fighter's row as it was puts the same menu back under the new row", () => {
    const { row, placed } = drawn("<span>Kell · to declare</span>");
    expect(keepMenu(open, (id) => (id === "c1" ? row : null))).toBe(true);
    expect(placed).toEqual([menu]);
  });

  it("a row changed (its declaration taken, the phase moved on) or gone closes it", () => {
    const { row, placed } = drawn("<span>Kell · attack → Mara</span>");
    expect(keepMenu(open, () => row)).toBe(false);
    expect(keepMenu(open, () => null)).toBe(false);
    expect(placed).toEqual([]);
  });
});

describe("menuKeys", () => {
  function keyed() {
    const log: string[] = [];
    let onKey: ((event: { key: string; preventDefault(): void }) => void) | null = null;
    const el = {
      querySelector: (selector: string) =>
        selector.startsWith("input") ? { focus: () => log.push("first field") } : null,
      addEventListener: (_type: "keydown", listener: typeof onKey) => {
        onKey = listener;
      },
    };
    const press = (key: string) => onKey?.({ key, preventDefault: () => log.push(`prevented ${key}`) });
    return { el, log, press };
  }

  it("focuses the menu's first field; Escape closes it and gives the focus back to what opened it", () => {
    const { el, log, press } = keyed();
    menuKeys(el, () => log.push("closed"), { focus: () => log.push("opener") });
    expect(log).toEqual(["first field"]);
    press("a");
    expect(log).toEqual(["first field"]);
    press("Escape");
    expect(log).toEqual(["first field", "prevented Escape", "closed", "opener"]);
  });
});
