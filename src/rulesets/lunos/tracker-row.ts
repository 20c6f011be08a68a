import type {
  TrackerBadge,
  TrackerPartView,
  TrackerRowContext,
  TrackerRowPartView,
  TrackerViewer,
} from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import { LUNOS_PHASE_IDS, type LunosPhaseId } from "../../rules/lunos/ruleset";
import type { ActionKind, OtherTask } from "../../rules/lunos/types";
import { LUNOS_MENU_TEMPLATE, LUNOS_ROW_TEMPLATE, LUNOS_SUMMARY_TEMPLATE } from "./combat/lunos-table";
import { shownRecordOf } from "./combat/record";
import { type LunosCondition, type ShownDefense, type ShownStates, shownRound } from "./combat/shown";
import { lunosFighter } from "./data/views";

/**
 * Lunos's part of a tracker row (its table's `row`): the initiative
 * successes (LUN-RND-2), the actions left of the round's two (three with a
 * Lunge, LUN-ACT-10), the declared actions and whom they name, the defense
 * roll with the difficulty it sets for the attackers it covers (LUN-ACT-2,
 * LUN-ACT-3, LUN-ACT-9), badges for a lunge and the debt it leaves for the
 * next round, and for a fighter out of the fight its condition; a button
 * opening the declaration's menu while the round asks for it, and under the
 * phase bar how many still have to declare. A fighter's actions are shown
 * to others once the declarations are over (everyone declares at once);
 * the documents carry them, so this is the display's courtesy, not a
 * secret. `view` is pure. Lunos's heavy part: the table's start-up row
 * part (./combat/lunos-table.ts) draws through it once the part has
 * loaded, which a world playing Lunos starts on `ready`.
 */

export { LUNOS_MENU_TEMPLATE, LUNOS_ROW_TEMPLATE, LUNOS_SUMMARY_TEMPLATE };

/** A declared action as a row shows it: its kind and the names of those it names (those the viewer sees). */
export interface LunosRowAction {
  readonly kind: ActionKind;
  readonly names: readonly string[];
  /** An Other action's task. */
  readonly task?: OtherTask;
  /** A Move's feet. */
  readonly feet?: number;
}

/** What a Lunos row reads of its combatant for one viewer. */
export interface LunosRowData {
  readonly declared: boolean;
  readonly initiative: number | null;
  readonly actions: number;
  readonly actionsMax: number;
  readonly lunging: boolean;
  readonly lungeDebt: boolean;
  readonly debtDice: number;
  /** The declared actions, or null (none, or not the viewer's to see yet). */
  readonly declaredActions: readonly LunosRowAction[] | null;
  readonly defense: (Omit<ShownDefense, "against"> & { readonly against: readonly string[] }) | null;
  readonly condition: LunosCondition;
  /** The threat it may strike with now, for its owner or a GM: whom it threatens (if seen) and the margin held. */
  readonly strike?: { readonly target: string; readonly margin: number } | null;
  /** Dying but awake (LUN-HLT-4): out of the fight, yet may declare a minor action (not waited on). */
  readonly minorOnly?: boolean;
  /** No defense roll in the attacks: the difficulty anyone needs (`noDefenseDifficulty`). */
  readonly noDefense?: number | null;
  /** The fight's states that change what it may do, with the names (the viewer sees) of those it grapples. */
  readonly states?: ShownStates;
}

/** A state of the fight on the row: an icon, its words. */
export interface LunosRowState {
  readonly id: string;
  readonly icon: string;
  readonly hint: string;
}

