import { describe, expect, it } from "vitest";
import type { TargetOutcome } from "../../../rules/lunos/round-engine";
import { type PlacedToken, pushEffects, pushedTo } from "./push";

/**
 * Where a push puts a token (LUN-MNV-3), on grids as the table measures
 * them: a square grid counting a diagonal as one square (the stand-in's,
 * Foundry's default) and one counting every second diagonal as two (a rule
 * a world may set), whose measure the push keeps within its feet.
 */

const squares = (diagonal: "one" | "alternate") => ({
  size: 100,
  distance: 5,
  measurePath(points: readonly { x: number; y: number }[]) {
    const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
    const dx = Math.abs(Math.round((b.x - a.x) / 100));
    const dy = Math.abs(Math.round((b.y - a.y) / 100));
    const diagonals = Math.min(dx, dy);
    const straight = Math.max(dx, dy) - diagonals;
    const cost = diagonal === "one" ? diagonals : diagonals + Math.floor(diagonals / 2);
    return { distance: (straight + cost) * 5 };
  },
});

const at = (x: number, y: number, grid: ReturnType<typeof squares> | null): PlacedToken => ({
  x,
  y,
  width: 1,
  height: 1,
  parent: { id: "s", grid },
});

describe("pushedTo", () => {
  it("LUN-MNV-3: straight away from the attacker by the feet in squares, the corner on the grid", () => {
    const grid = squares("one");
    expect(pushedTo(at(0, 0, grid), at(100, 0, grid), 10)).toEqual({ x: 300, y: 0 });
    expect(pushedTo(at(200, 200, grid), at(200, 100, grid), 5)).toEqual({ x: 200, y: 0 });
    // Off the square's lines: along the line from centre to centre, snapped.
    expect(pushedTo(at(0, 0, grid), at(200, 100, grid), 10)).toEqual({ x: 400, y: 200 });
    expect(pushedTo(at(0, 0, grid), at(100, 100, grid), 10)).toEqual({ x: 300, y: 300 });
  });

  it("LUN-MNV-3: measured as the grid measures: two diagonals costing 15 feet make a 10-foot push one diagonal", () => {
    const grid = squares("alternate");
    expect(pushedTo(at(0, 0, grid), at(100, 100, grid), 10)).toEqual({ x: 200, y: 200 });
    expect(pushedTo(at(0, 0, grid), at(100, 0, grid), 10)).toEqual({ x: 300, y: 0 });
  });

  it("no move without a grid, or with both tokens on one spot", () => {
    expect(pushedTo(at(0, 0, null), at(100, 0, null), 5)).toBeNull();
    const grid = squares("one");
    expect(pushedTo(at(100, 0, grid), at(100, 0, grid), 5)).toBeNull();
    expect(pushedTo(at(0, 0, grid), at(100, 0, grid), 0)).toBeNull();
  });
});

describe("pushEffects", () => {
  const tokens: Record<string, PlacedToken> = {
    al: at(0, 0, squares("one")),
    bo: at(100, 0, squares("one")),
  };
  const hit = { id: "bo", hit: true, pushed: 5 } as TargetOutcome;
  const effects = (held: (id: string) => boolean) =>
    pushEffects(
      "c",
      "al",
      [hit],
      (id) => `Actor.${id}`,
      (id) => tokens[id] ?? null,
      held,
    );

  it("LUN-MNV-3: a pushed target's token moves, unless a grapple holds it (the fight keeps the grapple)", () => {
    expect(effects(() => false)).toEqual([
      {
        kind: "ruleset",
        effectKind: "lunosPush",
        actorId: "Actor.bo",
        data: { combatId: "c", target: "bo", from: "al", feet: 5 },
      },
    ]);
    expect(effects((id) => id === "bo")).toEqual([]);
  });
});
