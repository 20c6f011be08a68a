/**
 * The toy's round start and what leaves with a combatant, written as a
 * ruleset writes them (the table's `roundStart` and `leaving`): as each new
 * round begins, every toy fighter under its maximum gets 1 hp back (its
 * "second wind"); a fighter leaving the combat loses the toy's Dazed
 * status. Both run on the active GM's client, through the unchanged Combat
 * and Combatant. Imported by ./toy-ruleset.ts.
 */

/** Each round start and each leaving the toy was told of, in order, with the writing user. */
export const toyRoundLog = {
  started: [] as { round: number; by: string }[],
  left: [] as { ids: string[]; by: string }[],
};

interface ToyHp {
  readonly hp?: { readonly value?: unknown; readonly max?: unknown };
}

/** The second wind: +1 hp, never over the maximum, for every toy fighter of the combat. */
export async function toyRoundStart(combat: Combat.Implementation): Promise<void> {
  toyRoundLog.started.push({ round: combat.round, by: game.user?.id ?? "" });
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor || (actor.type as string) !== "toyFighter") continue;
    const { value, max } = (actor.system as ToyHp).hp ?? {};
    if (typeof value !== "number" || typeof max !== "number" || value >= max) continue;
    await actor.update({ "system.hp.value": value + 1 } as never);
  }
}

/** A fighter leaving the fight is no longer dazed. */
export async function toyLeaving(combatants: readonly Combatant.Implementation[]): Promise<void> {
  toyRoundLog.left.push({ ids: combatants.map((c) => c.id ?? ""), by: game.user?.id ?? "" });
  for (const combatant of combatants) {
    const actor = combatant.actor;
    if (actor?.statuses?.has("toyDazed")) await actor.toggleStatusEffect("toyDazed", { active: false });
  }
}