/** What the row's partial draws. */
export interface LunosRowCells {
  readonly initiative: { readonly text: string; readonly hint: string } | null;
  readonly actions: { readonly text: string; readonly hint: string } | null;
  readonly declared: string | null;
  readonly defense: { readonly text: string; readonly hint: string; readonly none?: boolean } | null;
  readonly states: readonly LunosRowState[];
  readonly condition: string | null;
  /** The menu's button: shown to the GM and the owner while the round asks for the declarations. */
  readonly canChoose: boolean;
  /** Still to declare (the button stands out, the note under the phase bar counts it). */
  readonly waiting: boolean;
  readonly chooseText: string;
  readonly chooseLabel: string;
  /** Threaten's later strike (LUN-MNV-3): its button, for the maker's owner or a GM while the engine allows it. */
  readonly strike: { readonly text: string; readonly label: string } | null;
  /** The attack of a fighter whose slot it is, with what it has in hand: for its owner or a GM. */
  readonly attack: { readonly text: string; readonly label: string } | null;
}

/** The kinds of action that strike someone: a row in its slot offers its attack. */
const ATTACKING: ReadonlySet<string> = new Set(["attack", "powerAttack", "flurry"]);

export function lunosPhaseOf(combatant: Combatant.Implementation): LunosPhaseId {
  const phase = (combatant.combat?.system as { phase?: unknown } | undefined)?.phase;
  return LUNOS_PHASE_IDS.includes(phase as LunosPhaseId) ? (phase as LunosPhaseId) : "declare";
}

/** Out of the fight as the tracker shows it: defeated, no Lunos fighter, or out by the round (unconscious, dying, dead). */
export function lunosOutOfFight(combatant: Combatant.Implementation): boolean {
  if (combatant.isDefeated) return true;
  const actor = combatant.actor;
  if (!actor || !lunosFighter(actor)) return true;
  const statuses = actor.statuses ?? new Set<string>();
  // In a round under way, one the GM's record does not hold is no fighter of it (yet: it joins at the next move).
  if (combatant.combat?.started && shownRecordOf(combatant) === null) return true;
  return shownRound(combatant).condition !== "" || statuses.has("dead") || statuses.has("unconscious");
}

/**
 * Dying but awake (LUN-HLT-4): out of the fight, yet it may still declare
 * a minor action (speak, tend, magic), which the round does not wait for.
 */
export function lunosMinorOnly(combatant: Combatant.Implementation): boolean {
  const statuses = combatant.actor?.statuses ?? new Set<string>();
  return (
    shownRound(combatant).minorOnly &&
    !combatant.isDefeated &&
    !statuses.has("dead") &&
    !statuses.has("unconscious")
  );
}

export function readLunosRow(combatant: Combatant.Implementation, viewer: TrackerViewer) {
  const shown = shownRound(combatant);
  const phase = lunosPhaseOf(combatant);
  const mine = viewer.isGM || viewer.owner;
  const seen = mine || phase !== "declare";
  // A combatant hidden from this viewer is not named.
  const nameOf = (id: string) => {
    const other = combatant.combat?.combatants.get(id);
    return other && other.visible !== false ? (other.name ?? null) : null;
  };
  const names = (ids: readonly string[]) => ids.map(nameOf).filter((n): n is string => n !== null);
  const data: LunosRowData = {
    declared: shown.declared,
    initiative: shown.initiative,
    actions: shown.actions,
    actionsMax: shown.actionsMax,
    lunging: seen && shown.lunging,
    lungeDebt: shown.lungeDebt,
    debtDice: shown.debtDice,
    declaredActions:
      seen && shown.declared
        ? shown.declaredActions.map((a) => ({
            kind: a.kind,
            names: names(a.targets),
            ...(a.task ? { task: a.task } : {}),
            ...(a.feet !== undefined ? { feet: a.feet } : {}),
          }))
        : null,
    defense: shown.defense ? { ...shown.defense, against: names(shown.defense.against) } : null,
    condition: shown.condition,
    strike:
      mine && shown.strike
        ? { target: nameOf(shown.strike.target) ?? "", margin: shown.strike.margin }
        : null,
    minorOnly: lunosMinorOnly(combatant),
    noDefense: shown.noDefense,
    states: {
      ...shown.states,
      // One hidden from the viewer is not named (""), though the grapple is still said.
      grappling: shown.states.grappling.map((id) => nameOf(id) ?? ""),
      pinnedBy: shown.states.pinnedBy === null ? null : (nameOf(shown.states.pinnedBy) ?? ""),
    },
  };
  return { outOfAction: lunosOutOfFight(combatant), data };
}

