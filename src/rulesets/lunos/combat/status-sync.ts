import { applyEffects } from "../../../effects/apply-effects";
import type { Effect } from "../../../rules/kernel/effects";
import type { FighterState, Grapple, LunosFight } from "../../../rules/lunos/round-engine";
import type { LunosStatusId } from "../../../rules/lunos/statuses";
import type { LunosTableRead } from "./fight-read";

/**
 * The token statuses a Lunos round takes off when the engine ends what
 * they show (rules review: the attack card only ever puts them on). The
 * round's start (`startRound`) ends a stun once its round is spent, a tag
 * (a show of the round it was made in), the grapples whose member is out,
 * a pin or a choke its victim broke with a check, the threats whose maker
 * is out; the defense rolls (`beginAttacks`) end a prone fighter's fall
 * (stood up), a disarm (the weapon picked up), a grapple left, a threat
 * not kept up, and a dying fighter's clock (tended: the status stays, its
 * clock goes). Worked out from the fight before and after the move
 * (`statusesEnded`, pure), written through the shared applier on the
 * active GM's client after the move's plan (./round-dice.ts). Lunos's
 * heavy part.
 */

/** One status the round ended on a fighter; `clockOnly`: the status stays, its timed clock is stopped. */
export interface EndedStatus {
  readonly id: string;
  readonly status: LunosStatusId;
  readonly clockOnly?: boolean;
}

function grappleIn(grapples: readonly Grapple[], id: string): Grapple | null {
  return grapples.find((g) => g.a === id || g.b === id) ?? null;
}

const pinned = (g: Grapple | null, id: string) => g !== null && g.pinnedBy !== null && g.pinnedBy !== id;
const choked = (g: Grapple | null, id: string) => g !== null && g.choke !== null && g.choke.victim === id;
const threatened = (fight: LunosFight, id: string) => fight.threats.some((t) => t.target === id);

/**
 * What the move from `before` to `after` ended, fighter by fighter.
 * `roundStart`: the move opened a round (a stun not renewed as the last
 * round ended, and every tag, come off then).
 */
export function statusesEnded(before: LunosFight, after: LunosFight, roundStart: boolean): EndedStatus[] {
  const out: EndedStatus[] = [];
  const was = new Map<string, FighterState>(before.fighters.map((f) => [f.id, f]));
  for (const now of after.fighters) {
    const f = was.get(now.id);
    if (f === undefined) continue;
    const id = now.id;
    const end = (status: LunosStatusId, clockOnly = false) =>
      out.push(clockOnly ? { id, status, clockOnly } : { id, status });
    if (f.prone && !now.prone) end("prone");
    if (f.weapon !== "held" && now.weapon === "held") end("disarmed");
    // A stun bought in the round just ended counts in the round opening (one action): it comes off at the next.
    if (roundStart && !f.stunned) end("stunned");
    if (roundStart) end("tagged");
    const g0 = grappleIn(before.grapples, id);
    const g1 = grappleIn(after.grapples, id);
    if (g0 !== null && g1 === null) end("grappled");
    if (pinned(g0, id) && !pinned(g1, id)) end("pinned");
    // A choke ended stops its clock, and the one after it: a victim it put out stays out, but does not die of it.
    if (choked(g0, id) && !choked(g1, id)) {
      end("choking");
      end("unconscious", true);
    }
    if (threatened(before, id) && !threatened(after, id)) end("threatened");
    if (!f.tended && now.tended && !now.dead) end("dying", true);
  }
  return out;
}

/**
 * Takes the ended statuses off the fighters' actors, through the shared
 * applier (only what an actor shows changes). A stopped clock is the
 * status put back on its own, without the timed effect that would have
 * run it out.
 */
export async function syncLunosStatuses(
  read: LunosTableRead,
  before: LunosFight,
  after: LunosFight,
  roundStart: boolean,
): Promise<void> {
  const ended = statusesEnded(before, after, roundStart);
  if (ended.length === 0) return;
  const uuidOf = (id: string) => read.combatants.get(id)?.actor?.uuid ?? null;
  const off: Effect[] = [];
  const back: Effect[] = [];
  for (const e of ended) {
    const actor = read.combatants.get(e.id)?.actor ?? null;
    const actorId = uuidOf(e.id);
    if (actor === null || actorId === null) continue;
    off.push({ kind: "status", actorId, status: e.status, active: false });
    // Only a clock the actor shows is stopped: a status it never had is not put on.
    if (e.clockOnly && actor.statuses?.has(e.status))
      back.push({ kind: "status", actorId, status: e.status, active: true });
  }
  const combat = read.combat;
  if (off.length > 0) await applyEffects(off, { combat });
  if (back.length > 0) await applyEffects(back, { combat });
}
