/**
 * A weapon left stuck by an impale is an ActiveEffect on its target carrying
 * this flag (written by src/effects/apply-effects.ts). The exchange card, the combat
 * tracker's damage each round and macros all read it here, without loading
 * the effect applier.
 */

/** The flag a stuck weapon's ActiveEffect carries on its target. */
export interface StuckFlag {
  readonly ownerUuid: string;
  readonly itemId: string;
  /** The shield it is stuck in, or null when it is stuck in the body. */
  readonly inItemId: string | null;
  /** Its damage each round (NC-DMG-13); null when it is stuck in a shield. */
  readonly perRoundDamage: string | null;
}

interface EffectsOf {
  readonly effects: Iterable<{ readonly id?: string | null; readonly flags?: unknown }>;
}

/** Weapons stuck in this actor, in its body or its shield, with the effect that holds each. */
export function stuckWeapons(actor: EffectsOf): { readonly effectId: string; readonly stuck: StuckFlag }[] {
  const list: { effectId: string; stuck: StuckFlag }[] = [];
  for (const effect of actor.effects) {
    const stuck = (effect.flags as { fangs?: { stuck?: StuckFlag } } | undefined)?.fangs?.stuck;
    if (stuck && typeof stuck.ownerUuid === "string" && effect.id) list.push({ effectId: effect.id, stuck });
  }
  return list;
}

/**
 * NC-DMG-13: the damage formulas of the weapons stuck in this actor's body.
 * The rules core gives a weapon stuck in a shield no per-round damage (its
 * stuckItem effect's perRoundDamage is null), so only the formula is read.
 */
export function bodyImpaleFormulas(actor: EffectsOf): string[] {
  const formulas: string[] = [];
  for (const { stuck } of stuckWeapons(actor)) {
    if (typeof stuck.perRoundDamage === "string" && stuck.perRoundDamage !== "")
      formulas.push(stuck.perRoundDamage);
  }
  return formulas;
}
