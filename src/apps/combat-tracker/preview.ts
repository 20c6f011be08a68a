import en from "../../../lang/en.json";
import { type FangsStatusId, STATUS_EFFECTS } from "../../config/statuses";
import { readyingChoices } from "../../rules/fangs/defenses";
import { InitiativeMode } from "../../rules/fangs/round";
import type { CombatPlan, PlanCombatant, PlanState } from "../../rules/fangs/round-engine";
import {
  planBreakHold,
  planHold,
  planNextRound,
  planNextTurn,
  planStart,
} from "../../rules/fangs/round-engine";
import type { ManeuverId, WeaponKind } from "../../rules/fangs/types";
import { ScriptedDice } from "../../rules/kernel/dice";
import {
  type Localize,
  maneuverMenuView,
  readTrackedResource,
  type TrackerRowInput,
  trackerView,
} from "./view";

/**
 * The tracker's preview pages, from data: a four-fighter round (AG 17, 15,
 * 15, 12) walked through the real planner to each phase, rendered with the
 * tracker's templates and the system CSS. The page objects have the shape
 * of the build's preview pages (test/preview/pages.ts), so its renderer can
 * list them as one more page source.
 */

const TEMPLATES = "systems/fangs/templates/combat";

export interface TrackerPreviewPage {
  id: string;
  title: string;
  group: string;
  frame: "sheet";
  classes: string[];
  width: number;
  parts: { id: string; template: string }[];
  context: () => object;
  expect: string[];
  theme?: "light" | "dark";
}

const strings = en as Record<string, string>;

/** English strings with Foundry's {placeholder} formatting. */
export const previewLocalize: Localize = (key, data) => {
  const text = strings[key] ?? key;
  return data
    ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m))
    : text;
};

interface Fixture {
  readonly id: string;
  readonly name: string;
  readonly ag: number;
  readonly kind: WeaponKind;
  readonly mv: number;
  readonly owner: boolean;
  /** A shield to ready: Draw Weapon then asks which hand (NC-MAN-20). */
  readonly shield?: boolean;
  /** Stun Points left of the maximum: the tracked resource the pages show. */
  readonly stun: readonly [number, number];
}

const FIGHTERS: readonly Fixture[] = [
  { id: "eddy", name: "Fast Eddy", ag: 17, kind: "melee", mv: 14, owner: true, stun: [24, 24] },
  { id: "archer", name: "Ysolde the Archer", ag: 15, kind: "missile", mv: 12, owner: false, stun: [19, 21] },
  {
    id: "dagmar",
    name: "Dagmar the Deadly",
    ag: 15,
    kind: "melee",
    mv: 12,
    owner: false,
    shield: true,
    stun: [8, 26],
  },
  { id: "jenny", name: "Pirate Jenny", ag: 12, kind: "melee", mv: 10, owner: false, stun: [0, 18] },
];

const byId = new Map(FIGHTERS.map((f) => [f.id, f]));
const options = { initiativeMode: InitiativeMode.Agility };

function start(): PlanState {
  const combatants: PlanCombatant[] = FIGHTERS.map((f) => ({
    id: f.id,
    name: f.name,
    ag: f.ag,
    initiative: null,
    initiativeRoll: null,
    maneuver: null,
    attackKind: null,
    held: false,
    committed: false,
    actionLost: false,
    outOfAction: false,
    engaged: f.id === "dagmar" || f.id === "jenny",
    engagedAtRoundStart: false,
    postMeleeAttacks: 0,
    offHandInitiativePenalty: false,
    lostManeuver: null,
    mainWeaponKind: f.kind,
  }));
  return apply(
    { round: 0, turn: null, phase: "initiative", order: [], combatants },
    planStart({ round: 0, turn: null, phase: "initiative", order: [], combatants }, options),
  );
}

