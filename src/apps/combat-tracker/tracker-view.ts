import { maneuverDisplay } from "../../config/fangs-config";
import type { Localize } from "../../config/localize";
import { type Readying, readyingOf } from "../../rules/fangs/defenses";
import { getManeuver, movePaces } from "../../rules/fangs/maneuvers";
import { canActFromHold } from "../../rules/fangs/round";
import { FANGS_PHASES } from "../../rules/fangs/ruleset";
import { MANEUVER_IDS, type ManeuverId, type PhaseId, type WeaponKind } from "../../rules/fangs/types";
import type { RulesetPhase } from "../../rules/kernel/ruleset";

/**
 * What the tracker shows, as plain data built from plain input: the Foundry
 * tracker and the preview pages build it the same way. Strings arrive
 * localised (the caller passes `localize`), so the templates need no helper.
 */

export interface TrackerRowInput {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly hidden: boolean;
  readonly defeated: boolean;
  /** The viewer owns this combatant. */
  readonly owner: boolean;
  readonly canPing: boolean;
  readonly initiative: number | null;
  readonly maneuver: ManeuverId | null;
  readonly attackKind: WeaponKind | null;
  readonly held: boolean;
  /** Broke its hold this round: must act, may not hold again. */
  readonly committed?: boolean;
  readonly actionLost: boolean;
  /** NC-MAN-2: the maneuver given up for a dodge this round (tried again next round). */
  readonly lostManeuver?: ManeuverId | null;
  readonly outOfAction: boolean;
  /** MV in paces. */
  readonly mv: number;
  /** Foundry's own row classes (hidden, defeated…), kept. */
  readonly css?: string;
  /** The Combat Tracker's "Tracked Resource" read from this combatant's actor; null when none is set or found. */
  readonly resource?: TrackedResource | null;
  /** The conditions on its actor, in the order of the token's status menu. */
  readonly statuses?: readonly StatusInput[];
}

export interface TrackedResource {
  /** A language key, or the attribute path itself when the system names it nowhere. */
  readonly label: string;
  readonly value: number | string;
  /** A pool's maximum (a token bar attribute); null for a plain value. */
  readonly max: number | null;
}

export interface StatusInput {
  readonly id: string;
  /** A language key (or an effect's own name). */
  readonly name: string;
  readonly img: string;
}

export interface TrackerInput {
  readonly round: number;
  readonly turn: number | null;
  /** One of `phases` (FANGS's when none are given). */
  readonly phase: string;
  /** The world ruleset's phases, in round order (default: FANGS's four). */
  readonly phases?: readonly RulesetPhase[];
  /** Whether the ruleset has holds (FANGS does; the default); without them no hold buttons show. */
  readonly holds?: boolean;
  readonly order: readonly string[];
  /**
   * Whose turn it is: several when a group acts at once (src/combat/turn-groups.ts);
   * absent, the one `order[turn]` names.
   */
  readonly acting?: readonly string[];
  readonly isGM: boolean;
  /** In the combat's turn order. */
  readonly rows: readonly TrackerRowInput[];
}

export interface ManeuverView {
  readonly id: ManeuverId;
  readonly label: string;
  readonly icon: string;
  readonly move: string;
  readonly attackKind: string | null;
}

export interface TrackerRowView {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly css: string;
  /** Acting now: the combatant whose turn it is, or any member of the group acting at once. */
  readonly active: boolean;
  readonly acted: boolean;
  /** 1-based place in the phase's acting list as shown to this viewer, or null. */
  readonly position: number | null;
  readonly initiative: string;
  readonly hidden: boolean;
  readonly defeated: boolean;
  readonly canPing: boolean;
  readonly maneuver: ManeuverView | null;
  /** No maneuver yet in the Initiative phase: shown to the GM and the owner. */
  readonly undeclared: boolean;
  readonly canDeclare: boolean;
  readonly canHold: boolean;
  readonly canBreak: boolean;
  readonly held: boolean;
  readonly badges: readonly TrackerBadge[];
  readonly declareTooltip: string;
  /** `text` as the column shows it; `label` says what it is, for the tooltip and screen readers. */
  readonly resource: { readonly text: string; readonly label: string } | null;
  /** Each condition's icon, named by `label` (its alt text and tooltip). */
  readonly statuses: readonly { readonly id: string; readonly img: string; readonly label: string }[];
}

