import { allowedBy, announce, frozen } from "../api/hooks";
import type { AppliedDelta } from "../chat/card-steps";
import { itemSystem } from "../data/views";
import { FangsCombatant } from "../documents/combatant";
import { actorAt, documentAt } from "../documents/uuid";
import type { Effect } from "../rules/kernel/effects";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  poolsForActorType,
  type RulesetDefinition,
  type RulesetParty,
  registeredPoolMinimums,
  rulesetOwning,
} from "../rulesets/registry";
import { type AttachmentContext, attachmentOf, type PlannedAttachment } from "./attached-effects";
import "./timed-status-attachment";
import {
  type ActorView,
  actorsOf,
  type EffectPlan,
  inverseOf,
  isValueChange,
  type PlannedChange,
  planEffects,
  type SkippedEffect,
  STATUS_ALIASES,
} from "./effect-plan";

/**
 * Turns the rules core's Effects into document updates and records each
 * change exactly, so the card can revert it (effect-plan.ts decides what to
 * change; this file writes it). Only the active GM's client calls it (see
 * src/chat/authority.ts): it writes to documents the clicking user may not own. The
 * combat tracker calls `applyEffects` too, for the damage an impaled weapon
 * does each round.
 */

export * from "./effect-plan";

/* -------------------------------------------- */
/*  Foundry: reading the documents              */
/* -------------------------------------------- */

type AnyActor = Actor.Implementation;

/** The item's SP track (null for a natural weapon and for items without one) and its Equipped box. */
function itemTrack(item: Item.Implementation): {
  itemSp: { value: number; max: number } | null;
  equipped: boolean | null;
} {
  const weapon = itemSystem(item, "weapon");
  const shield = itemSystem(item, "shield");
  const sp = weapon ? (weapon.natural ? null : weapon.itemSp) : (shield?.itemSp ?? null);
  const equipped = (weapon ?? shield ?? itemSystem(item, "armor"))?.equipped ?? null;
  return { itemSp: sp ? { value: sp.value, max: sp.max } : null, equipped };
}

const resolveActor = actorAt;

/** The `{ value, max }` at a pool's path in the actor's system, if it has one. */
function poolAt(actor: AnyActor, path: string): { value: number; max: number } | undefined {
  let at: unknown = actor.system;
  for (const key of path.split(".")) at = (at as Record<string, unknown> | null | undefined)?.[key];
  const pool = at as { value?: unknown; max?: unknown } | undefined;
  if (typeof pool?.value !== "number") return undefined;
  return { value: pool.value, max: typeof pool.max === "number" ? pool.max : Number.POSITIVE_INFINITY };
}

/** The update that sets a pool's value: `{ system: { a: { b: { value } } } }` for the path "a.b". */
function poolUpdate(path: string, value: number): Record<string, unknown> {
  let update: Record<string, unknown> = { value };
  for (const key of path.split(".").reverse()) update = { [key]: update };
  return update;
}

/** Its registered pools' values, by name (a pool its data lacks is left out). */
function poolValues(actor: AnyActor): Record<string, number> {
  const pools: Record<string, number> = {};
  for (const pool of poolsForActorType(actor.type)) {
    const at = poolAt(actor, pool.path);
    if (at) pools[pool.name] = at.value;
  }
  return pools;
}

function poolPath(actor: AnyActor, name: string): string | undefined {
  return poolsForActorType(actor.type).find((p) => p.name === name)?.path;
}

/** The definition of the ruleset that owns a document's type, else the world's (a module's type). */
function definitionOwning(documentName: "Actor" | "Combatant", type: string): RulesetDefinition {
  const owner = rulesetOwning(documentName, type);
  return (owner !== undefined ? getRulesetDefinition(owner) : undefined) ?? activeRulesetDefinition();
}

/** The applier's part of the actor's ruleset (its lost action, its pool statuses). */
function partyOfActor(actor: AnyActor): RulesetParty | undefined {
  return definitionOwning("Actor", actor.type).party;
}

/** The lost action of the combatant's ruleset: the one that owns its type. */
function lostActionOf(combatant: Combatant.Implementation): RulesetParty["lostAction"] {
  return definitionOwning("Combatant", combatant.type).party?.lostAction;
}

