import type { Effect } from "../rules/kernel/effects";
import type { AppliedDelta } from "./exchange-state";

/**
 * The pure half of the effect applier (apply-effects.ts carries it out):
 * reads a snapshot of the documents and says what to change for the rules
 * core's Effects, with the values before and after, and how to revert each
 * change later. No Foundry global here.
 *
 * Effect ids are actor UUIDs (the exchange passes UUIDs to the rules core as
 * actor ids), so unlinked tokens' synthetic actors resolve like any other.
 */

/** The note rules-A's fumble module leaves for a dropped weapon; the Foundry layer unequips it. */
export const WEAPON_DROPPED_NOTE = "FANGS.Rules.Fumble.WeaponDropped";

/**
 * Whether applying these effects would touch a document: any effect but a
 * note, and the note of a dropped weapon (it unequips the weapon).
 */
export function appliable(effects: readonly Effect[]): boolean {
  return effects.some((e) => e.kind !== "note" || e.key === WEAPON_DROPPED_NOTE);
}

/** What the planner needs to know about one actor. */
export interface ActorView {
  readonly pools: { readonly stunPoints: number; readonly hitPoints: number };
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
  readonly reason: "unknown-actor" | "unknown-item" | "no-item-sp" | "not-in-combat" | "no-change";
}

export interface EffectPlan {
  readonly changes: readonly PlannedChange[];
  readonly skipped: readonly SkippedEffect[];
  /** Notes for the card (fumble results, reminders); they change no document. */
  readonly notes: readonly Extract<Effect, { kind: "note" }>[];
}

const POOLS = new Set(["stunPoints", "hitPoints"]);

/**
 * Where the rules core and the token statuses (src/config/statuses.ts) name a
 * condition differently: the rules' "coma" is the token's "comatose".
 */
export const STATUS_ALIASES: Readonly<Record<string, string>> = Object.freeze({ coma: "comatose" });

function statusId(rulesStatus: string): string {
  return STATUS_ALIASES[rulesStatus] ?? rulesStatus;
}

/** The actors an effect list touches (to load their views). */
export function actorsOf(effects: readonly Effect[]): string[] {
  const ids = new Set<string>();
  for (const e of effects) {
    switch (e.kind) {
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
 * Several effects on one pool, item or status fold into one change with the
 * first value before and the last value after. Item SP stays within 0…max
 * (the data model refuses anything else); pools may go below 0.
 */
export function planEffects(effects: readonly Effect[], views: ReadonlyMap<string, ActorView>): EffectPlan {
  const pools = new Map<string, Extract<PlannedChange, { kind: "pool" }>>();
  const items = new Map<string, Extract<PlannedChange, { kind: "itemSp" }>>();
  const equipped = new Map<string, Extract<PlannedChange, { kind: "equipped" }>>();
  const statuses = new Map<string, Extract<PlannedChange, { kind: "status" }>>();
  const lost = new Map<string, Extract<PlannedChange, { kind: "actionLost" }>>();
  const stuck: PlannedStuck[] = [];
  const skipped: SkippedEffect[] = [];
  const notes: Extract<Effect, { kind: "note" }>[] = [];
  // A stuck weapon's effect carries the "impaled" status itself.
  const impaledByStuck = new Set<string>();
  for (const e of effects) if (e.kind === "stuckItem" && !e.inItemId) impaledByStuck.add(e.targetId);

  const setStatus = (effect: Effect, actorUuid: string, status: string, active: boolean): void => {
    const view = views.get(actorUuid);
    if (!view) return void skipped.push({ effect, reason: "unknown-actor" });
    const key = `${actorUuid}|${status}`;
    const before = statuses.get(key)?.before ?? view.statuses.has(status);
    statuses.set(key, { kind: "status", actorUuid, status, before, after: active });
  };

  for (const effect of effects) {
    switch (effect.kind) {
      case "pool": {
        const view = views.get(effect.actorId);
        if (!view) {
          skipped.push({ effect, reason: "unknown-actor" });
          break;
        }
        if (!POOLS.has(effect.pool)) {
          skipped.push({ effect, reason: "no-change" });
          break;
        }
        const pool = effect.pool as "stunPoints" | "hitPoints";
        const key = `${effect.actorId}|${pool}`;
        const previous = pools.get(key);
        const before = previous?.before ?? view.pools[pool];
        const after = (previous?.after ?? before) - effect.amount;
        pools.set(key, { kind: "pool", actorUuid: effect.actorId, pool, before, after });
        break;
      }
      case "itemDurability": {
        const view = views.get(effect.actorId);
        const item = view?.items.get(effect.itemId);
        if (!view) skipped.push({ effect, reason: "unknown-actor" });
        else if (!item) skipped.push({ effect, reason: "unknown-item" });
        else if (!item.itemSp) skipped.push({ effect, reason: "no-item-sp" });
        else {
          const key = `${effect.actorId}|${effect.itemId}`;
          const previous = items.get(key);
          const before = previous?.before ?? item.itemSp.value;
          const after = Math.min(item.itemSp.max, Math.max(0, (previous?.after ?? before) + effect.delta));
          items.set(key, { kind: "itemSp", actorUuid: effect.actorId, itemId: effect.itemId, before, after });
        }
        break;
      }
      case "status":
        if (effect.status === "impaled" && effect.active && impaledByStuck.has(effect.actorId)) break;
        setStatus(effect, effect.actorId, statusId(effect.status), effect.active);
        break;
      case "prone":
        setStatus(effect, effect.actorId, "prone", true);
        break;
      case "stuckItem":
        if (!views.has(effect.targetId)) skipped.push({ effect, reason: "unknown-actor" });
        else
          stuck.push({
            kind: "stuck",
            targetUuid: effect.targetId,
            ownerUuid: effect.ownerId,
            itemId: effect.itemId,
            inItemId: effect.inItemId,
            perRoundDamage: effect.perRoundDamage,
          });
        break;
      case "loseAction": {
        const view = views.get(effect.actorId);
        if (!view) skipped.push({ effect, reason: "unknown-actor" });
        else if (!view.combatant) skipped.push({ effect, reason: "not-in-combat" });
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
        notes.push(effect);
        if (effect.key !== WEAPON_DROPPED_NOTE) break;
        const actorUuid = String(effect.data.actorId ?? "");
        const itemId = String(effect.data.itemId ?? "");
        const item = views.get(actorUuid)?.items.get(itemId);
        if (!views.has(actorUuid)) skipped.push({ effect, reason: "unknown-actor" });
        else if (!item || item.equipped === null) skipped.push({ effect, reason: "unknown-item" });
        else {
          const key = `${actorUuid}|${itemId}`;
          const before = equipped.get(key)?.before ?? item.equipped;
          equipped.set(key, { kind: "equipped", actorUuid, itemId, before, after: false });
        }
        break;
      }
    }
  }

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
    notes,
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