export interface TrackerBadge {
  readonly css: string;
  readonly label: string;
  /** The longer explanation: the badge's accessible name and tooltip. */
  readonly hint?: string;
  /** Font Awesome classes of a leading icon. */
  readonly icon?: string;
}

export interface PhaseStep {
  readonly id: string;
  readonly label: string;
  readonly css: string;
}

export interface ManeuverChoice {
  readonly id: ManeuverId;
  readonly label: string;
  readonly icon: string;
  readonly move: string;
  readonly attacks: number;
  readonly holdable: boolean;
  readonly disabled: boolean;
  readonly tooltip: string;
  /** Draw Weapon: what this entry readies (NC-MAN-13, NC-MAN-20); null for every other maneuver. */
  readonly readying: Readying | null;
}

export interface TrackerGroup {
  readonly key: "acting" | "held" | "others";
  readonly isHeld: boolean;
  readonly label: string;
  readonly rows: readonly TrackerRowView[];
}

export interface TrackerView {
  readonly started: boolean;
  /** The three lists in display order, empty ones left out. */
  readonly groups: readonly TrackerGroup[];
  readonly round: number;
  readonly phase: string;
  readonly title: string;
  readonly phaseLabel: string;
  readonly steps: readonly PhaseStep[];
  readonly acting: readonly TrackerRowView[];
  readonly held: readonly TrackerRowView[];
  readonly others: readonly TrackerRowView[];
  readonly othersLabel: string;
  readonly heldLabel: string;
  readonly actingLabel: string;
  readonly isGM: boolean;
  readonly canBreakTogether: boolean;
  readonly undeclaredCount: number;
  readonly undeclaredLabel: string;
  readonly labels: Readonly<Record<string, string>>;
}

/** FANGS's phase names (the rules core's FANGS_PHASES). */
export const PHASE_LABELS: Readonly<Record<PhaseId, string>> = Object.freeze(
  Object.fromEntries(FANGS_PHASES.map((p) => [p.id, p.labelKey])) as Record<PhaseId, string>,
);

const MOVE_KEYS = {
  quarter: "FANGS.Combat.Move.Quarter",
  half: "FANGS.Combat.Move.Half",
  full: "FANGS.Combat.Move.Full",
} as const;

const KIND_KEYS: Readonly<Record<WeaponKind, string>> = {
  melee: "FANGS.Combat.AttackKind.Melee",
  thrown: "FANGS.Combat.AttackKind.Thrown",
  missile: "FANGS.Combat.AttackKind.Missile",
};

/**
 * The value at `path` in an actor's system data, as core's tracker reads its
 * tracked resource: a pool (a token bar: `{ value, max }`) or a plain number
 * or text. Anything else (missing, an object without a value) is null.
 */
export function readTrackedResource(
  system: unknown,
  path: string | null | undefined,
  labels: Readonly<Record<string, string>> = {},
): TrackedResource | null {
  if (!path) return null;
  let at: unknown = system;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return null;
    at = (at as Record<string, unknown>)[part];
  }
  const label = labels[path] ?? path;
  if (typeof at === "number" || typeof at === "string")
    return at === "" ? null : { label, value: at, max: null };
  if (at === null || typeof at !== "object") return null;
  const { value, max } = at as { value?: unknown; max?: unknown };
  if (typeof value !== "number" && typeof value !== "string") return null;
  return { label, value, max: typeof max === "number" ? max : null };
}