function viewOf(actor: AnyActor, combat: Combat.Implementation | null | undefined): ActorView {
  const items = new Map<
    string,
    { itemSp: { value: number; max: number } | null; equipped: boolean | null }
  >();
  for (const item of actor.items) items.set(item.id!, itemTrack(item));
  const combatant = FangsCombatant.of(actor, combat);
  // A ruleset without a lost action keeps none: its combatant is not one a kind can take an action from.
  const lostAction = combatant ? lostActionOf(combatant) : undefined;
  return {
    pools: poolValues(actor),
    items,
    statuses: new Set(actor.statuses),
    combatant:
      combatant && lostAction ? { uuid: combatant.uuid, actionLost: lostAction.read(combatant) } : null,
  };
}

export async function loadViews(
  actorUuids: readonly string[],
  combat?: Combat.Implementation | null,
): Promise<Map<string, ActorView>> {
  const views = new Map<string, ActorView>();
  for (const uuid of actorUuids) {
    const actor = await resolveActor(uuid);
    if (actor) views.set(uuid, viewOf(actor, combat));
  }
  return views;
}

/* -------------------------------------------- */
/*  Foundry: applying and reverting             */
/* -------------------------------------------- */

export interface ApplyOptions {
  /**
   * Names a document an effect kind writes (FANGS's card: "Impaled: Spear"
   * for a stuck weapon); undefined leaves the kind's own name.
   */
  readonly attachedName?: (planned: PlannedAttachment) => string | undefined;
  /** The combat whose combatants lose their action (default: the one this client views). */
  readonly combat?: Combat.Implementation | null;
}

export interface ApplyResult {
  /** True when a `fangs.preApplyDamage` listener stopped the application: nothing was written. */
  readonly cancelled?: boolean;
  readonly deltas: AppliedDelta[];
  readonly skipped: readonly SkippedEffect[];
  readonly notes: EffectPlan["notes"];
}

/**
 * Applies the effects to the documents as they are now and returns the
 * exact deltas. Call it from the active GM's client only: it writes to
 * documents the clicking user may not own. Every application (a card's
 * Apply, a stuck weapon's damage each round, the GM's damage and healing)
 * comes through here, so the damage hooks fire here, on that client: a
 * `fangs.preApplyDamage` listener sees frozen copies of the changes and the
 * effects and may only cancel the whole application.
 */
export async function applyEffects(
  effects: readonly Effect[],
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const views = await loadViews(actorsOf(effects), options.combat);
  const plan = planEffects(effects, views, registeredPoolMinimums());
  if (plan.changes.length > 0 && !allowedBy("preApplyDamage", frozen(plan.changes), frozen(effects)))
    return { cancelled: true, deltas: [], skipped: plan.skipped, notes: plan.notes };
  const deltas = await executeChanges(plan.changes, options);
  if (deltas.length > 0) announce("applyDamage", frozen(deltas), frozen(effects));
  return { deltas, skipped: plan.skipped, notes: plan.notes };
}

/**
 * An application a write stopped part way: the exact deltas of what it
 * had written by then, so the caller can take them back (or keep them)
 * and a second Apply never writes the same change twice.
 */
export class PartialApply extends Error {
  constructor(
    readonly deltas: AppliedDelta[],
    override readonly cause: unknown,
  ) {
    super(`FANGS | an application stopped part way: ${String(cause)}`);
  }
}

async function executeChanges(
  changes: readonly PlannedChange[],
  options: ApplyOptions,
): Promise<AppliedDelta[]> {
  const deltas: AppliedDelta[] = [];
  // The value changes of the actor being written: recorded in `deltas` later, in the plan's order.
  const written: PlannedChange[] = [];
  try {
    await writeChanges(changes, options, deltas, written);
  } catch (error) {
    const unrecorded = written.filter((c) => !deltas.includes(c as AppliedDelta)) as AppliedDelta[];
    throw new PartialApply([...deltas, ...unrecorded], error);
  }
  return deltas;
}

