/**
 * The one way the system turns a lang key into the user's words. The pure
 * views take a `Localize` rather than reading `game.i18n`, so the tests, the
 * preview and the benchmarks render them with their own.
 */
export type Localize = (key: string, data?: Readonly<Record<string, string | number>>) => string;

/** Foundry's i18n as a `Localize`; before i18n is ready (early start-up) a key stands for itself. */
export const localize: Localize = (key, data) => {
  const i18n = game.i18n;
  if (!i18n) return key;
  if (!data) return i18n.localize(key);
  return i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
};