function resourceView(
  resource: TrackedResource | null | undefined,
  localize: Localize,
): TrackerRowView["resource"] {
  if (!resource) return null;
  const { value, max } = resource;
  const label = localize(resource.label);
  return max === null
    ? { text: String(value), label: localize("FANGS.Combat.Tracker.Resource", { label, value }) }
    : { text: `${value}/${max}`, label: localize("FANGS.Combat.Tracker.ResourceOf", { label, value, max }) };
}

/** "½ MV: 8 paces" for a maneuver and an MV. */
export function moveText(id: ManeuverId, mv: number, localize: Localize): string {
  const paces = movePaces(id, Math.max(0, Math.trunc(mv)));
  return localize(MOVE_KEYS[getManeuver(id).move], { paces });
}

export function maneuverView(
  id: ManeuverId,
  mv: number,
  kind: WeaponKind | null,
  localize: Localize,
): ManeuverView {
  return {
    id,
    label: localize(maneuverDisplay(id).label),
    icon: maneuverDisplay(id).icon,
    move: moveText(id, mv, localize),
    attackKind: kind && getManeuver(id).attacks > 0 ? localize(KIND_KEYS[kind]) : null,
  };
}

const READYING_KEYS: Readonly<Record<Readying, string>> = {
  weapon: "FANGS.Combat.Menu.Readying.Weapon",
  offHand: "FANGS.Combat.Menu.Readying.OffHand",
};

const READYING_HINTS: Readonly<Record<Readying, string>> = {
  weapon: "FANGS.Combat.Menu.Readying.WeaponHint",
  offHand: "FANGS.Combat.Menu.Readying.OffHandHint",
};

/**
 * The maneuver menu for one combatant: every maneuver, with its move; unholdable ones closed to a holder.
 * `readyings` (ActorFacts.readyings): what its Draw Weapon may ready. With more than one, Draw Weapon
 * is one entry per choice, each named for what it readies, so the choice is made in the one click.
 */
export function maneuverChoices(
  mv: number,
  held: boolean,
  localize: Localize,
  readyings: readonly Readying[] = ["weapon"],
): ManeuverChoice[] {
  return MANEUVER_IDS.flatMap((id) => {
    const m = getManeuver(id);
    const holdable = canActFromHold(id).allowed;
    const move = moveText(id, mv, localize);
    const entry = (label: string, readying: Readying | null, hint = ""): ManeuverChoice => ({
      id,
      label,
      icon: maneuverDisplay(id).icon,
      move,
      attacks: m.attacks,
      holdable,
      disabled: held && !holdable,
      tooltip: `${label}: ${move}${holdable ? "" : ` · ${localize("FANGS.Combat.Menu.NotHoldable")}`}${hint}`,
      readying,
    });
    const name = localize(maneuverDisplay(id).label);
    if (id !== "drawWeapon") return [entry(name, null)];
    if (readyings.length < 2) return [entry(name, readyings[0] ?? "weapon")];
    // The short name fits the narrow menu; the tooltip says what it means for the parries.
    return readyings.map((r) => entry(localize(READYING_KEYS[r]), r, ` · ${localize(READYING_HINTS[r])}`));
  });
}