function apply(state: PlanState, plan: CombatPlan): PlanState {
  const changes = new Map(plan.combatants.map((c) => [c._id, c]));
  return {
    round: plan.round,
    turn: plan.turn,
    phase: plan.phase,
    order: plan.order,
    combatants: state.combatants.map((c) => {
      const change = changes.get(c.id);
      return change
        ? {
            ...c,
            ...(change.system as Partial<PlanCombatant>),
            initiative: change.initiative ?? c.initiative,
          }
        : c;
    }),
  };
}

function declare(
  state: PlanState,
  id: string,
  maneuver: ManeuverId,
  patch: Partial<PlanCombatant> = {},
): PlanState {
  const kind = byId.get(id)!.kind;
  return {
    ...state,
    combatants: state.combatants.map((c) =>
      c.id === id
        ? {
            ...c,
            maneuver,
            attackKind: maneuver === "attack" || maneuver === "allOutAttack" ? kind : null,
            ...patch,
          }
        : c,
    ),
  };
}

/** The conditions on each fighter's token at a moment of the round. */
type Conditions = Readonly<Record<string, readonly FangsStatusId[]>>;

const STATUS_BY_ID = new Map(STATUS_EFFECTS.map((s) => [s.id, s]));

function rows(state: PlanState, conditions: Conditions = {}): TrackerRowInput[] {
  return state.combatants.map((c) => {
    const f = byId.get(c.id)!;
    const [value, max] = f.stun;
    return {
      id: c.id,
      name: c.name,
      img: `systems/fangs/assets/preview/${c.id}.svg`,
      hidden: false,
      defeated: false,
      owner: f.owner,
      canPing: true,
      initiative: c.initiative,
      maneuver: c.maneuver,
      attackKind: c.attackKind,
      held: c.held,
      committed: c.committed,
      actionLost: c.actionLost,
      lostManeuver: c.lostManeuver ?? null,
      outOfAction: c.outOfAction,
      mv: f.mv,
      resource: readTrackedResource({ stunPoints: { value, max } }, "stunPoints", {
        stunPoints: "FANGS.Actor.Attribute.StunPoints",
      }),
      statuses: (conditions[c.id] ?? []).map((id) => STATUS_BY_ID.get(id)!),
    };
  });
}

/** The round at each moment the pages show. */
export function previewStates(): Record<string, PlanState> {
  let s = start();
  // Initiative: Eddy holds; the archer declares; Dagmar is about to.
  s = apply(s, planHold(s, "eddy", options));
  s = declare(s, "archer", "attack");
  s = apply(s, planNextTurn(s, options));
  const initiative = s;
  s = declare(s, "dagmar", "allOutAttack");
  s = apply(s, planNextTurn(s, options));
  s = declare(s, "jenny", "retreat");
  s = apply(s, planNextTurn(s, options));
  const missile = s;
  s = apply(s, planNextTurn(s, options));
  // Melee: Eddy breaks his hold to strike Jenny as she leaves.
  s = declare(s, "eddy", "attack");
  s = apply(s, planBreakHold(s, ["eddy"], options));
  const melee = s;
  s = apply(s, planNextTurn(s, options));
  s = { ...s, combatants: s.combatants.map((c) => (c.id === "dagmar" ? { ...c, postMeleeAttacks: 1 } : c)) };
  s = apply(s, planNextTurn(s, options));
  const postMelee = {
    ...s,
    combatants: s.combatants.map((c) => (c.id === "jenny" ? { ...c, outOfAction: true } : c)),
  };
  // Two holders about to break together (the GM ticks both).
  let r = start();
  r = apply(r, planHold(r, "eddy", options));
  r = apply(r, planNextTurn(r, options));
  r = apply(r, planHold(r, "dagmar", options));
  const rollOff = r;
  void planBreakHold(r, ["eddy", "dagmar"], { ...options, dice: new ScriptedDice([8, 8]) });
  // NC-MAN-2: Jenny means to Attack. Eddy breaks his hold and she spends her
  // own dodge on him; Dagmar's All-Out-Attack comes before Jenny's turn, so
  // she dodges instead and loses the Attack. The next round declares it again.
  let d = start();
  d = apply(d, planHold(d, "eddy", options));
  d = declare(d, "archer", "attack");
  d = apply(d, planNextTurn(d, options));
  d = declare(d, "dagmar", "allOutAttack");
  d = apply(d, planNextTurn(d, options));
  d = declare(d, "jenny", "attack");
  d = apply(d, planNextTurn(d, options));
  d = apply(d, planNextTurn(d, options));
  d = declare(d, "eddy", "attack");
  d = apply(d, planBreakHold(d, ["eddy"], options));
  d = apply(d, planNextTurn(d, options));
  const dodged = declare(d, "jenny", "dodgeMelee", { lostManeuver: "attack" });
  const retried = apply(dodged, planNextRound(dodged, options));
  return { initiative, missile, melee, postMelee, rollOff, dodged, retried };
}

