/**
 * After a form submit: which submitted values did not reach the stored data?
 * The document layer may refuse a change by resolving the update as "nothing
 * changed" (with its own notification); the form would then keep showing
 * the refused value, so the sheet re-renders when this list is not empty.
 */

function valueAt(source: unknown, path: string): unknown {
  let node = source;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function flat(data: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (data !== null && typeof data === "object" && !Array.isArray(data)) {
    for (const [k, v] of Object.entries(data)) flat(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = data;
  return out;
}

/** Dotted paths of `submitted` (nested or already flat) whose value differs from `source`. */
export function unsavedPaths(source: unknown, submitted: object): string[] {
  return Object.entries(flat(submitted))
    .filter(([path, value]) => {
      const stored = valueAt(source, path);
      if (typeof value === "string" && typeof stored === "string") return value.trim() !== stored.trim();
      return !Object.is(stored, value) && !(value === null && stored === undefined);
    })
    .map(([path]) => path);
}