export function trackerView(input: TrackerInput, localize: Localize): TrackerView {
  const started = input.round >= 1;
  const rank = new Map(input.order.map((id, i) => [id, i]));
  const turn = input.turn;
  const actingNow = input.acting ? new Set(input.acting) : null;
  const phases = input.phases ?? FANGS_PHASES;
  const holds = input.holds ?? true;
  const declaring = started && input.phase === "initiative";
  /** `place`: 1-based among the acting rows shown (no gap for a holder, nor a combatant hidden from this viewer). */
  const rowView = (row: TrackerRowInput, place: number | null = null): TrackerRowView => {
    const at = rank.get(row.id);
    const inOrder = started && at !== undefined;
    const active = inOrder && turn !== null && (actingNow ? actingNow.has(row.id) : at === turn);
    const acted = inOrder && turn !== null && at! < turn && !active;
    const mayAct = input.isGM || row.owner;
    const stillToAct = inOrder && turn !== null && at! >= turn;
    const declareOpen =
      !started || row.held || (declaring && (at === undefined || turn === null || at >= turn));
    const badges: TrackerBadge[] = [];
    if (row.lostManeuver) {
      const maneuver = localize(maneuverDisplay(row.lostManeuver).label);
      badges.push({
        css: "dodged",
        label: localize("FANGS.Combat.Badge.ManeuverLost", { maneuver }),
        hint: localize("FANGS.Combat.Badge.ManeuverLostHint", { name: row.name, maneuver }),
        icon: "fa-solid fa-rotate-right",
      });
    }
    if (row.actionLost) badges.push({ css: "lost", label: localize("FANGS.Combat.Badge.ActionLost") });
    if (row.outOfAction) badges.push({ css: "out", label: localize("FANGS.Combat.Badge.OutOfAction") });
    if (row.held) badges.push({ css: "held", label: localize("FANGS.Combat.Badge.Holding") });
    const css = [
      row.css ?? "",
      active ? "active" : "",
      acted ? "fangs-acted" : "",
      row.held ? "fangs-held" : "",
      row.outOfAction ? "fangs-out" : "",
    ]
      .filter(Boolean)
      .join(" ");
    return {
      id: row.id,
      name: row.name,
      img: row.img,
      css,
      active,
      acted,
      position: place,
      initiative: row.initiative === null ? "" : String(row.initiative),
      hidden: row.hidden,
      defeated: row.defeated,
      canPing: row.canPing,
      maneuver: row.maneuver ? maneuverView(row.maneuver, row.mv, row.attackKind, localize) : null,
      undeclared: declaring && row.maneuver === null && !row.outOfAction && mayAct,
      canDeclare: mayAct && (input.isGM || declareOpen),
      canHold:
        holds &&
        mayAct &&
        started &&
        stillToAct &&
        !row.held &&
        !row.committed &&
        !row.outOfAction &&
        (row.maneuver === null || canActFromHold(row.maneuver).allowed),
      canBreak: holds && mayAct && started && row.held && !row.outOfAction,
      held: row.held,
      badges,
      declareTooltip: localize("FANGS.Combat.Menu.Declare"),
      resource: resourceView(row.resource, localize),
      // The Holding badge already says it in words.
      statuses: (row.statuses ?? [])
        .filter((s) => !(row.held && s.id === "holding"))
        .map((s) => ({ id: s.id, img: s.img, label: localize(s.name) })),
    };
  };
  const byId = new Map(input.rows.map((row) => [row.id, row]));
  const acting = started
    ? input.order
        .map((id) => byId.get(id))
        .filter((row): row is TrackerRowInput => row !== undefined && !row.held)
    : [];
  const actingIds = new Set(acting.map((r) => r.id));
  const held = input.rows.filter((row) => started && row.held);
  const others = input.rows.filter((row) => !actingIds.has(row.id) && !(started && row.held));
  const phaseIndex = phases.findIndex((p) => p.id === input.phase);
  const phaseLabel = localize(phases[phaseIndex]?.labelKey ?? input.phase);
  const undeclaredCount = declaring
    ? input.rows.filter((row) => row.maneuver === null && !row.outOfAction && (input.isGM || row.owner))
        .length
    : 0;
  const actingRows = acting.map((row, i) => rowView(row, i + 1));
  const heldRows = held.map((row) => rowView(row));
  const otherRows = others.map((row) => rowView(row));
  const heldLabel = localize("FANGS.Combat.Tracker.Held");
  const actingLabel = localize("FANGS.Combat.Tracker.Acting", { phase: phaseLabel });
  const othersLabel = localize(started ? "FANGS.Combat.Tracker.NoTurn" : "FANGS.Combat.Tracker.Combatants");
  const groups: TrackerGroup[] = [
    { key: "acting" as const, isHeld: false, label: actingLabel, rows: actingRows },
    { key: "held" as const, isHeld: true, label: heldLabel, rows: heldRows },
    { key: "others" as const, isHeld: false, label: othersLabel, rows: otherRows },
  ].filter((g) => g.rows.length > 0);
  return {
    started,
    groups,
    round: input.round,
    phase: input.phase,
    title: started
      ? localize("FANGS.Combat.Tracker.RoundPhase", { round: input.round, phase: phaseLabel })
      : localize("FANGS.Combat.Tracker.NotStarted"),
    phaseLabel,
    steps: phases.map(({ id, labelKey }, i) => ({
      id,
      label: localize(labelKey),
      css: !started ? "" : i < phaseIndex ? "done" : i === phaseIndex ? "current" : "",
    })),
    acting: actingRows,
    held: heldRows,
    others: otherRows,
    othersLabel,
    heldLabel,
    actingLabel,
    isGM: input.isGM,
    canBreakTogether: holds && input.isGM && held.filter((r) => !r.outOfAction).length >= 2,
    undeclaredCount,
    undeclaredLabel: localize("FANGS.Combat.Tracker.Undeclared", { count: undeclaredCount }),
    labels: {
      hold: localize("FANGS.Combat.Control.Hold"),
      breakHold: localize("FANGS.Combat.Control.BreakHold"),
      breakTogether: localize("FANGS.Combat.Control.BreakTogether"),
      undeclared: localize("FANGS.Combat.Badge.Undeclared"),
      toggleHidden: localize("FANGS.Combat.Control.ToggleHidden"),
      toggleDefeated: localize("FANGS.Combat.Control.ToggleDefeated"),
      ping: localize("FANGS.Combat.Control.Ping"),
      select: localize("FANGS.Combat.Control.SelectHolder"),
      statuses: localize("FANGS.Combat.Tracker.Statuses"),
    },
  };
}

