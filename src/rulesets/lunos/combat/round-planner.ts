import { CombatRefusal } from "../../../combat/combat-refusal";
import type { TablePlanner, TurnPlanChange } from "../../../combat/table-ruleset";
import { localize } from "../../../config/localize";
import { RulesError } from "../../../rules/kernel/errors";
import { flattenTurnOrder } from "../../../rules/kernel/ruleset";
import { attacksAtRange, moveFeet } from "../../../rules/lunos/equipment";
import {
  acting,
  actionCost,
  declare,
  defenseAgainst,
  endSlot,
  type FighterState,
  grappleOf,
  isOut,
  type LunosFight,
  type LunosPlan,
  startFight,
  threatStrikeFight,
} from "../../../rules/lunos/round-engine";
import { cardFinishing } from "../chat/waiting-card";
import { type LunosTableRead, lunosRefusal, readLunosTable, refusing } from "./fight-read";
import { storedFight } from "./fight-record";
import type { LunosTableState } from "./lunos-table";
import type { LunosRoundPlan } from "./record";
import type { LunosCondition, LunosShown, ShownAction, ShownStates, ShownStrike } from "./shown";

/**
 * Lunos's planner (the table's `loadPlanner`, in its heavy part): each move
 * of the round is the round engine's transition on the fight read from the
 * Combat, answered as one plan that writes the fight whole and what each
 * row shows. The table's own choices beyond the engine (docs/rules/lunos.md,
 * "At the table"): the dice a move needs (a round's start, the defense
 * rolls) are rolled by the GM's client once the plan is written
 * (./round-dice.ts), so a plan that calls for them leaves the fight where
 * it was; the GM's Next turn closes the declarations once every fighter in
 * the fight has declared; a slot whose fighters are all out is passed;
 * after the last slot a new round opens; there is no step back (an attack
 * once rolled is not taken back).
 */

function condition(f: FighterState): LunosCondition {
  if (f.dead) return "dead";
  if (f.dying >= 0) return "dying";
  return f.unconscious ? "unconscious" : "";
}

function named(action: NonNullable<FighterState["plan"]>["actions"][number]): string[] {
  const ids = [
    ...("targets" in action ? action.targets : []),
    ...("against" in action ? action.against : []),
    ...(action.kind === "other" && action.target !== undefined ? [action.target] : []),
  ];
  return [...new Set(ids)];
}