/** The declared actions in words: "attack → Cole · defense ← Cole, Dara". */
export function declaredText(actions: readonly LunosRowAction[] | null, localize: Localize): string | null {
  if (actions === null) return null;
  if (actions.length === 0) return localize("LUNOS.Combat.Tracker.NoAction");
  return actions
    .map((a) => {
      const named = localize(a.task ? `LUNOS.Task.${a.task}` : `LUNOS.Action.${a.kind}`);
      const kind =
        a.feet === undefined
          ? named
          : localize("LUNOS.Combat.Tracker.MoveFeet", { kind: named, feet: a.feet });
      if (a.names.length === 0) return kind;
      const attacking =
        a.kind === "attack" || a.kind === "powerAttack" || a.kind === "flurry" || a.task === "tend";
      return `${kind} ${attacking ? "→" : "←"} ${a.names.join(", ")}`;
    })
    .join(" · ");
}

function defenseCell(d: NonNullable<LunosRowData["defense"]>, name: string, localize: Localize) {
  const kind = localize(`LUNOS.Action.${d.kind}`);
  const hint = localize("LUNOS.Combat.Tracker.DefenseHint", {
    name,
    kind,
    successes: d.successes,
    difficulty: d.difficulty,
    against: d.against.length > 0 ? d.against.join(", ") : localize("LUNOS.Combat.Tracker.NoOneSeen"),
  });
  // A parry against a ranged attacker sets a lower difficulty (LUN-ACT-4): both are shown.
  const ranged = d.rangedDifficulty;
  if (ranged === undefined)
    return {
      text: localize("LUNOS.Combat.Tracker.Defense", { successes: d.successes, difficulty: d.difficulty }),
      hint,
    };
  return {
    text: localize("LUNOS.Combat.Tracker.DefenseRanged", {
      successes: d.successes,
      difficulty: d.difficulty,
      ranged,
    }),
    hint: `${hint} ${localize("LUNOS.Combat.Tracker.DefenseRangedHint", { ranged })}`,
  };
}

/** The fight's states a row shows, by id, with their icons (read by ./lang-families.ts for their words). */
export const LUNOS_ROW_STATES = Object.freeze({
  prone: "fa-solid fa-person-falling",
  stunned: "fa-solid fa-face-dizzy",
  grappling: "fa-solid fa-people-pulling",
  pinned: "fa-solid fa-thumbtack",
});

/** The fight's states on the row, each an icon with its words (`LUNOS.Combat.Tracker.State.<id>`). */
function statesOf(states: ShownStates | undefined, name: string, localize: Localize): LunosRowState[] {
  if (!states) return [];
  const out: LunosRowState[] = [];
  const someone = (other: string) => other || localize("LUNOS.Combat.Tracker.Someone");
  const add = (id: keyof typeof LUNOS_ROW_STATES, other = "") =>
    out.push({
      id,
      icon: LUNOS_ROW_STATES[id],
      hint: localize(`LUNOS.Combat.Tracker.State.${id}`, { name, other }),
    });
  if (states.prone) add("prone");
  if (states.stunned) add("stunned");
  if (states.pinnedBy !== null) add("pinned", someone(states.pinnedBy));
  else if (states.grappling.length > 0) add("grappling", states.grappling.map(someone).join(", "));
  return out;
}

/** No defense roll this round: anyone hits it on the rules' least difficulty (LUN-ACT-3). */
function noDefenseCell(difficulty: number | null | undefined, name: string, localize: Localize) {
  if (difficulty === null || difficulty === undefined) return null;
  return {
    text: localize("LUNOS.Combat.Tracker.NoDefense", { difficulty }),
    hint: localize("LUNOS.Combat.Tracker.NoDefenseHint", { name, difficulty }),
    none: true,
  };
}