export interface ManeuverMenuView {
  readonly combatantId: string;
  readonly title: string;
  readonly choices: readonly (ManeuverChoice & { readonly current: boolean })[];
  readonly attackKinds: readonly {
    readonly id: WeaponKind;
    readonly label: string;
    readonly checked: boolean;
  }[];
  readonly attackKindLabel: string;
  readonly canClear: boolean;
  readonly clearLabel: string;
  /** What the "cannot be held" mark means, shown under the list; "" when no entry carries it. */
  readonly legend: string;
}

/** The badge's pop-up menu for one combatant. */
export function maneuverMenuView(
  row: Pick<TrackerRowInput, "id" | "name" | "mv" | "held" | "maneuver" | "attackKind">,
  fallbackKind: WeaponKind | null,
  localize: Localize,
  readying: Readying | null = null,
  readyings: readonly Readying[] = ["weapon"],
): ManeuverMenuView {
  const kind = row.attackKind ?? fallbackKind ?? "melee";
  const readied = readyingOf(readying);
  const choices = maneuverChoices(row.mv, row.held, localize, readyings);
  return {
    combatantId: row.id,
    title: localize("FANGS.Combat.Menu.Title", { name: row.name }),
    choices: choices.map((c) => ({
      ...c,
      current: c.id === row.maneuver && (readyings.length < 2 || c.readying === readied),
    })),
    attackKinds: (["melee", "thrown", "missile"] as const).map((id) => ({
      id,
      label: localize(KIND_KEYS[id]),
      checked: id === kind,
    })),
    attackKindLabel: localize("FANGS.Combat.Menu.AttackWith"),
    canClear: row.maneuver !== null,
    clearLabel: localize("FANGS.Combat.Menu.Clear"),
    legend: choices.some((c) => !c.holdable) ? localize("FANGS.Combat.Menu.NotHoldableLegend") : "",
  };
}