/** The threat a fighter may strike with now, as the engine would accept it (LUN-MNV-3), else null. */
function strikeOf(fight: LunosFight, f: FighterState, read: LunosTableRead): ShownStrike | null {
  const threat = fight.threats.find((t) => t.by === f.id);
  if (!threat) return null;
  try {
    threatStrikeFight(fight, f.id, read.view);
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
  return { target: threat.target, margin: threat.margin };
}

/**
 * A parry is easier to beat at range (LUN-ACT-4): what an attacker it
 * covers needs when one of them strikes at range (its weapon in hand a
 * ranged one), as the attack card reckons it; nothing when it is the same.
 */
function rangedDifficulty(fight: LunosFight, f: FighterState, read: LunosTableRead) {
  const d = f.defense;
  if (d === null) return {};
  const ranged = d.against.some((id) => {
    const attacker = fight.fighters.find((x) => x.id === id);
    if (attacker === undefined) return false;
    try {
      return attacksAtRange(read.view.sheet(id), attacker.weapon === "held");
    } catch {
      // A fighter whose sheet is gone (its combatant left) attacks no one.
      return false;
    }
  });
  if (!ranged) return {};
  const near = defenseAgainst(f, d.against[0] ?? "", false, read.rules);
  const far = defenseAgainst(f, d.against[0] ?? "", true, read.rules);
  return far === near ? {} : { rangedDifficulty: far + 1 };
}

/** What the row shows of a fighter in this fight (`LunosShown`). */
export function shownFor(fight: LunosFight, f: FighterState, read: LunosTableRead): LunosShown {
  const open = fight.phase !== "end";
  const plan = open ? f.plan : null;
  const lunging = plan?.lunge === true;
  const used = (plan?.actions ?? []).reduce((n, a) => n + actionCost(a.kind), 0);
  const d = open ? f.defense : null;
  return {
    declared: plan !== null,
    initiative: open ? (f.initiative?.successes ?? null) : null,
    actions: open ? Math.max(0, f.actions + (lunging ? 1 : 0) - used) : 0,
    actionsMax: read.rules.actionsPerRound + (lunging ? 1 : 0),
    lunging,
    lungeDebt: open && f.lungedLast,
    debtDice: open ? f.rollDice : 0,
    standByRoll: plan?.standByRoll === true,
    declaredActions: (plan?.actions ?? []).map(
      (a): ShownAction => ({
        kind: a.kind,
        targets: named(a),
        ...(a.kind === "other" ? { task: a.task } : {}),
        // What the menu draws again on a change: the feet, and the GM's ruling that a spell heals.
        ...(a.kind === "move" ? { feet: a.feet } : {}),
        ...(a.kind === "magic" && a.healing === true ? { healing: true as const } : {}),
      }),
    ),
    defense:
      d === null
        ? null
        : {
            kind: d.kind,
            successes: d.roll.successes,
            // What an attacker it covers needs (LUN-ACT-2): one more than the successes the defense counts.
            difficulty: defenseAgainst(f, d.against[0] ?? "", false, read.rules) + 1,
            against: [...d.against],
            outcome: d.roll.outcome,
            ...rangedDifficulty(fight, f, read),
          },
    condition: condition(f),
    strike: strikeOf(fight, f, read),
    minorOnly: f.dying >= 0 && !f.dead && !f.unconscious,
    // Anyone hits a fighter without a defense roll on the figure the rules give (LUN-ACT-3).
    noDefense:
      open && fight.phase === "attack" && d === null && !isOut(f) ? read.rules.noDefenseDifficulty : null,
    states: statesOf(fight, f),
    ...sheetFigures(f, read),
  };
}

function statesOf(fight: LunosFight, f: FighterState): ShownStates {
  const grapple = grappleOf(fight, f.id);
  return {
    prone: f.prone,
    stunned: f.stunned,
    grappling: grapple ? [grapple.a === f.id ? grapple.b : grapple.a] : [],
    pinnedBy: grapple?.pinnedBy && grapple.pinnedBy !== f.id ? grapple.pinnedBy : null,
  };
}

/** What its sheet and the world's rules allow it: the farthest Move, and a Flurry (as `declare` checks them). */
function sheetFigures(f: FighterState, read: LunosTableRead): Pick<LunosShown, "moveMax" | "mayFlurry"> {
  try {
    const sheet = read.view.sheet(f.id);
    return {
      moveMax: moveFeet(sheet, read.rules),
      mayFlurry: sheet.skills.combat >= read.rules.flurryMinCombat,
    };
  } catch {
    // A fighter whose sheet is gone (its combatant left) declares nothing more.
    return { moveMax: null, mayFlurry: false };
  }
}

/** The index in the stored order where a slot begins. */
function slotStart(slots: readonly (readonly string[])[], slot: number): number {
  let at = 0;
  for (let i = 0; i < slot && i < slots.length; i += 1) at += slots[i]!.length;
  return at;
}

/** The plan of a fight as the engine left it: the pointer it gives, every row's shown data, the fight. */
export function planOf(
  read: LunosTableRead,
  fight: LunosFight,
  more: { readonly newRound?: boolean; readonly roll?: LunosRoundPlan["roll"] } = {},
): LunosRoundPlan {
  const open = fight.phase !== "end";
  const { order, groups } = open ? flattenTurnOrder(fight.slots) : { order: [], groups: [] };
  const attacking = fight.phase === "attack" && fight.slot < fight.slots.length;
  // The combatants' own `system` holds nothing of the round: each gets only its Foundry initiative.
  const combatants: TurnPlanChange[] = fight.fighters.map((f) => ({
    _id: f.id,
    system: {},
    initiative: open ? (f.initiative?.successes ?? null) : null,
  }));
  const shown = Object.fromEntries(fight.fighters.map((f) => [f.id, { ...shownFor(fight, f, read) }]));
  return {
    // A fight waiting for its round's start is the round the Combat opens.
    round: open ? fight.round : fight.round + 1,
    phase: fight.phase === "attack" ? "attack" : "declare",
    order,
    groups,
    turn: attacking ? slotStart(fight.slots, fight.slot) : null,
    combatants,
    newRound: more.newRound === true,
    fight: storedFight(fight),
    shown,
    ...(more.roll !== undefined ? { roll: more.roll } : {}),
  };
}

/** Whether any fighter of the current slot may still strike in it (LUN-RND-2: one put out in its own slot still does). */
function slotLive(fight: LunosFight): boolean {
  return acting(fight).some((id) => {
    const f = fight.fighters.find((x) => x.id === id);
    return f !== undefined && (!isOut(f) || f.outAtSlot === fight.slot);
  });
}

/** Passes every slot whose fighters are all out of the fight. */
export function passTheOut(fight: LunosFight): LunosFight {
  let at = fight;
  while (at.phase === "attack" && at.slot < at.slots.length && !slotLive(at)) at = endSlot(at);
  return at;
}

/** A new round: written with the fight as it ended; its start (actions, checks, initiative) is rolled after. */
function newRoundPlan(read: LunosTableRead, ended: LunosFight): LunosRoundPlan {
  return planOf(read, ended, { newRound: true, roll: "round" });
}

function readOf(state: LunosTableState): LunosTableRead {
  try {
    return readLunosTable(state.combat);
  } catch (error) {
    throw lunosRefusal(error, new Map());
  }
}

function start(read: LunosTableRead): LunosRoundPlan {
  const fight = refusing(read, () => startFight([...read.combatants.keys()]));
  return newRoundPlan(read, fight);
}

function fightOf(read: LunosTableRead): LunosFight {
  if (read.fight === null) throw new CombatRefusal("LUNOS.Combat.Refusal.NotStarted");
  return read.fight;
}

function closeDeclarations(read: LunosTableRead, fight: LunosFight): LunosRoundPlan {
  // A dying fighter still awake may declare a minor action, but is not waited on (the engine's `beginAttacks`).
  const missing = fight.fighters.find((f) => !f.dead && !f.unconscious && f.dying < 0 && f.plan === null);
  if (missing)
    throw new CombatRefusal("LUNOS.Combat.Refusal.Undeclared", {
      name: read.combatants.get(missing.id)?.name ?? missing.id,
    });
  // The defense rolls come after this plan (./round-dice.ts), which leaves the fight as it is.
  return planOf(read, fight, { roll: "defense" });
}

/**
 * The fight without a pending attack that no card can finish any more
 * (the GM is told it was dropped); a finishable one holds the round, in
 * words: its maneuvers first, then a GM's Apply.
 */
function holdOrDrop(read: LunosTableRead, fight: LunosFight): LunosFight {
  const p = fight.pending;
  if (p === null) return fight;
  const name = read.combatants.get(p.attackerId)?.name ?? p.attackerId;
  const card = cardFinishing(read.combat, fight);
  if (card?.stage === "resolved") throw new CombatRefusal("LUNOS.Combat.Refusal.ApplyFirst", { name });
  if (card) throw new CombatRefusal("LUNOS.Combat.Refusal.AttackPending", { name });
  ui.notifications?.info(localize("LUNOS.Combat.AttackDropped", { name }));
  return { ...fight, pending: null };
}

function nextTurn(read: LunosTableRead): LunosRoundPlan {
  if (read.fight === null) return start(read);
  const fight = read.fight.phase === "attack" ? holdOrDrop(read, read.fight) : read.fight;
  // The round's start did not finish rolling: it is rolled again.
  if (fight.phase === "end") return planOf(read, fight, { roll: "round" });
  if (fight.phase === "declare") return closeDeclarations(read, fight);
  if (fight.slot >= fight.slots.length) return newRoundPlan(read, { ...fight, phase: "end" });
  const after = refusing(read, () => passTheOut(endSlot(fight)));
  return after.phase === "end" ? newRoundPlan(read, after) : planOf(read, after);
}

/** The GM's Next round: the rest of this round passed (not an attack a card can still finish). */
function nextRound(read: LunosTableRead): LunosRoundPlan {
  const fight = holdOrDrop(read, fightOf(read));
  if (fight.phase === "end") return planOf(read, fight, { roll: "round" });
  return newRoundPlan(read, { ...fight, phase: "end", slot: fight.slots.length, landed: [], holds: [] });
}

/** Combatants left: the fight without them (./fight-record.ts `withFighters`), the slot on whoever is still here. */
function leave(read: LunosTableRead): LunosRoundPlan {
  const fight = fightOf(read);
  if (fight.phase === "attack") {
    const after = refusing(read, () => passTheOut(fight));
    if (after.slot >= after.slots.length) return newRoundPlan(read, { ...after, phase: "end" });
    return planOf(read, after);
  }
  return planOf(read, fight);
}

function declareFor(read: LunosTableRead, ids: readonly string[], data: unknown): LunosRoundPlan {
  const fight = fightOf(read);
  const id = ids[0] ?? "";
  const combatant = read.combatants.get(id);
  if (!combatant) throw new CombatRefusal("LUNOS.Combat.Refusal.NotAFighter", { name: id });
  const next = refusing(read, () => declare(fight, id, data as LunosPlan, read.view, read.rules), id);
  return planOf(read, next);
}

export const lunosRoundPlanner: TablePlanner<LunosTableState, LunosRoundPlan> = Object.freeze({
  start: (s: LunosTableState) => start(readOf(s)),
  nextTurn: (s: LunosTableState) => nextTurn(readOf(s)),
  nextRound: (s: LunosTableState) => nextRound(readOf(s)),
  previousTurn: () => {
    throw new CombatRefusal("LUNOS.Combat.Refusal.NoStepBack");
  },
  leave: (s: LunosTableState) => leave(readOf(s)),
  actions: Object.freeze({
    declare: (s: LunosTableState, ids: readonly string[], data: unknown) => declareFor(readOf(s), ids, data),
  }),
});
