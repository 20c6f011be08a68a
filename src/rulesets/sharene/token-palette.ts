import type { RoundAsk, TokenPalette, TokenPaletteEntry } from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import { ICON_PATH } from "../../config/system";
import { loadRuleset } from "../../on-demand";
import { SHARENE_PHASE_IDS, type SharenePhaseId } from "../../rules/sharene/ruleset";
import { ACTION_KINDS, type ActionKind, SHARENE_STATUS, STYLES, type Style } from "../../rules/sharene/types";
import { shownRound } from "./combat/record";
import { shareneLabels } from "./config/sharene-config";
import { shareneFighter, shareneWeapon } from "./data/views";

/**
 * Sharene's Token HUD palette (its table's `palette`): in the declarations,
 * the three actions (SHA-INI-1), each declared against the token the user
 * targets (else the target already declared); in the styles, the styles
 * its sheet knows (SHA-STY-3 … SHA-STY-6), and "Style…" for one with a
 * split parry, a stated blow or a called shot. Each click is the `declare`
 * or `style` round action, through the active GM for a player.
 */

/** The palette entry that opens the style's dialog. */
export const STYLE_OPTIONS = "options:style";

export const actionIcon = (kind: string) => `${ICON_PATH}/sharene/action-${kind}.svg`;
export const styleIcon = (style: string) => `${ICON_PATH}/sharene/style-${style}.svg`;

export function roundPhaseOf(combatant: Combatant.Implementation): SharenePhaseId {
  const phase = (combatant.combat?.system as { phase?: unknown } | undefined)?.phase;
  return SHARENE_PHASE_IDS.includes(phase as SharenePhaseId) ? (phase as SharenePhaseId) : "declare";
}

/** Out of the fight as the tracker shows it: defeated, no Sharene fighter, or out by the rules (unconscious, in a coma, dead, at 0 life points or fewer). */
export function shareneOutOfFight(combatant: Combatant.Implementation): boolean {
  if (combatant.isDefeated) return true;
  const actor = combatant.actor;
  const system = actor ? shareneFighter(actor) : null;
  if (!actor || !system) return true;
  const statuses = actor.statuses ?? new Set<string>();
  return system.lifePoints.value <= 0 || Object.values(SHARENE_STATUS).some((status) => statuses.has(status));
}

/**
 * The actions a combatant may declare (SHA-INI-1): the kinds of its
 * equipped weapons, in the core's order, since the attack is struck with a
 * weapon of the kind declared; one with no weapon equipped is offered all
 * three, so the round never waits on it.
 */
export function declarableActions(combatant: Combatant.Implementation): readonly ActionKind[] {
  const kinds = (combatant.actor?.items ?? []).map((item) => shareneWeapon(item)).filter((w) => w?.equipped);
  const offered = ACTION_KINDS.filter((kind) => kinds.some((w) => w?.kind === kind));
  return offered.length ? offered : ACTION_KINDS;
}

/** The styles the combatant's sheet knows, in the core's order; a sheet that knows none offers all four. */
export function knownStyles(combatant: Combatant.Implementation): readonly Style[] {
  const actor = combatant.actor;
  const known = (actor ? shareneFighter(actor)?.knownStyles : undefined) ?? [];
  return known.length > 0 ? known : STYLES;
}

function entries(combatant: Combatant.Implementation, localize: Localize): TokenPaletteEntry[] {
  const record = shownRound(combatant);
  const phase = roundPhaseOf(combatant);
  const out = shareneOutOfFight(combatant);
  if (phase === "declare") {
    const labels = shareneLabels("actionKinds");
    return declarableActions(combatant).map((kind) => ({
      id: `action:${kind}`,
      label: localize(labels[kind] ?? kind),
      tooltip: localize("SHARENE.Combat.Palette.ActionHint", { action: localize(labels[kind] ?? kind) }),
      icon: actionIcon(kind),
      active: record.declared && record.action === kind,
      disabled: out,
    }));
  }
  if (phase === "style" && record.initiative !== null) {
    const labels = shareneLabels("styles");
    const known = knownStyles(combatant);
    const styles = known.map((style) => ({
      id: `style:${style}`,
      label: localize(labels[style] ?? style),
      tooltip: localize("SHARENE.Combat.Palette.StyleHint", { style: localize(labels[style] ?? style) }),
      icon: styleIcon(style),
      active: record.style === style,
      disabled: out,
    }));
    // "Style…": the dialog for a style with a split parry, a stated blow or a called shot (the heavy part's).
    const options = {
      id: STYLE_OPTIONS,
      label: localize("SHARENE.Combat.Style.Open"),
      tooltip: localize("SHARENE.Combat.Palette.OptionsHint"),
      icon: styleIcon(record.style ?? known[0]!),
      mark: "fa-solid fa-sliders",
      active: record.split > 0 || record.statedBlow !== null || record.called !== null,
      disabled: out,
    };
    return [...styles, options];
  }
  return [];
}

export const shareneRoundPalette: TokenPalette = Object.freeze({
  labelKey: "SHARENE.Combat.Palette.Label",
  icon: "fa-solid fa-hand-fist",
  entries: (combatant: Combatant.Implementation, _viewer: unknown, localize: Localize) =>
    entries(combatant, localize),
  // What a click asks (the target read from the user's targets): Sharene's heavy part.
  choose: async (combatant: Combatant.Implementation, id: string, ask: RoundAsk) =>
    (await loadRuleset("sharene")).choosePaletteAction(combatant, id, ask),
});
