/**
 * The check card's context (src/chat/check-card.ts posts the card): what
 * every ruleset's check result says and how its labels name it. Pure, and
 * small, since a ruleset's definition carries its check labels from start-up.
 */

interface LevelInfo {
  /** The ruleset's level id (its CSS class on the card). */
  id: string;
  label: string;
  icon: string;
}

/** What every ruleset's check result says, whatever else it carries (dice pools, luck dice…). */
export interface RulesetCheckResult {
  /** The die or dice as rolled, for the card (a sum, a count of successes). */
  readonly natural: number;
  readonly total: number;
  /** What it was rolled against (a difficulty, a target number). */
  readonly target: number;
  readonly success: boolean;
}

/** A second die a ruleset rolled to confirm a level, and what it decided (lang keys). */
export interface CheckConfirmation {
  value: number;
  purpose: string;
  outcome: string;
}

/** What the card shows of a result beyond the shared fields: its formula line and a confirming die. */
export interface RulesetCheckDetails {
  /** The value rolled against (FANGS: the skill), on the formula line. */
  readonly skill?: number;
  readonly modifiers?: number;
  /** The modifiers as the card writes them ("+3", "−2"; "" for none). */
  readonly modifiersText?: string;
  readonly confirmation?: CheckConfirmation | null;
}

/**
 * How a ruleset labels a check result on the card: a level id (its CSS
 * class), a lang key, an icon; and, if its results carry them, the
 * details of its formula line and a confirming die.
 */
export interface RulesetCheckLabels<R> {
  level(result: R): { readonly id: string; readonly labelKey: string; readonly icon: string };
  details?(result: R): RulesetCheckDetails;
}

export interface RulesetCheckContext {
  actorName: string;
  label: string;
  localizeLabel: boolean;
  /** For characteristic checks: the multiplier of "ST×2". */
  multiplier: number | null;
  skill?: number;
  modifiers?: number;
  /** "+3", "−2" or "" when there are none. */
  modifiersText: string;
  natural: number;
  total: number;
  target: number;
  success: boolean;
  level: LevelInfo & { cssClass: string };
  /** The second die, when the rules rolled one, and what it decided. */
  confirmation: CheckConfirmation | null;
}

/** The check card's data for a ruleset's result, labelled by the ruleset. Pure. */
export function rulesetCheckContext<R extends RulesetCheckResult>(
  labels: RulesetCheckLabels<R>,
  result: R,
  meta: CheckCardMeta,
): RulesetCheckContext {
  const level = labels.level(result);
  const { confirmation, modifiersText, ...formula } = labels.details?.(result) ?? {};
  return {
    actorName: meta.actorName,
    label: meta.label,
    localizeLabel: Boolean(meta.localizeLabel),
    multiplier: meta.multiplier ?? null,
    ...formula,
    modifiersText: modifiersText ?? "",
    natural: result.natural,
    total: result.total,
    target: result.target,
    success: result.success,
    level: { id: level.id, label: level.labelKey, icon: level.icon, cssClass: `fangs-check--${level.id}` },
    confirmation: confirmation ?? null,
  };
}

export interface CheckCardMeta {
  /** Who rolled. */
  actorName: string;
  /** What was rolled: a skill's name, or a localisation key of a characteristic or attribute. */
  label: string;
  /** Whether `label` is a localisation key. */
  localizeLabel?: boolean;
  /** For characteristic checks: the multiplier of "ST×2". */
  multiplier?: number;
}
