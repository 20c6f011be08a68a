import type { AppliedDelta } from "../chat/exchange-state";
import { WEAPON_DROPPED_NOTE } from "../rules/fangs/fumble";
import { applyEffectsTo, type EffectSubject, type ItemTrack } from "../rules/kernel/apply";
import type { Effect } from "../rules/kernel/effects";

/**
 * The pure half of the effect applier (apply-effects.ts carries it out):
 * reads a snapshot of the documents and says what to change for the rules
 * core's Effects, with the values before and after, and how to revert each
 * change later. No Foundry global here.
 *
 * Effect ids are actor UUIDs (the exchange passes UUIDs to the rules core as
 * actor ids), so unlinked tokens' synthetic actors resolve like any other.
 */

/** The note the rules core's fumble module (src/rules/fangs/fumble.ts) leaves for a dropped weapon; the Foundry layer unequips it. */
export { WEAPON_DROPPED_NOTE };

/**
 * Whether applying these effects would touch a document: any effect but a
 * note, and the note of a dropped weapon (it unequips the weapon).
 */
export function appliable(effects: readonly Effect[]): boolean {
  return effects.some((e) => e.kind !== "note" || e.key === WEAPON_DROPPED_NOTE);
}

/** What the planner needs to know about one actor. */
export interface ActorView {
  /** Its pools by name: the registered pools (src/rulesets/registry.ts) of its ruleset. */
  readonly pools: Readonly<Record<string, number>>;
  /** Items by id: their SP track (null for natural weapons and items without one) and whether equipped. */
  readonly items: ReadonlyMap<
    string,
    {
      readonly itemSp: { readonly value: number; readonly max: number } | null;
      readonly equipped: boolean | null;
    }
  >;
  readonly statuses: ReadonlySet<string>;
  /** Its combatant in the running combat, if any. */
  readonly combatant: { readonly uuid: string; readonly actionLost: boolean } | null;
}

/** A stuck weapon to record on its target (the delta gets the created effect's id once it exists). */
export interface PlannedStuck {
  readonly kind: "stuck";
  readonly targetUuid: string;
  readonly ownerUuid: string;
  readonly itemId: string;
  readonly inItemId: string | null;
  readonly perRoundDamage: string | null;
}

export type PlannedChange = Exclude<AppliedDelta, { kind: "stuck" }> | PlannedStuck;

export interface SkippedEffect {
  readonly effect: Effect;
  readonly reason:
    | "unknown-actor"
    | "unknown-item"
    | "no-item-sp"
    | "not-in-combat"
    | "no-change"
    | "unknown-kind";
}

export interface EffectPlan {
  readonly changes: readonly PlannedChange[];
  readonly skipped: readonly SkippedEffect[];
  /** Notes for the card (fumble results, reminders); they change no document. */
  readonly notes: readonly Extract<Effect, { kind: "note" }>[];
}

/**
 * Where the rules core and the token statuses (src/config/statuses.ts) name a
 * condition differently: the rules' "coma" is the token's "comatose".
 */
export const STATUS_ALIASES: Readonly<Record<string, string>> = Object.freeze({ coma: "comatose" });

/** The actors an effect list touches (to load their views). */
export function actorsOf(effects: readonly Effect[]): string[] {
  const ids = new Set<string>();
  for (const e of effects) {
    switch (e.kind) {
      case "ruleset":
      case "pool":
      case "itemDurability":
      case "status":
      case "loseAction":
      case "prone":
        ids.add(e.actorId);
        break;
      case "stuckItem":
        ids.add(e.targetId);
        break;
      case "note":
        if (e.key === WEAPON_DROPPED_NOTE && typeof e.data.actorId === "string") ids.add(e.data.actorId);
        break;
    }
  }
  return [...ids];
}

/**
 * What to change for these effects, given the documents as they are now.
 * The rules kernel's applier (`applyEffectsTo`, shared with the simulator)
 * folds the effects into a copy of each actor's values; the plan is the
 * difference, one change per pool, item or status with the first value
 * before and the last value after, in the order the effects first touched
 * them. Item SP stays within 0…max (the data model refuses anything else);
 * pools may go below 0.
 */
