/**
 * Stand-ins for the Foundry template helpers our templates use, registered on
 * a private Handlebars environment. Each follows Foundry's documented
 * behaviour (HandlebarsHelpers in the v13 API docs) as far as we use it:
 *
 * - `localize key`: the translation of `key`, or `key` itself when there is
 *   none. With hash arguments it formats: `{name}` in the translation is
 *   replaced by the `name` argument (a placeholder with no argument stays).
 *   Returns plain text, so Handlebars escapes it.
 * - `selectOptions choices selected= blank= localize=`: `<option>` tags for
 *   an object `{value: label}` (or an array of `{value, label}`), in the
 *   given order; `selected` may be one value or an array; `blank` adds a
 *   first empty option; `localize` translates the labels. Labels and values
 *   are escaped. Returns safe HTML.
 * - `checked value`: "checked" when `value` is truthy, else "".
 * - `disabled value`: "disabled" when `value` is truthy, else "".
 * - `eq a b`: `a === b`; `ne`, `not`, `and`, `or` likewise.
 *
 * Unknown keys are recorded, so a test can assert every key it rendered has
 * a translation.
 */
import type HandlebarsNS from "handlebars";

type Hb = typeof HandlebarsNS;
type HelperOptions = HandlebarsNS.HelperOptions;

export interface I18n {
  localize(key: string): string;
  format(key: string, data: Record<string, unknown>): string;
  /** Keys asked for that have no translation. */
  readonly missing: Set<string>;
}

export function createI18n(translations: Readonly<Record<string, string>>): I18n {
  const missing = new Set<string>();
  const localize = (key: string): string => {
    const value = translations[key];
    if (typeof value !== "string") {
      missing.add(key);
      return key;
    }
    return value;
  };
  return {
    missing,
    localize,
    format(key, data) {
      return localize(key).replace(/\{([^{}]+)\}/g, (whole, name: string) =>
        name in data && data[name] !== undefined && data[name] !== null ? String(data[name]) : whole,
      );
    },
  };
}

function isHelperOptions(value: unknown): value is HelperOptions {
  return typeof value === "object" && value !== null && "hash" in value && "data" in value;
}

export function registerFoundryHelpers(hb: Hb, i18n: I18n): void {
  hb.registerHelper("localize", (key: unknown, options: HelperOptions) => {
    const hash = options?.hash ?? {};
    if (typeof key !== "string") return "";
    return Object.keys(hash).length > 0 ? i18n.format(key, hash) : i18n.localize(key);
  });

  hb.registerHelper("selectOptions", (choices: unknown, options: HelperOptions) => {
    const { selected, blank, localize } = options.hash as {
      selected?: unknown;
      blank?: string | null;
      localize?: boolean;
    };
    const chosen = new Set((Array.isArray(selected) ? selected : [selected]).map((v) => String(v ?? "")));
    const label = (text: string) => (localize ? i18n.localize(text) : text);
    const entries: [string, string][] = Array.isArray(choices)
      ? choices.map((c: { value: unknown; label: string }) => [String(c.value), c.label])
      : Object.entries((choices ?? {}) as Record<string, string>);
    const out: string[] = [];
    const option = (value: string, text: string) =>
      `<option value="${hb.escapeExpression(value)}"${chosen.has(value) ? " selected" : ""}>${hb.escapeExpression(text)}</option>`;
    if (blank !== undefined && blank !== null) out.push(option("", label(blank)));
    for (const [value, text] of entries) out.push(option(value, label(text)));
    return new hb.SafeString(out.join(""));
  });

  hb.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
  hb.registerHelper("disabled", (value: unknown) => (value ? "disabled" : ""));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper("ne", (a: unknown, b: unknown) => a !== b);
  hb.registerHelper("not", (a: unknown) => !a);
  hb.registerHelper("and", (...args: unknown[]) => args.filter((a) => !isHelperOptions(a)).every(Boolean));
  hb.registerHelper("or", (...args: unknown[]) => args.filter((a) => !isHelperOptions(a)).some(Boolean));
}
