import type { Localize } from "../../../config/localize";
import type { SharenePhaseId } from "../../../rules/sharene/ruleset";
import { ACTION_KINDS, type ActionKind, type Style } from "../../../rules/sharene/types";
import { shareneLabels } from "../config/sharene-config";
import { actionIcon, shareneOutOfFight, styleIcon } from "../token-palette";
import { CHOICE_WORDS } from "../tracker-row";
import type { ShareneRecord } from "./round-record";

/**
 * The menu a Sharene row's button opens under the row (Sharene's heavy
 * part): in the declarations, whom the fighter attacks (no one, or another
 * fighter of the combat) and its action; in the styles, the styles its
 * sheet knows, and "Style…" for a style with a split parry, a stated blow
 * or a called shot (./style-dialog.ts). A choice is the `declare` or
 * `style` round action through the tracker's `ask` (the active GM's, for a
 * player). Plain buttons and radios: every choice is reached and made with
 * the keyboard. Here the menu's view (the sheet's round panel draws it
 * too); drawn and wired in ./round-menu-open.ts.
 */

export interface RoundMenuChoice {
  readonly id: string;
  readonly label: string;
  readonly icon: string;
  readonly current: boolean;
}

export interface RoundMenuView {
  readonly combatantId: string;
  readonly title: string;
  readonly phase: "declare" | "style";
  readonly actions: readonly RoundMenuChoice[];
  readonly styles: readonly RoundMenuChoice[];
  readonly targets: readonly { readonly id: string; readonly label: string; readonly checked: boolean }[];
  readonly targetLabel: string;
  readonly emptyLabel: string;
  /** In the styles: the button that opens the style's dialog (split parry, stated blow, called shot), else null. */
  readonly options: { readonly label: string; readonly hint: string } | null;
}

/** The menu for one combatant in this phase; null in a phase that asks for no choice. */
export function roundMenuView(
  row: { readonly id: string; readonly name: string },
  phase: SharenePhaseId,
  record: ShareneRecord,
  others: readonly { readonly id: string; readonly name: string }[],
  known: readonly Style[],
  localize: Localize,
  kinds: readonly ActionKind[] = ACTION_KINDS,
): RoundMenuView | null {
  if (phase !== "declare" && phase !== "style") return null;
  // A style is chosen knowing the order: not without one's own roll.
  if (phase === "style" && record.initiative === null) return null;
  const actionLabels = shareneLabels("actionKinds");
  const styleLabels = shareneLabels("styles");
  return {
    combatantId: row.id,
    title: localize(CHOICE_WORDS[phase].title, { name: row.name }),
    phase,
    actions:
      phase === "declare"
        ? kinds.map((kind) => ({
            id: kind,
            label: localize(actionLabels[kind] ?? kind),
            icon: actionIcon(kind),
            current: record.declared && record.action === kind,
          }))
        : [],
    styles:
      phase === "style"
        ? known.map((style) => ({
            id: style,
            label: localize(styleLabels[style] ?? style),
            icon: styleIcon(style),
            current: record.style === style,
          }))
        : [],
    targets:
      phase === "declare"
        ? [
            // "No one" is ticked only once declared so: a first declaration names its target.
            {
              id: "",
              label: localize("SHARENE.Combat.Menu.NoTarget"),
              checked: record.declared && record.target === null,
            },
            ...others.map((o) => ({ id: o.id, label: o.name, checked: record.target === o.id })),
          ]
        : [],
    targetLabel: localize("SHARENE.Combat.Menu.Target"),
    emptyLabel: localize("SHARENE.Combat.Menu.NoStyleKnown"),
    options:
      phase === "style" && known.length > 0
        ? {
            label: localize("SHARENE.Combat.Style.Open"),
            hint: localize("SHARENE.Combat.Style.OpenHint", { name: row.name }),
          }
        : null,
  };
}

/**
 * Whom a fighter may declare it attacks: the others of its combat that this
 * viewer sees, still in the fight (the engine refuses one out of it). Two
 * of one name (two wolves) are numbered in the combat's order, as the odds
 * window numbers them.
 */
export function declarableTargets(combatant: Combatant.Implementation): { id: string; name: string }[] {
  const targets = [...(combatant.combat?.combatants ?? [])]
    .filter((c) => c.id && c.id !== combatant.id && c.visible !== false && !shareneOutOfFight(c))
    .map((c) => ({ id: c.id!, name: c.name ?? "" }));
  const count = new Map<string, number>();
  for (const t of targets) count.set(t.name, (count.get(t.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return targets.map((t) => {
    if ((count.get(t.name) ?? 0) < 2) return t;
    const n = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, n);
    return { id: t.id, name: `${t.name} (${n})` };
  });
}
