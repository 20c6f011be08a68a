import { CombatRefusal } from "../../../combat/combat-refusal";
import type { TablePlanner, TurnPlanChange } from "../../../combat/table-ruleset";
import { localize } from "../../../config/localize";
import { RulesError } from "../../../rules/kernel/errors";
import { flattenTurnOrder } from "../../../rules/kernel/ruleset";
import {
  acting,
  beginActions,
  declareAction,
  declareStyle,
  endTurn,
  ROUND_REFUSALS,
  type RoundFighter,
  type ShareneRound,
  startRound,
} from "../../../rules/sharene/round-engine";
import { APPLY_FIRST, applyFirstData, blowAwaitingApply } from "../chat/unapplied";
import { shareneHitTable } from "../config/hit-table";
import { shareneFighter } from "../data/views";
import { readShareneTable, type ShareneTableRead, slotStart } from "./round-read";
import { storedRecord } from "./round-record";
import type { DeclareData, ShareneRoundPlan, ShareneTableState, StyleData } from "./sharene-table";

/**
 * Sharene's planner (the table's `loadPlanner`, in its heavy part): each
 * move of the round is the round engine's transition on the round read
 * from the Combat, answered as one plan. The table's own choices, beyond
 * the engine (docs/rules/sharene.md, "At the table"): the GM's Next turn
 * closes the declarations (initiative is then rolled, ./initiative.ts) and
 * the styles; a turn whose fighters are all out of the fight is passed;
 * after the last turn a new round begins; a step back goes one turn back in
 * the Actions phase only (initiative once rolled is not taken back).
 */

/** The engine's refusal in the tracker's words (`SHARENE.Combat.Refusal.<reason>`, with the fighter's name). */
export function shareneRefusal(error: unknown, read: ShareneTableRead, asking?: string): unknown {
  if (!(error instanceof RulesError) || error.code !== "round-refused") return error;
  const details = error.details as { reason?: string; id?: string };
  const { reason } = details;
  // A refusal about the round (its phase) names no fighter: the one asked for is named.
  const id = details.id ?? asking;
  const known = ROUND_REFUSALS.includes(reason as never) ? String(reason) : "Refused";
  const name = typeof id === "string" ? (read.combatants.get(id)?.name ?? id) : "";
  return new CombatRefusal(`SHARENE.Combat.Refusal.${known}`, { name });
}

function refusing<T>(read: ShareneTableRead, work: () => T, asking?: string): T {
  try {
    return work();
  } catch (error) {
    throw shareneRefusal(error, read, asking);
  }
}

/** A fighter's record as its combatant stores it. */
function recordPart(f: RoundFighter): Record<string, unknown> {
  const { id: _id, outOfAction: _out, ...record } = f;
  return storedRecord(record);
}

/**
 * What each fighter's record writes: those that changed, or every one on a
 * new round, whose Foundry initiative is cleared with its roll.
 */
function changes(read: ShareneTableRead, next: ShareneRound, newRound: boolean): TurnPlanChange[] {
  const out: TurnPlanChange[] = [];
  for (const f of next.fighters) {
    const system = recordPart(f);
    const stored = read.stored.get(f.id);
    if (newRound) {
      out.push({ _id: f.id, system, initiative: null });
      continue;
    }
    if (stored && JSON.stringify(recordPart(stored)) === JSON.stringify(system)) continue;
    out.push({ _id: f.id, system });
  }
  return out;
}

/** The plan of a round as the engine left it. */
function planOf(read: ShareneTableRead, next: ShareneRound, newRound = false): ShareneRoundPlan {
  const ordered = next.phase === "style" || next.phase === "action";
  const { order, groups } = ordered ? flattenTurnOrder(next.slots) : { order: [], groups: [] };
  return {
    round: next.round,
    phase: next.phase === "end" ? "action" : next.phase,
    order,
    groups,
    turn: next.phase === "action" && next.turn !== null ? slotStart(next.slots, next.turn) : null,
    combatants: changes(read, next, newRound),
    newRound,
  };
}

