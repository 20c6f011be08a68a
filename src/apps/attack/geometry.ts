/**
 * Where two tokens come closest on a grid. A token covers a rectangle of
 * grid cells; the distance between two tokens is the distance between their
 * nearest cells, which the scene's own grid then measures (so its diagonal
 * rule applies). Pure: cells in, cells out.
 */

export interface CellRect {
  /** Top-left cell column and row. */
  readonly col: number;
  readonly row: number;
  /** Size in cells (a medium token is 1 × 1). */
  readonly width: number;
  readonly height: number;
}

export interface Cell {
  readonly col: number;
  readonly row: number;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The cell of `a` nearest to `b`, and the cell of `b` nearest to `a`. */
export function nearestCells(a: CellRect, b: CellRect): [Cell, Cell] {
  const span = (r: CellRect) => ({
    colEnd: r.col + Math.max(1, Math.ceil(r.width)) - 1,
    rowEnd: r.row + Math.max(1, Math.ceil(r.height)) - 1,
  });
  const sa = span(a);
  const sb = span(b);
  const aCol = clamp(b.col, a.col, sa.colEnd);
  const aRow = clamp(b.row, a.row, sa.rowEnd);
  const bCol = clamp(aCol, b.col, sb.colEnd);
  const bRow = clamp(aRow, b.row, sb.rowEnd);
  // Clamp back once more: a's nearest cell to b's chosen cell.
  return [
    { col: clamp(bCol, a.col, sa.colEnd), row: clamp(bRow, a.row, sa.rowEnd) },
    { col: bCol, row: bRow },
  ];
}
