/**
 * The pop-up a ruleset's row opens under its row (a declaration menu),
 * kept across the tracker's redraws. Every write of the round redraws the
 * tracker, and a menu half filled for one fighter must not vanish because
 * another fighter declared: a redraw that left this fighter's row as it
 * was (its cells; the row's own classes come and go with the pointer)
 * puts the same menu, its fields as the user left them, back under the
 * new row; one that changed the row (its own declaration taken, the phase
 * moved on) closes it, since its choices may no longer stand.
 */

/** The tracker's new row of a combatant, as far as keeping a menu needs it. */
export interface DrawnRow {
  readonly innerHTML: string;
  after(node: never): void;
}

/** An open menu: the element, whose row it belongs to, and that row as it was drawn when it opened. */
export interface OpenMenu<M> {
  readonly element: M;
  readonly combatantId: string;
  readonly rowHtml: string;
}

/** After a redraw: the menu back under its row if that row is unchanged (true), else nothing (false: close it). */
export function keepMenu<M>(open: OpenMenu<M>, rowOf: (combatantId: string) => DrawnRow | null): boolean {
  const row = rowOf(open.combatantId);
  if (row === null || row.innerHTML !== open.rowHtml) return false;
  row.after(open.element as never);
  return true;
}

interface KeyedMenu {
  querySelector(selector: string): { focus(): void } | null;
  addEventListener(type: "keydown", listener: (event: { key: string; preventDefault(): void }) => void): void;
}

/** The menu takes the focus on its first field, and Escape closes it, the focus back on what opened it. */
export function menuKeys(menu: KeyedMenu, close: () => void, opener: { focus(): void } | null): void {
  menu.querySelector("input, select, textarea, button")?.focus();
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
    opener?.focus();
  });
}
