/**
 * The GM damage dialog's view: what templates/apps/gm-damage.hbs shows, from
 * the selected tokens' names and the world ruleset's pools and words. Pure (the caller passes the localiser), so the
 * preview draws it from the same function as the table.
 */
import type { Localize } from "../../config/localize";

export const GM_DAMAGE_TEMPLATE = "systems/fangs/templates/apps/gm-damage.hbs";

interface Choice {
  readonly value: string;
  readonly label: string;
  readonly checked: boolean;
}

/** A pool's field: the answer's key, its label, its element id; the first must be filled. */
interface PoolField {
  readonly name: string;
  readonly label: string;
  readonly id: string;
  readonly required: boolean;
}

/**
 * The tool's words that depend on the ruleset: its own where it gives them
 * under its lang prefix (`<prefix>.GmDamage.Ruleset.<name>`: FANGS's "HP
 * and Stun", "Stun only"), else the shared key, told its pools' labels
 * (`{pools}`, `{pool}`: the first pool's).
 */
/** The words a ruleset may give as `<langPrefix>.GmDamage.Ruleset.<name>`. */
export const GM_DAMAGE_WORDS = ["AllPools", "FirstPoolOnly", "Hint", "NoTokens", "Nothing"] as const;

export type GmDamageWordName = (typeof GM_DAMAGE_WORDS)[number];

const SHARED_WORDS: Readonly<Record<GmDamageWordName, string>> = {
  AllPools: "FANGS.GmDamage.Dialog.AllPools",
  FirstPoolOnly: "FANGS.GmDamage.Dialog.FirstPoolOnly",
  Hint: "FANGS.GmDamage.Dialog.Hint",
  NoTokens: "FANGS.GmDamage.Error.NoTokens",
  Nothing: "FANGS.GmDamage.Error.Nothing",
};

export function gmDamageWord(
  localize: Localize,
  langPrefix: string,
  name: GmDamageWordName,
  poolLabels: readonly string[],
): string {
  const own = `${langPrefix}.GmDamage.Ruleset.${name}`;
  const text = localize(own);
  if (text !== own) return text;
  return localize(SHARED_WORDS[name], { pools: poolLabels.join(", "), pool: poolLabels[0] ?? "" });
}

export interface GmDamageDialogContext {
  /** Prefix of the field ids: unique per open dialog, so two dialogs' labels never point across. */
  readonly idPrefix: string;
  readonly heading: string;
  /** One field per pool of the world's ruleset, in its order. */
  readonly pools: readonly PoolField[];
  /** Whether to offer "the first pool only" (more than one pool). */
  readonly scoped: boolean;
  readonly directions: readonly Choice[];
  readonly scopes: readonly Choice[];
  /** What the tool does besides moving the pools, in the ruleset's words. */
  readonly hint: string;
  readonly visibilities: readonly Choice[];
}

/** The first choice is the default. */
function choices(list: readonly (readonly [string, string])[], localize: Localize): Choice[] {
  return list.map(([value, key], i) => ({ value, label: localize(key), checked: i === 0 }));
}

export function gmDamageDialogContext(
  names: readonly string[],
  localize: Localize,
  idPrefix: string,
  pools: readonly { readonly name: string; readonly labelKey: string }[],
  langPrefix: string,
): GmDamageDialogContext {
  const labels = pools.map((pool) => localize(pool.labelKey));
  const word = (name: GmDamageWordName) => gmDamageWord(localize, langPrefix, name, labels);
  return {
    idPrefix,
    heading: localize("FANGS.GmDamage.Dialog.Who", { names: names.join(", ") }),
    pools: pools.map((pool, i) => ({
      name: pool.name,
      label: localize(pool.labelKey),
      id: `${idPrefix}-${pool.name}`,
      required: i === 0,
    })),
    scoped: pools.length > 1,
    directions: choices(
      [
        ["damage", "FANGS.GmDamage.Dialog.Damage"],
        ["heal", "FANGS.GmDamage.Dialog.Heal"],
      ],
      localize,
    ),
    scopes: [
      { value: "both", label: word("AllPools"), checked: true },
      { value: "firstOnly", label: word("FirstPoolOnly"), checked: false },
    ],
    hint: word("Hint"),
    visibilities: choices(
      [
        ["gm", "FANGS.GmDamage.Dialog.GmOnly"],
        ["public", "FANGS.GmDamage.Dialog.Public"],
      ],
      localize,
    ),
  };
}
