import { seedRecordOnJoin } from "../../../combat/round-record-seed";
import { serialised } from "../../../documents/write-queue";
import type { InitiativeRoll, RoundFighter } from "../../../rules/sharene/round-engine";
import {
  ACTION_KINDS,
  type ActionKind,
  CALLED_EFFECTS,
  type CalledEffect,
  type CalledShot,
  STYLES,
  type StatedBlow,
  type Style,
} from "../../../rules/sharene/types";
import { ownSystem, roundRecordOf } from "./record";

/**
 * The GM's side of a Sharene combatant's round record (./record.ts says
 * where it lives): each record read with its ids checked and defaults
 * filled in, as the planner takes it; a player's own write put back; a new
 * combatant's record seeded. Sharene's heavy part.
 */

type Loose = Record<string, unknown>;

/** A fighter's round as stored: the engine's record without the id and what is read from the actor. */
export type ShareneRecord = Omit<RoundFighter, "id" | "outOfAction">;

function isPlain(value: unknown): value is Loose {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const nonNegative = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0;

function initiativeOf(value: unknown): InitiativeRoll | null {
  if (!isPlain(value)) return null;
  const { roll, ability, abilityValue, total } = value;
  if (![roll, abilityValue, total].every((n) => typeof n === "number" && Number.isInteger(n))) return null;
  if (ability !== "dex" && ability !== "agi") return null;
  return { roll: roll as number, ability, abilityValue: abilityValue as number, total: total as number };
}

function calledOf(value: unknown): CalledShot | null {
  if (!isPlain(value)) return null;
  if (value.kind === "location" && typeof value.location === "string" && value.location !== "")
    return { kind: "location", location: value.location };
  if (value.kind === "effect" && CALLED_EFFECTS.includes(value.effect as never))
    return { kind: "effect", effect: value.effect as CalledEffect };
  return null;
}

/** A round's data (a record or a combatant's `system`) with defaults filled in and ids checked. */
export function recordOf(data: unknown): ShareneRecord {
  const s = isPlain(data) ? data : {};
  const action = ACTION_KINDS.includes(s.action as ActionKind) ? (s.action as ActionKind) : null;
  return {
    target: typeof s.target === "string" && s.target !== "" ? s.target : null,
    action,
    declared: s.declared === true && action !== null,
    initiative: initiativeOf(s.initiativeRoll),
    style: STYLES.includes(s.style as Style) ? (s.style as Style) : null,
    split: nonNegative(s.split),
    statedBlow: s.statedBlow === "slash" || s.statedBlow === "thrust" ? (s.statedBlow as StatedBlow) : null,
    called: calledOf(s.called),
    acted: s.acted === true,
    defenses: nonNegative(s.defenses),
    riposted: s.riposted === true,
    parriedFullAttack: s.parriedFullAttack === true,
    loseNextAttack: s.loseNextAttack === true,
    lossAfterTurn: s.lossAfterTurn === true,
  };
}

/** A record as the combatant's `system` stores it (the initiative under its stored name). */
export function storedRecord(record: ShareneRecord): Loose {
  const { initiative, ...rest } = record;
  return {
    ...rest,
    initiativeRoll: initiative ? { ...initiative } : null,
    called: rest.called ? { ...rest.called } : null,
  };
}

/** The combatant's round as the GM reads it: the Combat's record, else (before any GM write) its own `system`. */
export function shareneRecord(combatant: unknown): ShareneRecord {
  return recordOf(roundRecordOf(combatant) ?? ownSystem(combatant));
}

/** Whether a player's write touched the round: its `system`, or the Foundry initiative the tracker shows and sorts by. */
function touchesRound(changed: object): boolean {
  return "system" in changed || "initiative" in changed;
}

/**
 * `updateCombatant`: a write of a Sharene combatant's round by a user who
 * is not a GM (its `system`, or its Foundry initiative) is put back from
 * the Combat's record by the active GM, so the tracker shows and orders
 * the round the GM plans from.
 */
export function restoreForgedRound(
  combatant: Combatant.Implementation,
  changed: object,
  _options: unknown,
  userId: string,
): void {
  if (!touchesRound(changed) || !game.users?.activeGM?.isSelf) return;
  if (game.users.get(userId)?.isGM !== false) return;
  if (roundRecordOf(combatant) === null) return;
  void serialised(async () => {
    const stored = roundRecordOf(combatant);
    if (stored === null) return;
    const record = recordOf(stored);
    await combatant.update({
      system: storedRecord(record),
      initiative: record.initiative?.total ?? null,
    } as never);
  });
}

/**
 * `createCombatant`: the active GM gives a new combatant its record at
 * once; one a player created starts from an empty round (its client chose
 * that data), one a GM created keeps what it was given.
 */
export function seedRoundRecord(
  combatant: Combatant.Implementation,
  _options: unknown,
  userId: string,
): void {
  seedRecordOnJoin(
    combatant,
    userId,
    (c) => roundRecordOf(c) !== null,
    async (byGM) => {
      const combat = combatant.combat;
      const id = combatant.id;
      if (!combat || !id) return;
      const record = storedRecord(byGM ? shareneRecord(combatant) : recordOf({}));
      await combat.update({
        combatants: [{ _id: id, system: record }],
        system: { records: { [id]: record } },
      } as never);
    },
  );
}