export function planEffects(
  effects: readonly Effect[],
  views: ReadonlyMap<string, ActorView>,
  poolMin: Readonly<Record<string, number>> = {},
): EffectPlan {
  // A stuck weapon's effect carries the "impaled" status itself.
  const impaledByStuck = new Set<string>();
  for (const e of effects) if (e.kind === "stuckItem" && !e.inItemId) impaledByStuck.add(e.targetId);
  const applied = effects.filter(
    (e) => !(e.kind === "status" && e.status === "impaled" && e.active && impaledByStuck.has(e.actorId)),
  );

  const subjects = new Map<string, EffectSubject>();
  const subjectOf = (actorUuid: string): EffectSubject | undefined => {
    let subject = subjects.get(actorUuid);
    const view = views.get(actorUuid);
    if (subject === undefined && view !== undefined) {
      const items = new Map<string, ItemTrack | null>();
      for (const [id, item] of view.items) items.set(id, item.itemSp);
      subject = {
        pools: { ...view.pools },
        items,
        statuses: new Set(view.statuses),
        actionLost: view.combatant?.actionLost ?? false,
        dropped: new Set(),
      };
      subjects.set(actorUuid, subject);
    }
    return subject;
  };
  const result = applyEffectsTo(applied, subjectOf, {
    droppedNote: WEAPON_DROPPED_NOTE,
    statusAliases: STATUS_ALIASES,
    poolMin,
  });
  const skipped: SkippedEffect[] = [...result.skipped];

  // The keys each kind of change was first touched by, in effect order.
  const pools = new Map<string, Extract<PlannedChange, { kind: "pool" }>>();
  const items = new Map<string, Extract<PlannedChange, { kind: "itemSp" }>>();
  const equipped = new Map<string, Extract<PlannedChange, { kind: "equipped" }>>();
  const statuses = new Map<string, Extract<PlannedChange, { kind: "status" }>>();
  const lost = new Map<string, Extract<PlannedChange, { kind: "actionLost" }>>();
  for (const effect of applied) {
    switch (effect.kind) {
      case "ruleset": {
        // A ruleset's kind changes pools and statuses: each is recorded like the kernel's own, so
        // the undo reverts it by the same deltas.
        const view = views.get(effect.actorId);
        const subject = subjects.get(effect.actorId);
        if (!view || !subject) break;
        for (const pool of Object.keys(view.pools)) {
          const key = `${effect.actorId}|${pool}`;
          if (!pools.has(key) && subject.pools[pool] === view.pools[pool]) continue;
          pools.set(key, {
            kind: "pool",
            actorUuid: effect.actorId,
            pool,
            before: view.pools[pool]!,
            after: subject.pools[pool]!,
          });
        }
        for (const status of new Set([...view.statuses, ...subject.statuses])) {
          const key = `${effect.actorId}|${status}`;
          const after = subject.statuses.has(status);
          if (!statuses.has(key) && after === view.statuses.has(status)) continue;
          statuses.set(key, {
            kind: "status",
            actorUuid: effect.actorId,
            status,
            before: view.statuses.has(status),
            after,
          });
        }
        break;
      }
      case "pool": {
        const view = views.get(effect.actorId);
        const pool = effect.pool;
        if (!view || !(pool in view.pools)) break;
        const after = subjects.get(effect.actorId)!.pools[pool]!;
        pools.set(`${effect.actorId}|${pool}`, {
          kind: "pool",
          actorUuid: effect.actorId,
          pool,
          before: view.pools[pool]!,
          after,
        });
        break;
      }
      case "itemDurability": {
        const before = views.get(effect.actorId)?.items.get(effect.itemId)?.itemSp;
        const after = subjects.get(effect.actorId)?.items.get(effect.itemId);
        if (!before || !after) break;
        items.set(`${effect.actorId}|${effect.itemId}`, {
          kind: "itemSp",
          actorUuid: effect.actorId,
          itemId: effect.itemId,
          before: before.value,
          after: after.value,
        });
        break;
      }
      case "status":
      case "prone": {
        const view = views.get(effect.actorId);
        if (!view) break;
        const word = effect.kind === "prone" ? "prone" : effect.status;
        const status = STATUS_ALIASES[word] ?? word;
        statuses.set(`${effect.actorId}|${status}`, {
          kind: "status",
          actorUuid: effect.actorId,
          status,
          before: view.statuses.has(status),
          after: subjects.get(effect.actorId)!.statuses.has(status),
        });
        break;
      }
      case "loseAction": {
        const view = views.get(effect.actorId);
        if (!view) break;
        if (!view.combatant) skipped.push({ effect, reason: "not-in-combat" });
        else {
          const uuid = view.combatant.uuid;
          lost.set(uuid, {
            kind: "actionLost",
            combatantUuid: uuid,
            before: view.combatant.actionLost,
            after: true,
          });
        }
        break;
      }
      case "note": {
        const actorUuid = String(effect.data.actorId ?? "");
        const itemId = String(effect.data.itemId ?? "");
        if (effect.key !== WEAPON_DROPPED_NOTE || !subjects.get(actorUuid)?.dropped.has(itemId)) break;
        const item = views.get(actorUuid)!.items.get(itemId)!;
        // An item without an "equipped" field cannot be put down.
        if (item.equipped === null) skipped.push({ effect, reason: "unknown-item" });
        else
          equipped.set(`${actorUuid}|${itemId}`, {
            kind: "equipped",
            actorUuid,
            itemId,
            before: item.equipped,
            after: false,
          });
        break;
      }
      default:
        break;
    }
  }
  const stuck: PlannedStuck[] = result.stuck.map((e) => ({
    kind: "stuck",
    targetUuid: e.targetId,
    ownerUuid: e.ownerId,
    itemId: e.itemId,
    inItemId: e.inItemId,
    perRoundDamage: e.perRoundDamage,
  }));

  const changed = <T extends { before: unknown; after: unknown }>(list: Iterable<T>): T[] =>
    [...list].filter((c) => c.before !== c.after);
  return {
    changes: [
      ...changed(pools.values()),
      ...changed(items.values()),
      ...changed(equipped.values()),
      ...changed(statuses.values()),
      ...changed(lost.values()),
      ...stuck,
    ],
    skipped,
    notes: result.notes,
  };
}

/**
 * The change that reverts one delta, given the value now (and the pool's or
 * item's maximum). Pools and item SP are reverted by their difference, so a
 * change made since (another blow) survives the undo, never past the maximum;
 * a flag or status is set back only if it still holds the value the
 * application gave it.
 */
export function inverseOf(
  delta: Exclude<AppliedDelta, { kind: "stuck" }>,
  now: number | boolean,
  max?: number,
): number | boolean | null {
  switch (delta.kind) {
    case "pool": {
      // A pool healed by hand since is not lifted over its maximum (unless it stood over it before).
      const value = (now as number) - (delta.after - delta.before);
      return Math.min(value, Math.max(max ?? Number.POSITIVE_INFINITY, delta.before));
    }
    case "itemSp": {
      const value = (now as number) - (delta.after - delta.before);
      return Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(0, value));
    }
    case "equipped":
    case "status":
    case "actionLost":
      return now === delta.after ? delta.before : null;
  }
}
