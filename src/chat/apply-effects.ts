import type { Effect } from "../rules/kernel/effects";
import type { AppliedDelta } from "./exchange-state";

/**
 * Turns the rules core's Effects into document changes and records each
 * change exactly, so it can be reverted. Two halves:
 * - `planEffects` (pure): reads a snapshot of the documents and says what to
 *   change, with before and after values. Unit-tested without Foundry.
 * - `applyEffects` / `revertDeltas` (Foundry): carry the plan out, return
 *   the deltas to store on the card, and revert them later.
 *
 * Only the active GM's client calls the Foundry half (see authority.ts); the
 * combat tracker calls `applyEffects` too, for the damage an impaled weapon
 * does each round.
 *
 * Effect ids are actor UUIDs (the exchange passes UUIDs to the rules core as
 * actor ids), so unlinked tokens' synthetic actors resolve like any other.
 */

/** The note rules-A's fumble module leaves for a dropped weapon; the Foundry layer unequips it. */
export const WEAPON_DROPPED_NOTE = "FANGS.Rules.Fumble.WeaponDropped";

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
        setStatus(effect, effect.actorId, effect.status, effect.active);
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
 * The change that reverts one delta, given the value now. Pools and item SP
 * are reverted by their difference, so a change made since (another blow)
 * survives the undo; a flag or status is set back only if it still holds
 * the value the application gave it.
 */
