import type { AppliedDelta } from "../chat/card-steps";
import { applyEffectsTo, type EffectSubject, type ItemTrack } from "../rules/kernel/apply";
import { effectKindOf, partyOf } from "../rules/kernel/effect-kinds";
import type { Effect } from "../rules/kernel/effects";
import { attachmentForEffect, attachmentOf, type PlannedAttachment } from "./attached-effects";

/**
 * The pure half of the effect applier (apply-effects.ts carries it out):
 * reads a snapshot of the documents and says what to change for the rules
 * core's Effects, with the values before and after, and how to revert each
 * change later. No Foundry global here.
 *
 * Effect ids are actor UUIDs (the exchange passes UUIDs to the rules core as
 * actor ids), so unlinked tokens' synthetic actors resolve like any other.
 */

/**
 * Whether applying these effects would touch a document: any effect whose
 * kind may change one (every kind but a plain note; FANGS's dropped weapon
 * is a note whose kind unequips the weapon).
 */
export function appliable(effects: readonly Effect[]): boolean {
  return effects.some((e) => effectKindOf(e)?.changesDocuments !== false);
}

/**
 * A party as the table keeps it: the kernel's pools, items and statuses,
 * its combatant's lost action and the items put out of hand (the
 * `actionLost` and `equipped` changes below, written through the party's
 * ruleset: src/effects/apply-effects.ts). A ruleset's kinds that change
 * these two read the subject so (FANGS's `FangsEffectSubject` has this
 * shape); any other kind sees the kernel's `EffectSubject`.
 */
