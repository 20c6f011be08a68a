import { groupOf, storedGroups } from "../../../combat/turn-groups";
import type { TurnSlot } from "../../../rules/kernel/ruleset";
import type { DfPart } from "../../../rules/sharene/check";
import type { ShareneRules } from "../../../rules/sharene/config";
import {
  type FightView,
  isOut,
  type PendingRiposte,
  type RoundFighter,
  type ShareneRound,
} from "../../../rules/sharene/round-engine";
import { SHARENE_LIMBS } from "../../../rules/sharene/sheet";
import type {
  ActionKind,
  ShareneCondition,
  ShareneFighter,
  ShareneWeapon,
} from "../../../rules/sharene/types";
import { readWorldShareneRules } from "../config/rules-apply";
import { shareneFighter, shareneWeapon } from "../data/views";
import { roundRecordOf } from "./record";
import { shareneRecord } from "./round-record";
import { shareneRoundPointer } from "./sharene-table";

/**
 * Reads a Combat into the round engine's terms, on the GM's client as it
 * plans: each combatant's round from the GM's record, its sheet and
 * condition from its actor (the documents as they are now), the stored
 * order back into the engine's slots. Sharene's heavy part.
 */

/** A fighter with no weapon equipped: it may declare and roll initiative, and states no blow. */
const NO_WEAPON: ShareneWeapon = Object.freeze({
  id: "",
  name: "",
  kind: "melee",
  attack: 0,
  parry: null,
  damage: Object.freeze({}),
  mainBlow: "slash",
});

/**
 * The fighter's sheet as the rules read it, from its actor's prepared data,
 * fighting with the weapon it holds: the equipped one named (the one an
 * attack is made with; a weapon named that is not equipped gives no
 * weapon), else its first equipped weapon of the kind it declared
 * (SHA-INI-1), else its first equipped one (the one it parries with).
 */
export function fighterSheet(
  id: string,
  actor: Actor.Implementation | null | undefined,
  weaponId: string | null = null,
  declared: ActionKind | null = null,
): ShareneFighter | null {
  const system = actor ? shareneFighter(actor) : null;
  if (!actor || !system) return null;
  let weapon: ShareneWeapon = NO_WEAPON;
  const equipped = actor.items.filter((item) => shareneWeapon(item)?.equipped === true);
  const chosen =
    weaponId !== null
      ? equipped.find((item) => item.id === weaponId)
      : (equipped.find((item) => shareneWeapon(item)?.kind === declared) ?? equipped[0]);
  for (const item of chosen ? [chosen] : []) {
    const w = shareneWeapon(item);
    if (!w) continue;
    const damage = Object.fromEntries(Object.entries(w.damage).filter(([, formula]) => formula !== ""));
    weapon = {
      id: item.id ?? "",
      name: item.name,
      kind: w.kind as ShareneWeapon["kind"],
      attack: w.attackTotal,
      parry: w.parryTotal,
      damage,
      mainBlow: w.mainBlow as ShareneWeapon["mainBlow"],
    };
    break;
  }
  return {
    id,
    name: actor.name,
    dex: system.characteristics.dex,
    agi: system.characteristics.agi,
    end: system.characteristics.end,
    lifePoints: system.lifePoints.max,
    damageBonus: system.damageBonus,
    dodge: system.dodgeTotal,
    armor: { ...system.armor },
    weapon,
    weaponArm: system.weaponArm as ShareneFighter["weaponArm"],
  };
}

/** What changes in a fight, from the actor now. */
export function fighterCondition(actor: Actor.Implementation | null | undefined): ShareneCondition | null {
  const system = actor ? shareneFighter(actor) : null;
  if (!actor || !system) return null;
  const wounds = system.wounds as Record<string, { value: number } | undefined>;
  return {
    lifePoints: system.lifePoints.value,
    wounds: Object.fromEntries(SHARENE_LIMBS.map((limb) => [limb, wounds[limb]?.value ?? 0])),
    statuses: new Set(actor.statuses ?? []),
  };
}

/** Out of the fight at the table: the tracker's defeated mark, no Sharene fighter, or the rules' own (`isOut`). */
export function outOfFight(combatant: Combatant.Implementation): boolean {
  if (combatant.isDefeated) return true;
  const condition = fighterCondition(combatant.actor);
  return condition === null || isOut(condition);
}

/** The engine's slots from the stored order and groups: a group once, where its first member stands. */
export function slotsOf(order: readonly string[], groups: readonly (readonly string[])[]): TurnSlot[] {
  const slots: TurnSlot[] = [];
  const placed = new Set<string>();
  for (const id of order) {
    if (placed.has(id)) continue;
    const group = groupOf(groups, id).filter((member) => order.includes(member));
    for (const member of group) placed.add(member);
    slots.push(group.length > 1 ? [...group] : id);
  }
  return slots;
}

/** The index in the stored order where a slot begins. */
export function slotStart(slots: readonly TurnSlot[], slot: number): number {
  let at = 0;
  for (let i = 0; i < slot && i < slots.length; i += 1) {
    const s = slots[i]!;
    at += typeof s === "string" ? 1 : s.length;
  }
  return at;
}

