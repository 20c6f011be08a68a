import type { Effect } from "../../../rules/kernel/effects";
import type { LunosRules } from "../../../rules/lunos/config";
import {
  type AttackOutcome,
  type FighterState,
  type FightView,
  fighterOf,
  type Grapple,
  type LunosFight,
  slotLevels,
} from "../../../rules/lunos/round-engine";
import { chokeRounds, LUNOS_TIMED } from "../../../rules/lunos/timed-statuses";
import { CAUGHT_WEAPON_KIND } from "./caught-weapon";
import { CHOKE_KIND } from "./choke-clock";

/**
 * What an attack's outcome changes on the table, as the shared applier's
 * effects (src/effects/apply-effects.ts): the levels each target took of
 * each kind (the engine's tallies, on the `health.<kind>` pools), the
 * statuses the blow put on (out from the pain, prone, stunned, disarmed,
 * grappled, pinned, threatened, tagged, dead), the dying and choke clocks
 * as timed statuses (the choke's as long as its victim's Body gives), and
 * a caught weapon moved to its catcher. Worked out
 * from the fight before and after, so what the card applies is what the
 * engine decided. The levels a blow adds are told from the same base the
 * engine fills them from (the slot's start with the slot's earlier blows,
 * `slotLevels`), never from the actor's levels now: two blows of one slot
 * each add their own levels once, in either order, and a GM's edit by hand
 * stays under them. Pure.
 */

const KINDS = ["bruising", "wounding", "trauma"] as const;

function status(actorId: string, id: string): Effect {
  return { kind: "status", actorId, status: id, active: true };
}

function grappleOf(grapples: readonly Grapple[], id: string): Grapple | null {
  return grapples.find((g) => g.a === id || g.b === id) ?? null;
}

/** The effects of one target's share of the outcome. */
function targetEffects(
  was: FighterState,
  now: FighterState,
  outcome: AttackOutcome,
  before: LunosFight,
  uuidOf: (id: string) => string,
  view: FightView,
  rules: LunosRules,
): Effect[] {
  const actorId = uuidOf(now.id);
  const out: Effect[] = [];
  for (const kind of KINDS) {
    const taken = now[kind] - was[kind];
    if (taken !== 0) out.push({ kind: "pool", actorId, pool: `health.${kind}`, amount: -taken });
  }
  if (now.dead && !was.dead) out.push(status(actorId, "dead"));
  else {
    if (now.dying >= 0 && was.dying < 0)
      out.push({ kind: "timedStatus", actorId, timedStatus: LUNOS_TIMED.dying });
    if (now.unconscious && !was.unconscious) out.push(status(actorId, "unconscious"));
  }
  if (now.prone && !was.prone) out.push(status(actorId, "prone"));
  if (now.stunned && !was.stunned) out.push(status(actorId, "stunned"));
  if (now.weapon !== "held" && was.weapon === "held") out.push(status(actorId, "disarmed"));
  // Caught now, whether it was in hand or lying where a Disarm of the same slot flung it (the item stays on the
  // sheet while it lies there).
  if (now.weapon === "caught" && was.weapon !== "caught") {
    const weapon = view.sheet(now.id).weapon;
    if (weapon !== null)
      out.push({
        kind: "ruleset",
        effectKind: CAUGHT_WEAPON_KIND,
        actorId,
        data: { to: uuidOf(outcome.attack.attackerId), itemId: weapon.id },
      });
  }
  const maneuvers = outcome.targets.find((t) => t.id === now.id)?.maneuvers ?? [];
  if (maneuvers.includes("tag")) out.push(status(actorId, "tagged"));
  if (maneuvers.includes("threaten")) out.push(status(actorId, "threatened"));
  const g0 = grappleOf(before.grapples, now.id);
  const g1 = grappleOf(outcome.fight.grapples, now.id);
  if (g1 && !g0) out.push(status(actorId, "grappled"));
  // The hold may pass to another of the slot (the stronger grapple holds): the mark follows it, and the one let
  // go loses it unless it still holds someone.
  const p0 = g0 ? (g0.a === now.id ? g0.b : g0.a) : null;
  const p1 = g1 ? (g1.a === now.id ? g1.b : g1.a) : null;
  if (p1 !== null && p1 !== p0) out.push(status(uuidOf(p1), "grappled"));
  if (p0 !== null && p0 !== p1 && !grappleOf(outcome.fight.grapples, p0))
    out.push({ kind: "status", actorId: uuidOf(p0), status: "grappled", active: false });
  if (g1?.pinnedBy && g1.pinnedBy !== now.id && g0?.pinnedBy !== g1.pinnedBy)
    out.push(status(actorId, "pinned"));
  if (g1?.choke && g1.choke.victim === now.id && !(g0?.choke && g0.choke.victim === now.id))
    out.push({
      kind: "ruleset",
      effectKind: CHOKE_KIND,
      actorId,
      data: { rounds: chokeRounds(view.sheet(now.id).abilities.body, rules) },
    });
  return out;
}

/**
 * The effects of an attack's outcome, by actor UUID: `before` is the
 * fight the outcome was resolved from, `uuidOf` a fighter's actor.
 */
export function attackEffects(
  before: LunosFight,
  outcome: AttackOutcome,
  uuidOf: (id: string) => string,
  view: FightView,
  rules: LunosRules,
): Effect[] {
  const out: Effect[] = [];
  for (const t of outcome.targets) {
    if (!t.hit) continue;
    out.push(
      ...targetEffects(
        { ...fighterOf(before, t.id), ...slotLevels(before, t.id, view, rules) },
        fighterOf(outcome.fight, t.id),
        outcome,
        before,
        uuidOf,
        view,
        rules,
      ),
    );
  }
  return out;
}

/**
 * The threatened status off every fighter a threat held before and none
 * holds after (LUN-MNV-3: a threat struck ends), so the card's Undo puts
 * it back with the threat.
 */
export function threatEndEffects(
  before: LunosFight,
  after: LunosFight,
  uuidOf: (id: string) => string,
): Effect[] {
  const held = new Set(after.threats.map((t) => t.target));
  const ended = new Set(before.threats.map((t) => t.target).filter((id) => !held.has(id)));
  return [...ended].map((id) => ({
    kind: "status",
    actorId: uuidOf(id),
    status: "threatened",
    active: false,
  }));
}