export interface TableSubject extends EffectSubject {
  actionLost: boolean;
  readonly dropped: Set<string>;
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

/** A change to a value of a document, reverted by its difference or its old value. */
export type ValueChange = Exclude<AppliedDelta, { kind: "stuck" } | { kind: "timedStatus" }>;

/** A value change, or a document an effect kind writes (attached-effects.ts). */
export type PlannedChange = ValueChange | PlannedAttachment;

const VALUE_KINDS: ReadonlySet<string> = new Set(["pool", "itemSp", "equipped", "status", "actionLost"]);

/** Whether a planned change is a value change (else a registered kind's own write). */
export function isValueChange(change: { readonly kind: string }): change is ValueChange {
  return VALUE_KINDS.has(change.kind);
}

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

/** The actors an effect list touches (to load their views): each effect's party, by its kind. */
export function actorsOf(effects: readonly Effect[]): string[] {
  const ids = new Set<string>();
  for (const e of effects) {
    const party = partyOf(e);
    if (party) ids.add(party);
  }
  return [...ids];
}

type Category = "pool" | "item" | "equipped" | "status" | "lost";

/** A value an effect wrote on a party (even the value it had): the plan's keys, in the order first written. */
interface Touch {
  readonly category: Category;
  readonly actorUuid: string;
  readonly key: string;
  readonly effect: Effect;
}

/**
 * A copy of the actor's values whose writes are noted: whatever kind
 * changes it (the kernel's, FANGS's, a ruleset's), the plan learns which
 * values it wrote without knowing the kind.
 */
function touchingSubject(
  uuid: string,
  view: ActorView,
  touched: (category: Category, key: string) => void,
): TableSubject {
  const pools = new Proxy(
    { ...view.pools },
    {
      set(target, key, value) {
        if (typeof key === "string") touched("pool", key);
        return Reflect.set(target, key, value);
      },
    },
  );
  const items = new Map<string, ItemTrack | null>();
  for (const [id, item] of view.items) items.set(id, item.itemSp);
  const setItem = items.set.bind(items);
  items.set = (id, track) => {
    touched("item", id);
    return setItem(id, track);
  };
  const statuses = new Set(view.statuses);
  const add = statuses.add.bind(statuses);
  const remove = statuses.delete.bind(statuses);
  statuses.add = (status) => {
    touched("status", status);
    return add(status);
  };
  statuses.delete = (status) => {
    touched("status", status);
    return remove(status);
  };
  const dropped = new Set<string>();
  const drop = dropped.add.bind(dropped);
  dropped.add = (id) => {
    touched("equipped", id);
    return drop(id);
  };
  let actionLost = view.combatant?.actionLost ?? false;
  return {
    pools,
    items,
    statuses,
    dropped,
    get actionLost() {
      return actionLost;
    },
    set actionLost(value: boolean) {
      touched("lost", uuid);
      actionLost = value;
    },
  };
}

/**
 * What to change for these effects, given the documents as they are now.
 * The rules kernel's applier (`applyEffectsTo`, shared with the simulator)
 * folds the effects, each by its registered kind, into a copy of each
 * actor's values; the plan is the difference, one change per pool, item or
 * status with the first value before and the last value after, in the
 * order the effects first wrote them, then what the kinds write as
 * documents of their own (attached-effects.ts). Item SP stays within
 * 0…max (the data model refuses anything else); pools may go below 0.
 */
export function planEffects(
  effects: readonly Effect[],
  views: ReadonlyMap<string, ActorView>,
  poolMin: Readonly<Record<string, number>> = {},
): EffectPlan {
  const subjects = new Map<string, TableSubject>();
  const touches: Touch[] = [];
  let current: Effect | null = null;
  const subjectOf = (actorUuid: string): TableSubject | undefined => {
    let subject = subjects.get(actorUuid);
    const view = views.get(actorUuid);
    if (subject === undefined && view !== undefined) {
      subject = touchingSubject(actorUuid, view, (category, key) =>
        touches.push({ category, actorUuid, key, effect: current! }),
      );
      subjects.set(actorUuid, subject);
    }
    return subject;
  };
  const rules = { statusAliases: STATUS_ALIASES, poolMin };
  const skipped: SkippedEffect[] = [];
  const tableSkipped: SkippedEffect[] = [];
  const notes: Extract<Effect, { kind: "note" }>[] = [];
  const attachments: PlannedAttachment[] = [];
  for (const effect of effects) {
    current = effect;
    const result = applyEffectsTo([effect], subjectOf, rules);
    skipped.push(...result.skipped);
    notes.push(...result.notes);
    for (const { record } of result.records) {
      const kind = effectKindOf(effect);
      const attachment = kind ? attachmentForEffect(kind.id) : undefined;
      const planned = attachment?.plan(effect, record);
      if (planned) attachments.push(planned);
    }
  }

  // The keys each kind of change was first written by, in effect order.
  const pools = new Map<string, Extract<ValueChange, { kind: "pool" }>>();
  const items = new Map<string, Extract<ValueChange, { kind: "itemSp" }>>();
  const equipped = new Map<string, Extract<ValueChange, { kind: "equipped" }>>();
  const statuses = new Map<string, Extract<ValueChange, { kind: "status" }>>();
  const lost = new Map<string, Extract<ValueChange, { kind: "actionLost" }>>();
  for (const { category, actorUuid, key, effect } of touches) {
    const view = views.get(actorUuid)!;
    const subject = subjects.get(actorUuid)!;
    const id = `${actorUuid}|${key}`;
    switch (category) {
      case "pool":
        if (!(key in view.pools)) break;
        pools.set(id, {
          kind: "pool",
          actorUuid,
          pool: key,
          before: view.pools[key]!,
          after: subject.pools[key]!,
        });
        break;
      case "item": {
        const before = view.items.get(key)?.itemSp;
        const after = subject.items.get(key);
        if (!before || !after) break;
        items.set(id, { kind: "itemSp", actorUuid, itemId: key, before: before.value, after: after.value });
        break;
      }
      case "equipped": {
        const item = view.items.get(key);
        if (!item || !subject.dropped.has(key)) break;
        // An item without an "equipped" field cannot be put down.
        if (item.equipped === null) tableSkipped.push({ effect, reason: "unknown-item" });
        else
          equipped.set(id, { kind: "equipped", actorUuid, itemId: key, before: item.equipped, after: false });
        break;
      }
      case "status":
        statuses.set(id, {
          kind: "status",
          actorUuid,
          status: key,
          before: view.statuses.has(key),
          after: subject.statuses.has(key),
        });
        break;
      case "lost": {
        // The lost action is the combatant's: out of combat there is nobody to lose it.
        if (!view.combatant) tableSkipped.push({ effect, reason: "not-in-combat" });
        else {
          const uuid = view.combatant.uuid;
          lost.set(uuid, {
            kind: "actionLost",
            combatantUuid: uuid,
            before: view.combatant.actionLost,
            after: subject.actionLost,
          });
        }
        break;
      }
    }
  }

  // A status a written document shows itself (a stuck weapon's "impaled") is not set on its own.
  const carried = new Set<string>();
  for (const planned of attachments) {
    const attachment = attachmentOf(planned)!;
    for (const status of attachment.carries?.(planned) ?? [])
      carried.add(`${attachment.actorOf(planned)}|${status}`);
  }
  const changed = <T extends { before: unknown; after: unknown }>(list: Iterable<T>): T[] =>
    [...list].filter((c) => c.before !== c.after);
  return {
    changes: [
      ...changed(pools.values()),
      ...changed(items.values()),
      ...changed(equipped.values()),
      ...changed(statuses.values()).filter((c) => !(c.after && carried.has(`${c.actorUuid}|${c.status}`))),
      ...changed(lost.values()),
      ...attachments,
    ],
    skipped: [...skipped, ...tableSkipped],
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
export function inverseOf(delta: ValueChange, now: number | boolean, max?: number): number | boolean | null {
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
