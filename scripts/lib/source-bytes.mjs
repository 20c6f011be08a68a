import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The bytes of a built module each source file accounts for, read from its
 * source map (version 3: `sources` and the base64 VLQ `mappings`). A
 * generated segment runs from its column to the next segment's on the same
 * line (or the line's end) and counts for the source it maps to; bytes
 * before a line's first segment, and segments that map to no source, count
 * as UNMAPPED. What start-up carries of each module is what
 * `node scripts/bundle-size.mjs --sources` lists (docs/performance.md).
 */

export const UNMAPPED = "(unmapped)";

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT_VALUE = new Map([...DIGITS].map((c, i) => [c, i]));

/** The signed numbers one segment of `mappings` holds: five bits a digit, the sixth saying more follow. */
export function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = DIGIT_VALUE.get(c);
    if (digit === undefined) throw new Error(`"${c}" is not a source map digit`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    // The lowest bit is the sign.
    values.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  if (shift !== 0) throw new Error(`a source map segment ends mid-number: "${text}"`);
  return values;
}

/**
 * Bytes of `code` by the source index of `map` that generated them
 * (UNMAPPED for the rest), as a Map; they add up to the code's bytes.
 */
export function bytesBySourceIndex(code, map) {
  const lines = code.split("\n");
  const totals = new Map();
  const add = (key, text) => {
    const bytes = Buffer.byteLength(text);
    if (bytes > 0) totals.set(key, (totals.get(key) ?? 0) + bytes);
  };
  // The source index runs on from line to line; only the generated column starts again at each.
  let source = 0;
  const mapped = map.mappings.split(";");
  lines.forEach((line, i) => {
    const segments = (mapped[i] ?? "").split(",").filter((s) => s !== "");
    let column = 0;
    const starts = [];
    for (const segment of segments) {
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        starts.push({ column, key: source });
      } else starts.push({ column, key: UNMAPPED });
    }
    add(UNMAPPED, line.slice(0, starts[0]?.column ?? line.length));
    for (let j = 0; j < starts.length; j++) {
      add(starts[j].key, line.slice(starts[j].column, starts[j + 1]?.column ?? line.length));
    }
    // The newline that ends every line but the last.
    if (i < lines.length - 1) add(UNMAPPED, "\n");
  });
  return totals;
}

/**
 * Bytes of the built files (paths relative to `dist`) by source file, as
 * paths relative to `root` with "/", largest first: `{ source, bytes }`.
 * A file without a map counts wholly as UNMAPPED.
 */
export function bytesBySource(dist, files, root) {
  const totals = new Map();
  for (const file of files) {
    const absolute = path.join(dist, file);
    const code = readFileSync(absolute, "utf8");
    let map;
    try {
      map = JSON.parse(readFileSync(`${absolute}.map`, "utf8"));
    } catch {
      totals.set(UNMAPPED, (totals.get(UNMAPPED) ?? 0) + Buffer.byteLength(code));
      continue;
    }
    const base = path.resolve(path.dirname(absolute), map.sourceRoot ?? "");
    for (const [key, bytes] of bytesBySourceIndex(code, map)) {
      const source =
        key === UNMAPPED
          ? UNMAPPED
          : path.relative(root, path.resolve(base, map.sources[key])).split(path.sep).join("/");
      totals.set(source, (totals.get(source) ?? 0) + bytes);
    }
  }
  return [...totals]
    .map(([source, bytes]) => ({ source, bytes }))
    .sort((a, b) => b.bytes - a.bytes || a.source.localeCompare(b.source));
}
