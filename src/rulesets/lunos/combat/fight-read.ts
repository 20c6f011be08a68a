import { CombatRefusal } from "../../../combat/combat-refusal";
import { RulesError } from "../../../rules/kernel/errors";
import type { LunosRules } from "../../../rules/lunos/config";
import {
  type FighterState,
  type FightView,
  type LunosFight,
  ROUND_REFUSALS,
} from "../../../rules/lunos/round-engine";
import type { LunosFighter } from "../../../rules/lunos/types";
import { lunosActorData } from "../apps/sheets/sheet-data";
import { readWorldLunosRules } from "../config/rules-apply";
import { lunosFighterOf } from "../data/fighter";
import { lunosFighter } from "../data/views";
import { BadFightRecord, readStoredFight, withFighters } from "./fight-record";
import { storedFightOf } from "./record";

/**
 * Reads a Combat into the round engine's terms, on the GM's client as it
 * plans: the fight from the GM's record (checked, ./fight-record.ts), with
 * the combat's fighters as they are now; each sheet from its actor; the
 * levels taken and the states a GM marks on a token (dead, unconscious,
 * defeated) from the actor, the documents a GM may edit by hand, over what
 * the record remembers; the feet between two fighters from their tokens.
 * An actor fights once: a world actor's second combatant is no fighter.
 * Lunos's heavy part.
 */

export interface LunosTableRead {
  readonly combat: Combat.Implementation;
  /** The fight, or null before the combat's first round. */
  readonly fight: LunosFight | null;
  readonly view: FightView;
  readonly rules: LunosRules;
  /** The combat's Lunos fighters by id (the Combat's own, in its list's order). */
  readonly combatants: ReadonlyMap<string, Combatant.Implementation>;
}

/** The engine's refusal in the tracker's words (`LUNOS.Combat.Refusal.<reason>`, with the fighter's name). */
export function lunosRefusal(
  error: unknown,
  combatants: ReadonlyMap<string, Combatant.Implementation>,
  asking?: string,
): unknown {
  if (error instanceof BadFightRecord) {
    console.warn(`FANGS | ${error.message}`);
    return new CombatRefusal("LUNOS.Combat.Refusal.BadRecord");
  }
  if (!(error instanceof RulesError)) return error;
  const details = (error.details ?? {}) as { reason?: string; id?: string; max?: unknown };
  const id = details.id ?? asking;
  const name = typeof id === "string" ? (combatants.get(id)?.name ?? id) : "";
  if (error.code !== "round-refused") {
    // A sheet the rules refuse (a rating out of range written around its sheet): said, not thrown.
    console.warn(`FANGS | ${error.message}`);
    return new CombatRefusal("LUNOS.Combat.Refusal.BadSheet", { name });
  }
  // One not in the fight is said as a hidden one is to a player (./player-check.ts): nothing tells them apart.
  if (details.reason === "UnknownCombatant")
    return new CombatRefusal("FANGS.Combat.Refusal.UnknownCombatant");
  const known = ROUND_REFUSALS.includes(details.reason as never) ? String(details.reason) : "Refused";
  // A figure the refusal names (the farthest a Move takes the fighter) is said with it.
  const data: Record<string, string> = { name };
  if (typeof details.max === "number") data.max = String(details.max);
  return new CombatRefusal(`LUNOS.Combat.Refusal.${known}`, data);
}

/** Runs the engine's work with its refusals in the tracker's words. */
export function refusing<T>(read: LunosTableRead, work: () => T, asking?: string): T {
  try {
    return work();
  } catch (error) {
    throw lunosRefusal(error, read.combatants, asking);
  }
}

