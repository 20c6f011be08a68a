import type { EffectSubject } from "../kernel/apply";
import { type EffectKindDefinition, EffectSkip, registerEffectKind } from "../kernel/effect-kinds";
import type { RulesetEffect } from "../kernel/effects";
import { registerTimedStatuses, type TimedStatusDefinition } from "../kernel/timed-status";
import { KNOCKOUT_IDS, type KnockoutId, SHARENE_DEFAULTS, type ShareneRules } from "./config";
import { knockoutStatusId, LIMB_WOUND_KIND } from "./damage";
import { SHARENE_STATUS } from "./types";

/**
 * Sharene's own effect kind and its timed statuses, registered the kernel
 * way when the core loads, so the kernel applier (src/rules/kernel/apply.ts)
 * applies and undoes everything a blow answers, at the table and in the
 * simulator alike.
 */

/** Where a limb's damage tally is kept on a party: a pool of its own per limb. */
export function woundPool(location: string): string {
  return `wounds.${location}`;
}

/**
 * Adds a blow's damage to its limb's tally (SHA-DMG-4: "the damage
 * sustained to a limb"), which the thresholds read in the cumulative
 * reading. The tally starts at 0 on a party that has none yet; the undo
 * puts back what it was, or takes the tally away if it had none.
 */
export const limbWoundKind: EffectKindDefinition<RulesetEffect> = {
  id: LIMB_WOUND_KIND,
  apply(effect, s: EffectSubject) {
    const location = effect.data.location;
    const amount = effect.data.amount;
    if (typeof location !== "string" || typeof amount !== "number" || !Number.isInteger(amount))
      return new EffectSkip("no-change");
    const pool = woundPool(location);
    const had = Object.hasOwn(s.pools, pool);
    const before = had ? s.pools[pool]! : 0;
    s.pools[pool] = before + amount;
    return { pool, before, after: before + amount, had };
  },
  invert(record, s) {
    const pool = String(record.pool);
    if (record.had === true)
      s.pools[pool] = (s.pools[pool] ?? 0) - Number(record.after) + Number(record.before);
    else delete s.pools[pool];
  },
};

const KNOCKOUT_STATUS: Readonly<Record<KnockoutId, string>> = Object.freeze({
  knockedOut: SHARENE_STATUS.unconscious,
  knockedOutLong: SHARENE_STATUS.unconscious,
  outForHours: SHARENE_STATUS.unconscious,
  coma: SHARENE_STATUS.comatose,
});

/**
 * The timed statuses of SHA-CON-1 … SHA-CON-6, their lengths read from the
 * rules (`durations`): the knockouts end by themselves, the coma in death.
 */
export function shareneTimedStatuses(rules: ShareneRules = SHARENE_DEFAULTS): TimedStatusDefinition[] {
  return KNOCKOUT_IDS.map((id) => ({
    id: knockoutStatusId(id),
    status: KNOCKOUT_STATUS[id],
    labelKey: `SHARENE.Knockout.${id}`,
    duration: rules.durations[id],
    end: id === "coma" ? { kind: "replace", status: SHARENE_STATUS.dead } : { kind: "remove" },
  }));
}

export const SHARENE_EFFECT_KINDS: readonly EffectKindDefinition[] = Object.freeze([limbWoundKind]);

for (const kind of SHARENE_EFFECT_KINDS) registerEffectKind(kind);
registerTimedStatuses(shareneTimedStatuses());