async function writeChanges(
  changes: readonly PlannedChange[],
  options: ApplyOptions,
  deltas: AppliedDelta[],
  written: PlannedChange[],
): Promise<void> {
  const byActor = new Map<string, PlannedChange[]>();
  for (const change of changes) {
    const uuid = actorUuidOf(change);
    if (uuid === null) continue;
    byActor.set(uuid, [...(byActor.get(uuid) ?? []), change]);
  }
  for (const [uuid, list] of byActor) {
    const actor = await resolveActor(uuid);
    if (!actor) continue;
    written.length = 0;
    let pools: Record<string, unknown> = {};
    const poolChanges: PlannedChange[] = [];
    const itemUpdates: Item.UpdateData[] = [];
    const itemChanges: PlannedChange[] = [];
    for (const change of list) {
      if (!isValueChange(change)) continue;
      if (change.kind === "pool") {
        const path = poolPath(actor, change.pool);
        if (path) pools = foundry.utils.mergeObject(pools, poolUpdate(path, change.after));
        if (path) poolChanges.push(change);
      } else if (change.kind === "itemSp") {
        itemUpdates.push({ _id: change.itemId, system: { itemSp: { value: change.after } } });
        itemChanges.push(change);
      } else if (change.kind === "equipped") {
        itemUpdates.push({ _id: change.itemId, system: { equipped: change.after } });
        itemChanges.push(change);
      }
    }
    if (Object.keys(pools).length > 0) await actor.update({ system: pools });
    written.push(...poolChanges);
    if (itemUpdates.length > 0) await actor.updateEmbeddedDocuments("Item", itemUpdates);
    written.push(...itemChanges);
    const context: AttachmentContext = { combat: options.combat, name: options.attachedName };
    for (const change of list) {
      if (!isValueChange(change)) {
        const delta = await attachmentOf(change)?.write(change, actor, context);
        if (delta) deltas.push(delta);
      } else if (change.kind === "pool" || change.kind === "itemSp" || change.kind === "equipped")
        deltas.push(change);
      else if (change.kind === "status") {
        await actor.toggleStatusEffect(change.status, {
          active: change.after,
          overlay: change.status === "dead",
        });
        deltas.push(change);
      }
    }
  }
  // The combatant's lost action is on the Combatant, not the actor.
  for (const change of changes) {
    if (!isValueChange(change) || change.kind !== "actionLost") continue;
    const combatant = await documentAt(change.combatantUuid);
    const lostAction =
      combatant instanceof Combatant ? lostActionOf(combatant as Combatant.Implementation) : undefined;
    if (lostAction) {
      await lostAction.write(combatant as Combatant.Implementation, change.after);
      deltas.push(change);
    }
  }
}

function actorUuidOf(change: PlannedChange): string | null {
  if (!isValueChange(change)) return attachmentOf(change)?.actorOf(change) ?? null;
  return change.kind === "actionLost" ? null : change.actorUuid;
}

/** An actor whose pool statuses follow its pools on an undo: its ruleset's rule and its pools before. */
interface Derived {
  readonly rule: NonNullable<RulesetParty["poolStatuses"]>;
  readonly before: Readonly<Record<string, number>>;
  /** The rule's statuses, as the token names them. */
  readonly tokens: ReadonlySet<string>;
}

/**
 * The actors whose pool statuses the undo derives from their pools, with the
 * pools before it: those with a pool delta whose ruleset decides statuses by
 * its pools and can read them (FANGS: CO and SZ). For anyone else the
 * application's status deltas are reverted.
 */
async function derivedStatusActors(deltas: readonly AppliedDelta[]): Promise<Map<string, Derived>> {
  const derived = new Map<string, Derived>();
  const seen = new Set<string>();
  for (const delta of deltas) {
    if (delta.kind !== "pool" || seen.has(delta.actorUuid)) continue;
    seen.add(delta.actorUuid);
    const actor = await resolveActor(delta.actorUuid);
    const rule = actor ? partyOfActor(actor)?.poolStatuses : undefined;
    if (!actor || !rule) continue;
    const before = poolValues(actor);
    if (rule.changes(actor, before, before) === null) continue;
    const tokens = new Set(rule.statuses.map((s) => STATUS_ALIASES[s] ?? s));
    derived.set(delta.actorUuid, { rule, before, tokens });
  }
  return derived;
}

