/**
 * The GM damage dialog's view: what templates/apps/gm-damage.hbs shows, from
 * the selected tokens' names and the world ruleset's pools. Pure (the caller passes the localiser), so the
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
): GmDamageDialogContext {
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
    scopes: choices(
      [
        ["both", "FANGS.GmDamage.Dialog.Both"],
        ["stunOnly", "FANGS.GmDamage.Dialog.StunOnly"],
      ],
      localize,
    ),
    visibilities: choices(
      [
        ["gm", "FANGS.GmDamage.Dialog.GmOnly"],
        ["public", "FANGS.GmDamage.Dialog.Public"],
      ],
      localize,
    ),
  };
}
