import type { FangsRules, QuicknessBandRow } from "../../../../rules/fangs/config";

type HitsBand = FangsRules["burstHits"][number];

/**
 * The rules options window's tables as one line of text a GM types, and
 * back: the AG bands of the multiple attacks module ("1-6: 0.5, 7-12: 1")
 * the reach module's weapon ranges ("spear: medium, pike: long"), and the
 * bursts and area fire module's hits by a d6 ("1-3: 1, 4-5: 2, 6: 3"). Pure.
 * Reading only reads: whether the bands run without a gap, or a range is
 * one of the three, is the rules core's call when the setting is built.
 */

export type TableCodec = "bands" | "hits" | "ranges";

const rows = (text: string): string[] =>
  text
    .split(/[,;\n]/)
    .map((row) => row.trim())
    .filter((row) => row !== "");

const BAND = /^(\d+)\s*(?:[-–]\s*(\d+))?\s*:\s*(\d+(?:\.\d+)?)$/;
const HITS = /^(\d+)\s*(?:[-–]\s*(\d+))?\s*:\s*(\d+)$/;

const faces = (from: number, to: number) => (from === to ? `${from}` : `${from}-${to}`);
const RANGE = /^([A-Za-z][A-Za-z0-9]*)\s*:\s*([A-Za-z]+)$/;

/** A table's value as the window shows it. */
export function formatTable(codec: TableCodec, value: unknown): string {
  if (codec === "bands")
    return (value as readonly QuicknessBandRow[])
      .map((b) => `${faces(b.from, b.to)}: ${b.attacks}`)
      .join(", ");
  if (codec === "hits")
    return (value as readonly HitsBand[]).map((b) => `${faces(b.from, b.to)}: ${b.hits}`).join(", ");
  return Object.entries(value as Readonly<Record<string, string>>)
    .map(([kind, range]) => `${kind}: ${range}`)
    .join(", ");
}

/** The text typed for a table, read as its value; null when a row reads as none. */
export function parseTable(codec: TableCodec, text: string): unknown {
  if (codec === "bands") {
    const bands: QuicknessBandRow[] = [];
    for (const row of rows(text)) {
      const m = BAND.exec(row);
      if (!m) return null;
      bands.push({ from: Number(m[1]), to: Number(m[2] ?? m[1]), attacks: Number(m[3]) });
    }
    return bands;
  }
  if (codec === "hits") {
    const bands: HitsBand[] = [];
    for (const row of rows(text)) {
      const m = HITS.exec(row);
      if (!m) return null;
      bands.push({ from: Number(m[1]), to: Number(m[2] ?? m[1]), hits: Number(m[3]) });
    }
    return bands;
  }
  const ranges: Record<string, string> = {};
  for (const row of rows(text)) {
    const m = RANGE.exec(row);
    if (!m || Object.hasOwn(ranges, m[1]!)) return null;
    ranges[m[1]!] = m[2]!.toLowerCase();
  }
  return ranges;
}
