import {
  type TrackerBadge,
  type TrackerPartView,
  type TrackerRowContext,
  type TrackerRowDrawing,
  type TrackerRowPartView,
  trackerWords,
} from "../../combat/tracker-parts";
import type { Localize } from "../../config/localize";
import type { RulesetPhase } from "../../rules/kernel/ruleset";

export type { TrackerBadge };

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
  /** It holds its action (a ruleset with holds). */
  readonly held: boolean;
  readonly outOfAction: boolean;
  /** Foundry's own row classes (hidden, defeated…), kept. */
  readonly css?: string;
  /** The Combat Tracker's "Tracked Resource" read from this combatant's actor; null when none is set or found. */
  readonly resource?: TrackedResource | null;
  /** The conditions on its actor, in the order of the token's status menu. */
  readonly statuses?: readonly StatusInput[];
  /** What the world ruleset's row part read of it (`TrackerRowPart.read`); absent without a row part. */
  readonly part?: unknown;
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
  /** One of `phases`. */
  readonly phase: string;
  /** The world ruleset's phases, in round order. */
  readonly phases: readonly RulesetPhase[];
  /** Whether the ruleset has holds; without them no hold buttons show. */
  readonly holds: boolean;
  /** The world ruleset's lang prefix: its words for the badges and hold controls (`trackerWords`). */
  readonly langPrefix: string;
  readonly order: readonly string[];
  /**
   * Whose turn it is: several when a group acts at once (src/combat/turn-groups.ts);
   * absent, the one `order[turn]` names.
   */
  readonly acting?: readonly string[];
  readonly isGM: boolean;
  /** In the combat's turn order. */
  readonly rows: readonly TrackerRowInput[];
  /** The world ruleset's part of each row (its cells, badges, summary); without one, the shared cells only. */
  // biome-ignore lint/suspicious/noExplicitAny: each ruleset's row data is its own
  readonly rowPart?: TrackerRowDrawing<any, any>;
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
  /** The world ruleset's cells of this row: its partial and what it draws; null for none. */
  readonly part: TrackerPartView | null;
  readonly canHold: boolean;
  readonly canBreak: boolean;
  readonly held: boolean;
  /** The ruleset's badges first, then the shared ones (out of action, holding). */
  readonly badges: readonly TrackerBadge[];
  /** `text` as the column shows it; `label` says what it is, for the tooltip and screen readers. */
  readonly resource: { readonly text: string; readonly label: string } | null;
  /** Each condition's icon, named by `label` (its alt text and tooltip). */
  readonly statuses: readonly { readonly id: string; readonly img: string; readonly label: string }[];
}

export interface PhaseStep {
  readonly id: string;
  readonly label: string;
  readonly css: string;
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
  /** The world ruleset's note under the phase bar (FANGS: how many have not declared), or null. */
  readonly summary: TrackerPartView | null;
  readonly labels: Readonly<Record<string, string>>;
}

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

export function trackerView(input: TrackerInput, localize: Localize): TrackerView {
  const started = input.round >= 1;
  const rank = new Map(input.order.map((id, i) => [id, i]));
  const turn = input.turn;
  const { phases, holds, rowPart } = input;
  const actingNow = input.acting ? new Set(input.acting) : null;
  const words = trackerWords(input.langPrefix, rowPart?.words);
  /** The ruleset's share of each row, worked out once (its summary reads them all). */
  const parts = new Map<string, TrackerRowPartView>();
  const partOf = (row: TrackerRowInput): TrackerRowPartView | null => {
    if (!rowPart || row.part === undefined) return null;
    const known = parts.get(row.id);
    if (known) return known;
    const at = rank.get(row.id);
    const inOrder = started && at !== undefined;
    const context: TrackerRowContext = {
      id: row.id,
      name: row.name,
      isGM: input.isGM,
      mayAct: input.isGM || row.owner,
      started,
      phase: input.phase,
      at: at ?? null,
      turn,
      active: inOrder && turn !== null && (actingNow ? actingNow.has(row.id) : at === turn),
      acted: inOrder && turn !== null && at! < turn && !(actingNow?.has(row.id) ?? false),
      held: row.held,
      outOfAction: row.outOfAction,
    };
    const view = rowPart.view(row.part, context, localize);
    parts.set(row.id, view);
    return view;
  };
  /** `place`: 1-based among the acting rows shown (no gap for a holder, nor a combatant hidden from this viewer). */
  const rowView = (row: TrackerRowInput, place: number | null = null): TrackerRowView => {
    const at = rank.get(row.id);
    const inOrder = started && at !== undefined;
    const active = inOrder && turn !== null && (actingNow ? actingNow.has(row.id) : at === turn);
    const acted = inOrder && turn !== null && at! < turn && !active;
    const mayAct = input.isGM || row.owner;
    const stillToAct = inOrder && turn !== null && at! >= turn;
    const part = partOf(row);
    const badges: TrackerBadge[] = [...(part?.badges ?? [])];
    if (row.outOfAction) badges.push({ css: "out", label: localize(words.outOfAction) });
    if (row.held) badges.push({ css: "held", label: localize(words.holding) });
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
      part: rowPart && part?.cells ? { template: rowPart.template, data: part.cells } : null,
      canHold:
        holds && mayAct && started && stillToAct && !row.held && !row.outOfAction && (part?.holdable ?? true),
      canBreak: holds && mayAct && started && row.held && !row.outOfAction,
      held: row.held,
      badges,
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
  const actingRows = acting.map((row, i) => rowView(row, i + 1));
  const heldRows = held.map((row) => rowView(row));
  const otherRows = others.map((row) => rowView(row));
  const cells = input.rows.flatMap((row) => {
    const c = partOf(row)?.cells;
    return c === null || c === undefined ? [] : [c];
  });
  const summary =
    rowPart?.summary?.(cells, { started, phase: input.phase, isGM: input.isGM }, localize) ?? null;
  const heldLabel = localize(words.heldList);
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
    summary,
    labels: {
      hold: localize(words.hold),
      breakHold: localize(words.breakHold),
      breakTogether: localize(words.breakTogether),
      toggleHidden: localize("FANGS.Combat.Control.ToggleHidden"),
      toggleDefeated: localize("FANGS.Combat.Control.ToggleDefeated"),
      ping: localize("FANGS.Combat.Control.Ping"),
      select: localize(words.selectHolder),
      statuses: localize("FANGS.Combat.Tracker.Statuses"),
    },
  };
}
