export const UNMAPPED: string;
export function decodeSegment(text: string): number[];
export function bytesBySourceIndex(code: string, map: { mappings: string }): Map<number | string, number>;
export function bytesBySource(
  dist: string,
  files: readonly string[],
  root: string,
): { source: string; bytes: number }[];