/** The slot holding the stored order's entry at `turn`. */
function slotAt(slots: readonly TurnSlot[], turn: number | null): number | null {
  if (turn === null) return null;
  for (let i = 0, at = 0; i < slots.length; i += 1) {
    const s = slots[i]!;
    at += typeof s === "string" ? 1 : s.length;
    if (turn < at) return i;
  }
  return null;
}

/**
 * A riposte the last exchange opened waits on the riposter's record in the
 * Combat (the GM's copy), with the round it was opened in and the card that
 * opened it; the exchange card writes and clears it (../chat/exchange-flow.ts).
 */
export const RIPOSTE_WAITING = "riposteWaiting";

export interface StoredRiposte extends PendingRiposte {
  readonly round: number;
  /** The card whose parry opened it. */
  readonly card: string;
}

function storedRiposte(value: unknown, from: string): StoredRiposte | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.to !== "string" || typeof v.card !== "string" || typeof v.round !== "number") return null;
  if (!Array.isArray(v.parts)) return null;
  const parts: DfPart[] = [];
  for (const p of v.parts as Record<string, unknown>[]) {
    if (typeof p?.source !== "string" || typeof p.df !== "number" || !Number.isInteger(p.df)) return null;
    parts.push({ source: p.source, df: p.df });
  }
  return { from, to: v.to, parts, round: v.round, card: v.card };
}

/** The riposte waiting in this Combat's round, from the GM's records; null when none does. */
export function waitingRiposte(combat: Combat.Implementation): StoredRiposte | null {
  if (shareneRoundPointer(combat).phase !== "action") return null;
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (!id) continue;
    const stored = storedRiposte(roundRecordOf(combatant)?.[RIPOSTE_WAITING], id);
    // One from an earlier round (the GM moved the round on past it) waits no more.
    if (stored && stored.round === combat.round && combat.combatants.has(stored.to)) return stored;
  }
  return null;
}

export interface ShareneTableRead {
  readonly combat: Combat.Implementation;
  readonly round: ShareneRound;
  readonly view: FightView;
  readonly rules: ShareneRules;
  /** Each combatant by id (the Combat's own, in its list's order). */
  readonly combatants: ReadonlyMap<string, Combatant.Implementation>;
  /** Each fighter's record as stored (before a plan). */
  readonly stored: ReadonlyMap<string, RoundFighter>;
  /** The declarations closed, but the initiative roll did not finish: it is made again, and no style is taken. */
  readonly rollPending: boolean;
}

function pendingOf(stored: StoredRiposte | null): PendingRiposte | null {
  return stored ? { from: stored.from, to: stored.to, parts: stored.parts } : null;
}

/**
 * The Combat as the engine's round, with the fighters' sheets and
 * conditions; `wielded` names the weapon a fighter attacks with (by
 * combatant id), when it is not its first equipped one.
 */
export function readShareneTable(
  combat: Combat.Implementation,
  wielded: Readonly<Record<string, string>> = {},
): ShareneTableRead {
  const pointer = shareneRoundPointer(combat);
  const { groups } = storedGroups(combat);
  const combatants = new Map<string, Combatant.Implementation>();
  const sheets = new Map<string, ShareneFighter>();
  const conditions = new Map<string, ShareneCondition>();
  const fighters: RoundFighter[] = [];
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (!id) continue;
    combatants.set(id, combatant);
    const sheet = fighterSheet(
      id,
      combatant.actor,
      Object.hasOwn(wielded, id) ? wielded[id]! : null,
      shareneRecord(combatant).action,
    );
    const condition = fighterCondition(combatant.actor);
    if (sheet) sheets.set(id, sheet);
    if (condition) conditions.set(id, condition);
    fighters.push({ id, outOfAction: outOfFight(combatant), ...shareneRecord(combatant) });
  }
  const order = pointer.order.filter((id) => combatants.has(id));
  // The declarations closed and no order stands yet: the roll did not finish, and is made again.
  const rollPending =
    pointer.phase === "style" && order.length === 0 && fighters.some((f) => !f.outOfAction && f.declared);
  if (pointer.phase !== "declare" && !rollPending)
    // Once the order is rolled, a fighter without a roll (out at the roll, or joined since) has no turn this round.
    for (let i = 0; i < fighters.length; i += 1)
      if (fighters[i]!.initiative === null) fighters[i] = { ...fighters[i]!, outOfAction: true };
  const slots = pointer.phase === "declare" ? [] : slotsOf(order, groups);
  const turn =
    pointer.phase === "action" ? slotAt(slots, order.indexOf(pointer.order[combat.turn ?? -1] ?? "")) : null;
  const round: ShareneRound = {
    round: combat.round,
    phase: pointer.phase,
    slots,
    turn: pointer.phase === "action" ? (turn ?? slots.length) : null,
    fighters,
    pendingRiposte: pendingOf(waitingRiposte(combat)),
  };
  const view: FightView = {
    sheet: (id) => {
      const sheet = sheets.get(id);
      if (!sheet) throw new Error(`FANGS | no Sharene fighter for combatant ${id}`);
      return sheet;
    },
    condition: (id) => conditions.get(id) ?? { lifePoints: 0, wounds: {}, statuses: new Set() },
  };
  const stored = new Map(fighters.map((f) => [f.id, f]));
  return { combat, round, view, rules: readWorldShareneRules(), combatants, stored, rollPending };
}