/** Sets the pool statuses as the pools' move decides (the actor's ruleset), once the pools are reverted. */
async function derivePoolStatuses(derived: ReadonlyMap<string, Derived>): Promise<void> {
  for (const [uuid, { rule, before }] of derived) {
    const actor = await resolveActor(uuid);
    if (!actor) continue;
    for (const change of rule.changes(actor, before, poolValues(actor)) ?? []) {
      const status = STATUS_ALIASES[change.status] ?? change.status;
      if (actor.statuses.has(status) === change.active) continue;
      await actor.toggleStatusEffect(status, { active: change.active, overlay: status === "dead" });
    }
  }
}

/**
 * Reverts recorded deltas, newest first. Each document is read again: a
 * pool is moved back by its difference, a status set back only if it still
 * holds what the application set, a stuck weapon's effect deleted if it is
 * still there. The statuses the pools decide (the party's ruleset's
 * `poolStatuses`; FANGS: unconscious, comatose, dying, dead) are not set
 * back blindly: another blow since may have moved them too (a coma over the
 * unconscious this blow caused), so they follow the pools' move back as a
 * blow's would.
 * Returns the deltas that could not be reverted (a deleted actor or item),
 * so the card can say so.
 */
export async function revertDeltas(deltas: readonly AppliedDelta[]): Promise<AppliedDelta[]> {
  const missed: AppliedDelta[] = [];
  const derived = await derivedStatusActors(deltas);
  for (const delta of [...deltas].reverse()) {
    const attachment = attachmentOf(delta);
    if (attachment) {
      const actor = await resolveActor(attachment.actorOf(delta));
      if (!actor || !(await attachment.revert(delta, actor))) missed.push(delta);
      continue;
    }
    if (!isValueChange(delta)) {
      missed.push(delta);
      continue;
    }
    if (delta.kind === "actionLost") {
      const combatant = await documentAt(delta.combatantUuid);
      const lostAction =
        combatant instanceof Combatant ? lostActionOf(combatant as Combatant.Implementation) : undefined;
      if (!lostAction) {
        missed.push(delta);
        continue;
      }
      const live = combatant as Combatant.Implementation;
      const back = inverseOf(delta, lostAction.read(live));
      if (typeof back === "boolean") await lostAction.write(live, back);
      continue;
    }
    const actor = await resolveActor(delta.actorUuid);
    if (!actor) {
      missed.push(delta);
      continue;
    }
    switch (delta.kind) {
      case "pool": {
        const path = poolPath(actor, delta.pool);
        const pool = path ? poolAt(actor, path) : undefined;
        if (!path || !pool) {
          missed.push(delta);
          break;
        }
        const back = inverseOf(delta, pool.value, pool.max) as number;
        await actor.update({ system: poolUpdate(path, back) } as never);
        break;
      }
      case "itemSp":
      case "equipped": {
        const item = actor.items.get(delta.itemId);
        if (!item) {
          missed.push(delta);
          break;
        }
        const track = itemTrack(item);
        if (delta.kind === "itemSp") {
          const back = inverseOf(
            delta,
            track.itemSp?.value ?? 0,
            track.itemSp?.max ?? Number.POSITIVE_INFINITY,
          );
          if (typeof back === "number") await item.update({ system: { itemSp: { value: back } } });
        } else {
          const back = inverseOf(delta, track.equipped === true);
          if (typeof back === "boolean") await item.update({ system: { equipped: back } });
        }
        break;
      }
      case "status": {
        if (derived.get(delta.actorUuid)?.tokens.has(delta.status)) break;
        const back = inverseOf(delta, actor.statuses.has(delta.status));
        if (back !== null) {
          await actor.toggleStatusEffect(delta.status, {
            active: back as boolean,
            overlay: delta.status === "dead",
          });
        }
        break;
      }
    }
  }
  await derivePoolStatuses(derived);
  return missed;
}