/** Passes every turn whose fighters are all out of the fight (the engine marks them as having acted). */
function passTheOut(round: ShareneRound): ShareneRound {
  let at = round;
  while (at.phase === "action" && at.turn !== null && at.turn < at.slots.length) {
    const ids = acting(at);
    if (!ids.every((id) => at.fighters.find((f) => f.id === id)?.outOfAction !== false)) break;
    at = endTurn(at);
  }
  return at;
}

/** A new round (SHA-INI-1): declarations cleared, a lost attack carried over. */
function newRoundPlan(read: ShareneTableRead, previous: ShareneRound | null): ShareneRoundPlan {
  const fighters = read.round.fighters.map((f) => ({ id: f.id, outOfAction: f.outOfAction }));
  const next = startRound(previous, fighters);
  return planOf(read, { ...next, round: (previous?.round ?? 0) + 1 }, true);
}

/** The declarations closed: initiative is rolled next (./initiative.ts, after this plan's update). */
function closeDeclarations(read: ShareneTableRead): ShareneRoundPlan {
  const missing = read.round.fighters.find((f) => !f.outOfAction && !f.declared);
  if (missing)
    throw new CombatRefusal("SHARENE.Combat.Refusal.Undeclared", {
      name: read.combatants.get(missing.id)?.name ?? missing.id,
    });
  // Once the initiative is rolled a declaration stands: one made against no one is said before it costs the round.
  const untargeted = read.round.fighters
    .filter((f) => !f.outOfAction && f.declared && f.target === null)
    .map((f) => read.combatants.get(f.id)?.name ?? f.id);
  if (untargeted.length > 0 && !read.rollPending)
    ui.notifications?.warn(localize("SHARENE.Combat.NoOneToAttack", { names: untargeted.join(", ") }));
  return {
    round: read.round.round,
    phase: "style",
    order: [],
    groups: [],
    turn: null,
    combatants: [],
    newRound: false,
    rollInitiative: true,
  };
}

function nextTurn(read: ShareneTableRead): ShareneRoundPlan {
  const round = read.round;
  if (round.phase === "declare") return closeDeclarations(read);
  if (round.phase === "style") {
    if (read.rollPending) return closeDeclarations(read);
    const begun = passTheOut(refusing(read, () => beginActions(round)));
    return begun.phase === "end" ? newRoundPlan(read, begun) : planOf(read, begun);
  }
  if (round.phase !== "action" || round.turn === null || round.turn >= round.slots.length)
    return newRoundPlan(read, round);
  // The next turn is decided from the fighters as the blows left them.
  const waiting = blowAwaitingApply(read.combat);
  if (waiting) throw new CombatRefusal(APPLY_FIRST, applyFirstData(waiting));
  const after = passTheOut(refusing(read, () => endTurn(round)));
  return after.phase === "end" ? newRoundPlan(read, after) : planOf(read, after);
}

/** One turn back in the Actions phase: the slot before acts again. */
function previousTurn(read: ShareneTableRead): ShareneRoundPlan {
  const round = read.round;
  if (round.phase !== "action" || round.turn === null || round.turn === 0)
    throw new CombatRefusal("SHARENE.Combat.Refusal.NoStepBack");
  const back = Math.min(round.turn, round.slots.length) - 1;
  const again = { ...round, turn: back };
  const ids = new Set(acting(again));
  const fighters = round.fighters.map((f) => (ids.has(f.id) ? { ...f, acted: false } : f));
  return planOf(read, { ...again, fighters });
}

