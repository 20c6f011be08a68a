/**
 * Words the simulator prints come from lang/en.json, the same keys the chat
 * cards use. In Foundry the caller passes `game.i18n`'s functions; in the
 * terminal `createLocalizer` reads the parsed language file. Placeholders are
 * Foundry's: `{name}` in a string is replaced by `data.name`.
 */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Readonly<Record<string, string | number>>): string;
  has(key: string): boolean;
}

/** Looks a dotted key up in a language file that may be nested, flat, or both. */
function lookup(dict: unknown, key: string): string | undefined {
  if (dict === null || typeof dict !== "object") return undefined;
  const record = dict as Record<string, unknown>;
  const direct = record[key];
  if (typeof direct === "string") return direct;
  const dot = key.indexOf(".");
  let at = dot;
  while (at > 0) {
    const head = key.slice(0, at);
    if (head in record) {
      const found = lookup(record[head], key.slice(at + 1));
      if (found !== undefined) return found;
    }
    at = key.indexOf(".", at + 1);
  }
  return undefined;
}

export function createLocalizer(dict: unknown): Localizer {
  const cache = new Map<string, string | undefined>();
  const get = (key: string): string | undefined => {
    if (!cache.has(key)) cache.set(key, lookup(dict, key));
    return cache.get(key);
  };
  return {
    // A missing key shows itself, as in Foundry, so it is noticed rather than hidden.
    localize: (key) => get(key) ?? key,
    format: (key, data) =>
      (get(key) ?? key).replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
        name in data ? String(data[name]) : whole,
      ),
    has: (key) => get(key) !== undefined,
  };
}