/** A row's Lunos cells and badges at this point of the round. */
export function lunosRowView(
  data: LunosRowData,
  row: TrackerRowContext,
  localize: Localize,
): TrackerRowPartView<LunosRowCells> {
  // A dying fighter still awake may declare its minor actions, but the round does not wait for it.
  const minorOnly = data.minorOnly === true;
  const canChoose = row.started && row.phase === "declare" && row.mayAct && (!row.outOfAction || minorOnly);
  const waiting = canChoose && !data.declared && !minorOnly;
  const badges: TrackerBadge[] = [];
  if (data.lunging)
    badges.push({
      css: "lunging",
      label: localize("LUNOS.Combat.Badge.Lunging"),
      hint: localize("LUNOS.Combat.Badge.LungingHint", { name: row.name }),
      icon: "fa-solid fa-forward",
    });
  if (data.lungeDebt)
    badges.push({
      css: "lunge-debt",
      label: localize("LUNOS.Combat.Badge.LungeDebt"),
      hint: localize("LUNOS.Combat.Badge.LungeDebtHint", { name: row.name, dice: data.debtDice }),
      icon: "fa-solid fa-hourglass-half",
    });
  const inRound = row.started && !row.outOfAction && data.condition === "";
  return {
    cells: {
      initiative:
        data.initiative === null
          ? null
          : {
              text: String(data.initiative),
              hint: localize("LUNOS.Combat.Tracker.InitiativeHint", {
                name: row.name,
                successes: data.initiative,
              }),
            },
      // Actions left mean something while they are declared; in the attacks every one is spoken for.
      actions:
        inRound && row.phase === "declare"
          ? {
              text: localize("LUNOS.Combat.Tracker.Actions", { left: data.actions, of: data.actionsMax }),
              hint: localize("LUNOS.Combat.Tracker.ActionsHint", {
                name: row.name,
                left: data.actions,
                of: data.actionsMax,
              }),
            }
          : null,
      declared: declaredText(data.declaredActions, localize),
      defense: data.defense
        ? defenseCell(data.defense, row.name, localize)
        : noDefenseCell(data.noDefense, row.name, localize),
      states: inRound ? statesOf(data.states, row.name, localize) : [],
      condition: data.condition === "" ? null : localize(`LUNOS.Status.${data.condition}`),
      canChoose,
      waiting,
      chooseText: localize(
        waiting ? "LUNOS.Combat.Tracker.DeclareWaiting" : "LUNOS.Combat.Tracker.DeclareChange",
      ),
      chooseLabel: localize("LUNOS.Combat.Menu.Title", { name: row.name }),
      strike:
        data.strike && row.started && row.mayAct && !row.outOfAction
          ? {
              text: localize("LUNOS.Combat.Tracker.Strike"),
              label: localize("LUNOS.Combat.Tracker.StrikeHint", {
                name: row.name,
                target: data.strike.target,
                margin: data.strike.margin,
              }),
            }
          : null,
      attack:
        row.phase === "attack" &&
        row.active &&
        row.mayAct &&
        !row.outOfAction &&
        (data.declaredActions ?? []).some((a) => ATTACKING.has(a.kind))
          ? {
              text: localize("LUNOS.Combat.Tracker.Attack"),
              label: localize("LUNOS.Combat.Tracker.AttackHint", { name: row.name }),
            }
          : null,
    },
    badges,
  };
}

/** The note under the phase bar: how many the viewer may declare for still have to. */
export function lunosSummary(
  cells: readonly LunosRowCells[],
  round: { readonly started: boolean; readonly phase: string; readonly isGM: boolean },
  localize: Localize,
): TrackerPartView<{ readonly label: string }> | null {
  const count = cells.filter((c) => c.waiting).length;
  if (count === 0 || round.phase !== "declare") return null;
  return {
    template: LUNOS_SUMMARY_TEMPLATE,
    data: { label: localize("LUNOS.Combat.Tracker.Undeclared", { count }) },
  };
}