/** Combatants left: the order without them, the turn on whoever had it (or the next still here). */
function leave(
  read: ShareneTableRead,
  before: { readonly turn: number | null; readonly order: readonly string[] },
): ShareneRoundPlan {
  const round = read.round;
  if (round.phase !== "action" || round.turn === null) return planOf(read, round);
  const here = (id: string) => read.combatants.has(id);
  const from = before.turn ?? 0;
  const still = before.order.slice(from).find(here);
  if (still === undefined) return newRoundPlan(read, round);
  const slot = round.slots.findIndex((s) => (typeof s === "string" ? s === still : s.includes(still)));
  return planOf(read, passTheOut({ ...round, turn: Math.max(0, slot) }));
}

function declare(read: ShareneTableRead, ids: readonly string[], data: unknown): ShareneRoundPlan {
  const d = data as DeclareData;
  const id = ids[0] ?? "";
  if (d.target !== null && !read.combatants.has(d.target))
    throw new CombatRefusal("SHARENE.Combat.Refusal.BadTarget", {
      name: read.combatants.get(id)?.name ?? id,
    });
  const next = refusing(
    read,
    () => declareAction(read.round, id, { action: d.action, target: d.target }),
    id,
  );
  return planOf(read, next);
}

function style(read: ShareneTableRead, ids: readonly string[], data: unknown): ShareneRoundPlan {
  const d = data as StyleData;
  const id = ids[0] ?? "";
  const combatant = read.combatants.get(id);
  const name = combatant?.name ?? id;
  // The sheet's styles known: the round offers only these (docs/rules/sharene.md, "At the table").
  // Styles are chosen knowing the order (SHA-INI-1 before "2/COMBAT STYLE DECISION"): not before it is rolled.
  if (read.rollPending) throw new CombatRefusal("SHARENE.Combat.Refusal.InitiativePending", { name });
  // Without a roll (out at the roll, or joined since) it has no turn this round: it chooses next round.
  if (read.round.phase === "style" && read.stored.get(id)?.initiative === null)
    throw new CombatRefusal("SHARENE.Combat.Refusal.NoTurnThisRound", { name });
  const before = read.stored.get(id);
  const known = combatant?.actor ? shareneFighter(combatant.actor)?.knownStyles : undefined;
  // A sheet that knows none is read as not saying (all four), so the round never waits on it.
  if (read.round.phase === "style" && known && known.length > 0 && !known.includes(d.style))
    throw new CombatRefusal("SHARENE.Combat.Refusal.StyleNotKnown", { name });
  const next = refusing(
    read,
    () =>
      declareStyle(
        read.round,
        id,
        {
          style: d.style,
          // Left out: the earlier choice kept (a Full Attack splits no parry, SHA-STY-3).
          split: d.split ?? (d.style === "fullAttack" ? 0 : (before?.split ?? 0)),
          statedBlow: d.statedBlow !== undefined ? d.statedBlow : (before?.statedBlow ?? null),
          called: d.called !== undefined ? d.called : (before?.called ?? null),
        },
        read.view,
        read.rules,
        shareneHitTable(),
      ),
    id,
  );
  return planOf(read, next);
}

const readOf = (state: ShareneTableState) => readShareneTable(state.combat);

export const shareneRoundPlanner: TablePlanner<ShareneTableState, ShareneRoundPlan> = Object.freeze({
  start: (s: ShareneTableState) => newRoundPlan(readOf(s), null),
  nextTurn: (s: ShareneTableState) => nextTurn(readOf(s)),
  nextRound: (s: ShareneTableState) => {
    const read = readOf(s);
    return newRoundPlan(read, read.round);
  },
  previousTurn: (s: ShareneTableState) => previousTurn(readOf(s)),
  leave: (
    s: ShareneTableState,
    before: { readonly turn: number | null; readonly order: readonly string[] },
  ) => leave(readOf(s), before),
  actions: Object.freeze({
    declare: (s: ShareneTableState, ids: readonly string[], data: unknown) => declare(readOf(s), ids, data),
    style: (s: ShareneTableState, ids: readonly string[], data: unknown) => style(readOf(s), ids, data),
  }),
});