function page(
  id: string,
  title: string,
  state: PlanState,
  withMenu = false,
  theme: "light" | "dark" = "light",
  conditions: Conditions = {},
): TrackerPreviewPage {
  const parts = [
    { id: "phase", template: `${TEMPLATES}/phase.hbs` },
    { id: "tracker", template: `${TEMPLATES}/tracker.hbs` },
  ];
  if (withMenu) parts.push({ id: "menu", template: `${TEMPLATES}/maneuver-menu.hbs` });
  return {
    id,
    title,
    group: "Combat tracker",
    frame: "sheet",
    classes: ["fangs", "fangs-combat", "sidebar-tab", "combat-sidebar"],
    width: 320,
    parts,
    context: () => {
      const view = trackerView(
        {
          round: state.round,
          turn: state.turn,
          phase: state.phase,
          order: state.order,
          isGM: true,
          rows: rows(state, conditions),
        },
        previewLocalize,
      );
      const current =
        state.turn === null ? null : state.combatants.find((c) => c.id === state.order[state.turn!]);
      const menu =
        withMenu && current
          ? maneuverMenuView(
              { ...rows(state).find((r) => r.id === current.id)!, mv: byId.get(current.id)!.mv },
              "melee",
              previewLocalize,
              null,
              readyingChoices({ weapon: true, offHand: byId.get(current.id)!.shield === true }),
            )
          : {};
      return { fangs: view, ...menu };
    },
    expect: [
      ".fangs-phase-bar",
      ".fangs-tracker li.combatant",
      ".fangs-phase-step.current",
      ".fangs-resource",
      ...(Object.values(conditions).some((c) => c.length > 0) ? [".fangs-statuses img"] : []),
      ...(withMenu ? [".fangs-menu-legend"] : []),
    ],
    theme,
  };
}

/** The tracker in each phase (screenshots are named after the phase), plus its menu and a roll-off. */
export function trackerPreviewPages(): TrackerPreviewPage[] {
  const s = previewStates();
  // Dagmar took a blow that left her Stunned; Jenny, out of the fight, lies Prone and Unconscious.
  const hurt: Conditions = { dagmar: ["stunned"], jenny: ["unconscious", "prone"] };
  return [
    page("tracker-initiative", "Tracker: Initiative phase", s.initiative!, true),
    page("tracker-missile", "Tracker: Missile phase", s.missile!),
    page("tracker-melee", "Tracker: Melee phase (a hold broken)", s.melee!, false, "light", {
      dagmar: ["stunned"],
    }),
    page("tracker-post-melee", "Tracker: Post-Melee, with conditions", s.postMelee!, false, "light", hurt),
    page("tracker-roll-off", "Tracker: two holders about to break together", s.rollOff!),
    page("tracker-melee-dark", "Tracker: Melee phase, dark interface", s.melee!, false, "dark", {
      dagmar: ["stunned"],
    }),
    page("tracker-dodged", "Tracker: an Attack lost to a dodge, tried again next round", s.dodged!),
    page(
      "tracker-dodged-dark",
      "Tracker: an Attack lost to a dodge, dark interface",
      s.dodged!,
      false,
      "dark",
    ),
    page("tracker-retried", "Tracker: next round, the lost Attack declared again", s.retried!),
  ];
}