/** The fighter its actor makes, or null (no Lunos actor, or one the rules refuse). */
function sheetOf(actor: Actor.Implementation | null | undefined): LunosFighter | null {
  const data = actor ? lunosActorData(actor) : null;
  if (!data) return null;
  try {
    return lunosFighterOf(data);
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

/** The record's fighter with what the actor says now: its levels, and death or unconsciousness marked on it. */
function withActor(f: FighterState, combatant: Combatant.Implementation): FighterState {
  const actor = combatant.actor;
  const system = actor ? lunosFighter(actor) : null;
  if (!actor || !system) return f;
  const statuses = actor.statuses ?? new Set<string>();
  const dead = f.dead || statuses.has("dead");
  const unconscious = f.unconscious || statuses.has("unconscious") || combatant.isDefeated;
  return {
    ...f,
    bruising: system.health.bruising.value,
    wounding: system.health.wounding.value,
    trauma: system.health.trauma.value,
    dead,
    unconscious,
  };
}

type TokenLike = {
  x: number;
  y: number;
  width: number;
  height: number;
  parent?: { id?: string | null; grid?: { size: number; distance: number } | null } | null;
};

/**
 * Feet between two fighters' tokens: the gap between their nearest squares,
 * counted in squares as the grid counts a diagonal (one square), times the
 * scene's feet a square; the next space is one square. Fighters without
 * tokens on one scene stand in the next space of each other.
 */
export function feetBetween(a: TokenLike | null, b: TokenLike | null, adjacent: number): number {
  const scene = a?.parent;
  const grid = scene?.grid;
  if (!a || !b || !scene || !grid || b.parent?.id !== scene.id || !(grid.size > 0)) return adjacent;
  const cells = (t: TokenLike) => {
    const col = Math.round(t.x / grid.size);
    const row = Math.round(t.y / grid.size);
    return {
      col,
      row,
      right: col + Math.max(1, Math.round(t.width)) - 1,
      bottom: row + Math.max(1, Math.round(t.height)) - 1,
    };
  };
  const p = cells(a);
  const q = cells(b);
  const dx = Math.max(0, q.col - p.right, p.col - q.right);
  const dy = Math.max(0, q.row - p.bottom, p.row - q.bottom);
  return Math.max(dx, dy, 1) * grid.distance;
}

/** The Combat as the engine's fight, with the fighters' sheets and the world's rules. */
export function readLunosTable(combat: Combat.Implementation): LunosTableRead {
  const rules = readWorldLunosRules();
  const combatants = new Map<string, Combatant.Implementation>();
  const sheets = new Map<string, LunosFighter>();
  const fielded = new Set<string>();
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    const sheet = sheetOf(combatant.actor);
    if (!id || !sheet) continue;
    // One fighter an actor: a second combatant of a world actor (a linked token fielded twice) is not another fighter.
    // An unlinked token's actor is its own, so many tokens of one prototype are as many fighters.
    const actor = combatant.actor!;
    if (actor.isToken !== true && actor.id) {
      if (fielded.has(actor.id)) continue;
      fielded.add(actor.id);
    }
    combatants.set(id, combatant);
    // The engine names fighters by their combatant: two tokens of one actor are two fighters.
    sheets.set(id, { ...sheet, id });
  }
  const view: FightView = {
    sheet: (id) => {
      const sheet = sheets.get(id);
      if (!sheet)
        throw new RulesError("round-refused", `no Lunos fighter for combatant ${id}`, {
          reason: "UnknownCombatant",
          id,
        });
      return sheet;
    },
    distance: (a, b) =>
      feetBetween(
        (combatants.get(a)?.token ?? null) as TokenLike | null,
        (combatants.get(b)?.token ?? null) as TokenLike | null,
        rules.feetPerSpace,
      ),
  };
  const stored = storedFightOf(combat);
  let fight: LunosFight | null = null;
  if (stored !== null) {
    const read = withFighters(readStoredFight(stored), [...combatants.keys()]);
    fight = { ...read, fighters: read.fighters.map((f) => withActor(f, combatants.get(f.id)!)) };
  }
  return { combat, fight, view, rules, combatants };
}