export function inverseOf(
  delta: Exclude<AppliedDelta, { kind: "stuck" }>,
  now: number | boolean,
  max?: number,
): number | boolean | null {
  switch (delta.kind) {
    case "pool":
      return (now as number) - (delta.after - delta.before);
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

/* -------------------------------------------- */
/*  Foundry: reading the documents              */
/* -------------------------------------------- */

type AnyActor = Actor.Implementation;

interface PoolData {
  stunPoints?: { value?: unknown };
  hitPoints?: { value?: unknown };
}
interface ItemData {
  itemSp?: { value?: unknown; max?: unknown };
  equipped?: unknown;
  natural?: unknown;
}

function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

async function resolveActor(uuid: string): Promise<AnyActor | null> {
  const doc: unknown = await fromUuid(uuid as never);
  return doc instanceof Actor ? (doc as AnyActor) : null;
}

/** The running combat's combatant for this actor (unlinked tokens: by their token). */
export function combatantOf(actor: AnyActor): Combatant.Implementation | null {
  const combat = game.combat;
  if (!combat) return null;
  const tokenId = actor.isToken ? (actor.token?.id ?? null) : null;
  for (const combatant of combat.combatants) {
    if (tokenId !== null) {
      if (combatant.tokenId === tokenId) return combatant;
    } else if (combatant.actorId === actor.id && combatant.token?.actorLink !== false) {
      return combatant;
    }
  }
  return null;
}

function viewOf(actor: AnyActor): ActorView {
  const system = actor.system as unknown as PoolData;
  const items = new Map<
    string,
    { itemSp: { value: number; max: number } | null; equipped: boolean | null }
  >();
  for (const item of actor.items) {
    const data = item.system as unknown as ItemData;
    const sp = data.itemSp;
    const hasSp = sp !== undefined && data.natural !== true;
    items.set(item.id!, {
      itemSp: hasSp ? { value: num(sp.value), max: num(sp.max) } : null,
      equipped: typeof data.equipped === "boolean" ? data.equipped : null,
    });
  }
  const combatant = combatantOf(actor);
  const actionLost = (combatant?.system as { actionLost?: unknown } | undefined)?.actionLost;
  return {
    pools: { stunPoints: num(system.stunPoints?.value), hitPoints: num(system.hitPoints?.value) },
    items,
    statuses: new Set(actor.statuses),
    combatant: combatant ? { uuid: combatant.uuid, actionLost: actionLost === true } : null,
  };
}

export async function loadViews(actorUuids: readonly string[]): Promise<Map<string, ActorView>> {
  const views = new Map<string, ActorView>();
  for (const uuid of actorUuids) {
    const actor = await resolveActor(uuid);
    if (actor) views.set(uuid, viewOf(actor));
  }
  return views;
}

/* -------------------------------------------- */
/*  Foundry: applying and reverting             */
/* -------------------------------------------- */

/** The flag a stuck weapon's ActiveEffect carries on its target. */
export interface StuckFlag {
  readonly ownerUuid: string;
  readonly itemId: string;
  readonly inItemId: string | null;
  readonly perRoundDamage: string | null;
}

export interface ApplyOptions {
  /** Names the ActiveEffect that carries a stuck weapon ("Impaled: Spear"). */
  readonly stuckEffectName?: (stuck: PlannedStuck) => string;
}

export interface ApplyResult {
  readonly deltas: AppliedDelta[];
  readonly skipped: readonly SkippedEffect[];
  readonly notes: EffectPlan["notes"];
}

/**
 * Applies the effects to the documents as they are now and returns the
 * exact deltas. Call it from the active GM's client only: it writes to
 * documents the clicking user may not own.
 */
export async function applyEffects(
  effects: readonly Effect[],
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const views = await loadViews(actorsOf(effects));
  const plan = planEffects(effects, views);
  const deltas = await executeChanges(plan.changes, options);
  return { deltas, skipped: plan.skipped, notes: plan.notes };
}

async function executeChanges(
  changes: readonly PlannedChange[],
  options: ApplyOptions,
): Promise<AppliedDelta[]> {
  const deltas: AppliedDelta[] = [];
  const byActor = new Map<string, PlannedChange[]>();
  for (const change of changes) {
    const uuid = actorUuidOf(change);
    if (uuid === null) continue;
    byActor.set(uuid, [...(byActor.get(uuid) ?? []), change]);
  }
  for (const [uuid, list] of byActor) {
    const actor = await resolveActor(uuid);
    if (!actor) continue;
    const actorUpdate: Record<string, number> = {};
    const itemUpdates: { _id: string; [path: string]: unknown }[] = [];
    for (const change of list) {
      if (change.kind === "pool") actorUpdate[`system.${change.pool}.value`] = change.after;
      else if (change.kind === "itemSp")
        itemUpdates.push({ _id: change.itemId, "system.itemSp.value": change.after });
      else if (change.kind === "equipped")
        itemUpdates.push({ _id: change.itemId, "system.equipped": change.after });
    }
    if (Object.keys(actorUpdate).length > 0) await actor.update(actorUpdate as never);
    if (itemUpdates.length > 0) await actor.updateEmbeddedDocuments("Item", itemUpdates as never);
    for (const change of list) {
      if (change.kind === "pool" || change.kind === "itemSp" || change.kind === "equipped")
        deltas.push(change);
      else if (change.kind === "status") {
        await actor.toggleStatusEffect(change.status as never, { active: change.after });
        deltas.push(change);
      } else if (change.kind === "stuck") {
        const flag: StuckFlag = {
          ownerUuid: change.ownerUuid,
          itemId: change.itemId,
          inItemId: change.inItemId,
          perRoundDamage: change.perRoundDamage,
        };
        const created = await actor.createEmbeddedDocuments("ActiveEffect", [
          {
            name: options.stuckEffectName?.(change) ?? "Impaled",
            img: "systems/fangs/assets/icons/status/impaled.svg",
            // A weapon stuck in a shield impales the shield, not the body.
            statuses: change.inItemId ? [] : ["impaled"],
            flags: { fangs: { stuck: flag } },
          } as never,
        ]);
        const effectId = created?.[0]?.id;
        if (effectId) {
          deltas.push({
            kind: "stuck",
            targetUuid: change.targetUuid,
            effectId,
            ownerUuid: change.ownerUuid,
            itemId: change.itemId,
            inItemId: change.inItemId,
          });
        }
      }
    }
  }
  // The combatant's lost action is on the Combatant, not the actor.
  for (const change of changes) {
    if (change.kind !== "actionLost") continue;
    const combatant: unknown = await fromUuid(change.combatantUuid as never);
    if (combatant instanceof Combatant) {
      await combatant.update({ system: { actionLost: change.after } } as never);
      deltas.push(change);
    }
  }
  return deltas;
}

function actorUuidOf(change: PlannedChange): string | null {
  switch (change.kind) {
    case "stuck":
      return change.targetUuid;
    case "actionLost":
      return null;
    default:
      return change.actorUuid;
  }
}

/**
 * Reverts recorded deltas, newest first. Each document is read again: a
 * pool is moved back by its difference, a status set back only if it still
 * holds what the application set, a stuck weapon's effect deleted if it is
 * still there. Returns the deltas that could not be reverted (a deleted
 * actor or item), so the card can say so.
 */
export async function revertDeltas(deltas: readonly AppliedDelta[]): Promise<AppliedDelta[]> {
  const missed: AppliedDelta[] = [];
  for (const delta of [...deltas].reverse()) {
    if (delta.kind === "actionLost") {
      const combatant: unknown = await fromUuid(delta.combatantUuid as never);
      if (!(combatant instanceof Combatant)) {
        missed.push(delta);
        continue;
      }
      const now = (combatant.system as { actionLost?: unknown }).actionLost === true;
      const back = inverseOf(delta, now);
      if (back !== null) await combatant.update({ system: { actionLost: back } } as never);
      continue;
    }
    const actor = await resolveActor(delta.kind === "stuck" ? delta.targetUuid : delta.actorUuid);
    if (!actor) {
      missed.push(delta);
      continue;
    }
    switch (delta.kind) {
      case "pool": {
        const now = num((actor.system as unknown as PoolData)[delta.pool]?.value);
        await actor.update({ [`system.${delta.pool}.value`]: inverseOf(delta, now) } as never);
        break;
      }
      case "itemSp":
      case "equipped": {
        const item = actor.items.get(delta.itemId);
        if (!item) {
          missed.push(delta);
          break;
        }
        const data = item.system as unknown as ItemData;
        if (delta.kind === "itemSp") {
          const back = inverseOf(
            delta,
            num(data.itemSp?.value),
            num(data.itemSp?.max, Number.POSITIVE_INFINITY),
          );
          await item.update({ "system.itemSp.value": back } as never);
        } else {
          const back = inverseOf(delta, data.equipped === true);
          if (back !== null) await item.update({ "system.equipped": back } as never);
        }
        break;
      }
      case "status": {
        const back = inverseOf(delta, actor.statuses.has(delta.status));
        if (back !== null) await actor.toggleStatusEffect(delta.status as never, { active: back as boolean });
        break;
      }
      case "stuck": {
        if (actor.effects.has(delta.effectId))
          await actor.deleteEmbeddedDocuments("ActiveEffect", [delta.effectId]);
        break;
      }
    }
  }
  return missed;
}

/** Weapons stuck in this actor (for the tracker's impale damage each round, and its removal checks). */
export function stuckWeapons(actor: AnyActor): { readonly effectId: string; readonly stuck: StuckFlag }[] {
  const list: { effectId: string; stuck: StuckFlag }[] = [];
  for (const effect of actor.effects) {
    const stuck = (effect.flags as { fangs?: { stuck?: StuckFlag } } | undefined)?.fangs?.stuck;
    if (stuck && typeof stuck.ownerUuid === "string" && effect.id) list.push({ effectId: effect.id, stuck });
  }
  return list;
}
