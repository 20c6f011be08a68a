/**
 * Where an encounter's tokens go: the free grid squares nearest a centre,
 * ring by ring, each token's whole footprint free and on the scene. Pure,
 * so the order is the same on every client and in the tests.
 */

export interface Square {
  readonly col: number;
  readonly row: number;
}

export interface Footprint {
  /** Squares wide and high (a token's width and height, at least 1). */
  readonly width: number;
  readonly height: number;
}

export interface GridBounds {
  readonly minCol: number;
  readonly minRow: number;
  /** Inclusive. */
  readonly maxCol: number;
  readonly maxRow: number;
}

export const squareKey = (col: number, row: number) => `${col},${row}`;

/** The squares at ring distance r of the centre (r = 0 is the centre), row by row. */
function ring(center: Square, r: number): Square[] {
  if (r === 0) return [center];
  const out: Square[] = [];
  for (let dr = -r; dr <= r; dr++) {
    for (let dc = -r; dc <= r; dc++) {
      if (Math.max(Math.abs(dc), Math.abs(dr)) === r)
        out.push({ col: center.col + dc, row: center.row + dr });
    }
  }
  return out;
}

/**
 * The top-left square of each footprint, in order, on squares `taken` does
 * not hold (keys of `squareKey`); `taken` is not changed. Null when the scene
 * has too little room.
 */
export function placeFootprints(
  center: Square,
  footprints: readonly Footprint[],
  taken: ReadonlySet<string>,
  bounds: GridBounds,
): Square[] | null {
  const used = new Set(taken);
  const maxRing = Math.max(
    center.col - bounds.minCol,
    bounds.maxCol - center.col,
    center.row - bounds.minRow,
    bounds.maxRow - center.row,
  );
  const fits = (at: Square, f: Footprint) => {
    if (at.col < bounds.minCol || at.row < bounds.minRow) return false;
    if (at.col + f.width - 1 > bounds.maxCol || at.row + f.height - 1 > bounds.maxRow) return false;
    for (let r = 0; r < f.height; r++)
      for (let c = 0; c < f.width; c++) if (used.has(squareKey(at.col + c, at.row + r))) return false;
    return true;
  };
  const placed: Square[] = [];
  for (const f of footprints) {
    let found: Square | null = null;
    for (let r = 0; r <= maxRing && !found; r++) found = ring(center, r).find((at) => fits(at, f)) ?? null;
    if (!found) return null;
    for (let r = 0; r < f.height; r++)
      for (let c = 0; c < f.width; c++) used.add(squareKey(found.col + c, found.row + r));
    placed.push(found);
  }
  return placed;
}
