import type { Localize } from "../../config/localize";

/**
 * A ruleset's world options as a list a GM edits one key at a time: each
 * key of its core's defaults named in the GM's words (a label and a hint
 * from the ruleset's lang family, the key kept small for a macro's sake),
 * the default shown, and the world's value (empty: the default). Values are written as JSON, since a key may be a
 * number, a reading's name, a fraction or a table; the ruleset's core
 * checks the whole before anything is stored. Rulesets whose options have
 * a window of their own (FANGS's) do not use it.
 */

export const OPTIONS_WINDOW_TEMPLATE = "systems/fangs/templates/apps/ruleset-options.hbs";

export interface OptionsWindowSpec {
  /** The window's application id. */
  readonly id: string;
  /** Lang key of its title (the ruleset's name for its options). */
  readonly titleKey: string;
  /** Lang key of the sentence saying where each key is explained. */
  readonly introKey: string;
  /**
   * Lang prefix of each option's words: `<prefix>.<key>.Label` and
   * `<prefix>.<key>.Hint` for every key of `defaults` (the ruleset's lang
   * family, so a key without them fails the lang test).
   */
  readonly optionPrefix: string;
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The options the world stores (the keys it changed). */
  stored(): unknown;
  /** Checks and stores; false when the core refused them (the GM is told why). */
  set(options: Record<string, unknown>): Promise<boolean>;
}

const json = (value: unknown) => JSON.stringify(value);

export function optionsWindowView(
  spec: Pick<OptionsWindowSpec, "id" | "introKey" | "optionPrefix" | "defaults">,
  stored: unknown,
  localize: Localize,
) {
  const world = stored !== null && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return {
    intro: localize(spec.introKey),
    defaultLabel: localize("FANGS.Setting.OptionsWindow.Default"),
    saveLabel: localize("FANGS.Setting.OptionsWindow.Save"),
    rows: Object.keys(spec.defaults).map((key) => ({
      key,
      id: `${spec.id}-${key}`,
      label: localize(`${spec.optionPrefix}.${key}.Label`),
      hint: localize(`${spec.optionPrefix}.${key}.Hint`),
      defaultText: json(spec.defaults[key]),
      value: Object.hasOwn(world, key) ? json(world[key]) : "",
      changed: Object.hasOwn(world, key),
    })),
  };
}

export type OptionsFormAnswer =
  | { readonly ok: true; readonly options: Record<string, unknown> }
  | { readonly ok: false; readonly key: string };

/**
 * The form's fields read back: an empty field keeps the default, anything
 * else must be JSON; a field that does not read is named, and nothing is
 * kept. Only the defaults' keys are read.
 */
export function readOptionsForm(
  data: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
): OptionsFormAnswer {
  const options: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const raw = data[key];
    if (typeof raw !== "string" || raw.trim() === "") continue;
    try {
      options[key] = JSON.parse(raw);
    } catch {
      return { ok: false, key };
    }
  }
  return { ok: true, options };
}
