import { MAX_POOL, type PoolRoll } from "../../../rules/lunos/pool";
import {
  type DefenseRecord,
  type FighterState,
  type Grapple,
  type LandedBlow,
  type LunosAction,
  type LunosFight,
  type LunosPlan,
  type PendingAttack,
  type SlotHold,
  startFight,
  type TargetRoll,
  type Threat,
} from "../../../rules/lunos/round-engine";
import { MANEUVERS, type Maneuver } from "../../../rules/lunos/types";
import { parsePlan } from "./lunos-table";

/**
 * The round engine's fight as the Combat stores it (`system.records.fight`,
 * ./record.ts) and read back. Only the active GM writes it, but a record is
 * data from outside all the same (a macro, an imported world, a module):
 * every id must name a fighter of the fight, every figure be a whole number
 * in its range, every choice one the engine knows, or the record is refused
 * as a whole (`BadFightRecord`). What is written has every field present,
 * none left undefined, so an update merged into the stored object leaves
 * nothing of the fight before. Lunos's heavy part.
 */

type Loose = Record<string, unknown>;

/** A stored fight the table does not read: which part is off. */
export class BadFightRecord extends Error {
  override readonly name = "BadFightRecord";
}

const bad = (what: string): never => {
  throw new BadFightRecord(`the stored Lunos fight is not read: ${what}`);
};

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function obj(value: unknown, what: string): Loose {
  return isPlain(value) ? value : bad(`${what} is not an object`);
}

function int(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    return bad(`${what} is ${String(value)}, not a whole number from ${min} to ${max}`);
  return value;
}

function bool(value: unknown, what: string): boolean {
  return typeof value === "boolean" ? value : bad(`${what} is not true or false`);
}

function oneOf<const T extends string>(value: unknown, choices: readonly T[], what: string): T {
  return choices.includes(value as T) ? (value as T) : bad(`${what} is "${String(value)}"`);
}

function list(value: unknown, what: string): unknown[] {
  return Array.isArray(value) ? value : bad(`${what} is not a list`);
}

/** The most a count of the fight goes: rounds, levels, successes; far above any fight. */
const MOST = 9999;

/* -------------------------------------------- */
/*  Writing                                     */
/* -------------------------------------------- */

function storedAction(a: LunosAction): Loose {
  switch (a.kind) {
    case "attack":
    case "powerAttack":
    case "flurry":
      return {
        kind: a.kind,
        targets: [...a.targets],
        ...(a.kind === "flurry" ? { against: [...a.against] } : {}),
        skill: a.skill ?? null,
        declared: a.declared ?? null,
        forgoDamage: a.forgoDamage === true,
      };
    case "defense":
    case "parry":
    case "fullDefense":
      return { kind: a.kind, against: [...a.against] };
    case "move":
      return { kind: a.kind, feet: a.feet };
    case "other":
      return { kind: a.kind, task: a.task, target: a.target ?? null };
    case "magic":
      return { kind: a.kind, healing: a.healing === true };
  }
}

/** A plan as stored: each action with every field, the lunge and the roll to stand said. */
export function storedPlan(plan: LunosPlan): Loose {
  return {
    actions: plan.actions.map(storedAction),
    lunge: plan.lunge === true,
    standByRoll: plan.standByRoll === true,
  };
}

const roll = (r: PoolRoll | null): Loose | null => (r === null ? null : { ...r });

function storedFighter(f: FighterState): Loose {
  return {
    ...f,
    initiative: roll(f.initiative),
    grappleCheck: roll(f.grappleCheck),
    plan: f.plan === null ? null : storedPlan(f.plan),
    defense:
      f.defense === null
        ? null
        : { kind: f.defense.kind, against: [...f.defense.against], roll: roll(f.defense.roll) },
  };
}

const storedGrapple = (g: Grapple): Loose => ({
  a: g.a,
  b: g.b,
  pinnedBy: g.pinnedBy,
  choke: g.choke === null ? null : { ...g.choke },
});

/** The fight as the Combat stores it: plain data, every field present. */
export function storedFight(fight: LunosFight): Loose {
  const p = fight.pending;
  return {
    round: fight.round,
    phase: fight.phase,
    slots: fight.slots.map((s) => [...s]),
    slot: fight.slot,
    fighters: fight.fighters.map(storedFighter),
    grapples: fight.grapples.map(storedGrapple),
    threats: fight.threats.map((t) => ({ ...t })),
    pending:
      p === null
        ? null
        : {
            attackerId: p.attackerId,
            kind: p.kind,
            roll: roll(p.roll),
            targets: p.targets.map((t) => ({ ...t })),
            declared: p.declared,
            forgoDamage: p.forgoDamage,
            free: p.free,
            armed: p.armed,
            grapple: p.grapple,
          },
    slotStart: {
      fighters: fight.slotStart.fighters.map(storedFighter),
      grapples: fight.slotStart.grapples.map(storedGrapple),
    },
    landed: fight.landed.map((l) => ({ target: l.target, damage: { ...l.damage } })),
    holds: fight.holds.map((h) => ({ ...h })),
  };
}

/* -------------------------------------------- */
/*  Reading                                     */
/* -------------------------------------------- */

function poolRoll(value: unknown, what: string): PoolRoll {
  const r = obj(value, what);
  return {
    dice: int(r.dice, `${what}'s dice`, 0, MAX_POOL),
    luck: int(r.luck, `${what}'s luck die`, 0, 100),
    rolled: int(r.rolled, `${what}'s rolled successes`, 0, MAX_POOL),
    automatic: int(r.automatic, `${what}'s automatic successes`, 0, MAX_POOL),
    bonus: int(r.bonus, `${what}'s bonus successes`, 0, MAX_POOL),
    outcome: oneOf(r.outcome, ["normal", "disaster", "dramatic"], `${what}'s outcome`),
    successes: int(r.successes, `${what}'s successes`, 0, MAX_POOL * 3),
  };
}

const orNull = <T>(value: unknown, read: (v: unknown) => T): T | null =>
  value === null ? null : read(value);

/** The ids a record may name: the stored fight's fighters. */
type Known = ReadonlySet<string>;

function known(value: unknown, ids: Known, what: string): string {
  return typeof value === "string" && ids.has(value) ? value : bad(`${what} names no fighter of the fight`);
}

function knownList(value: unknown, ids: Known, what: string): string[] {
  return list(value, what).map((id) => known(id, ids, what));
}

function plan(value: unknown, ids: Known, what: string): LunosPlan {
  const p = obj(value, what);
  // The same check as a declaration's request, then every id against the fight.
  const checked = parsePlan({
    actions: list(p.actions, `${what}'s actions`).map((a) => {
      const x = obj(a, `${what}'s action`);
      // Stored with every field: the request's form leaves out what is not said.
      return Object.fromEntries(Object.entries(x).filter(([, v]) => v !== null));
    }),
    lunge: bool(p.lunge, `${what}'s lunge`),
    standByRoll: bool(p.standByRoll, `${what}'s roll to stand`),
  });
  if (checked === null) return bad(`${what} is not a plan the table reads`);
  for (const action of checked.actions) {
    const named = [
      ...("targets" in action ? action.targets : []),
      ...("against" in action ? action.against : []),
      ...(action.kind === "other" && action.target !== undefined ? [action.target] : []),
    ];
    for (const id of named) known(id, ids, `${what}'s action`);
  }
  return checked;
}

function defense(value: unknown, ids: Known, what: string): DefenseRecord {
  const d = obj(value, what);
  return {
    kind: oneOf(d.kind, ["defense", "parry", "fullDefense", "flurry"], `${what}'s kind`),
    against: knownList(d.against, ids, `${what}'s opponents`),
    roll: poolRoll(d.roll, what),
  };
}

function fighter(value: unknown, ids: Known, what: string): FighterState {
  const f = obj(value, what);
  const id = known(f.id, ids, what);
  const w = `${what} "${id}"`;
  return {
    id,
    bruising: int(f.bruising, `${w}'s bruising`, 0, MOST),
    wounding: int(f.wounding, `${w}'s wounding`, 0, MOST),
    trauma: int(f.trauma, `${w}'s trauma`, 0, MOST),
    dead: bool(f.dead, `${w}'s death`),
    unconscious: bool(f.unconscious, `${w}'s unconsciousness`),
    dying: int(f.dying, `${w}'s dying rounds`, -1, MOST),
    lastMagic: int(f.lastMagic, `${w}'s last magic`, -1, MOST),
    lastMagicKills: bool(f.lastMagicKills, `${w}'s last magic`),
    tended: bool(f.tended, `${w}'s tending`),
    prone: bool(f.prone, `${w}'s standing`),
    weapon: oneOf(f.weapon, ["held", "caught", "lying"], `${w}'s weapon`),
    lunged: bool(f.lunged, `${w}'s lunge`),
    stunned: bool(f.stunned, `${w}'s stun`),
    lostActions: int(f.lostActions, `${w}'s lost actions`, 0, 99),
    actions: int(f.actions, `${w}'s actions`, 0, 99),
    rollDice: int(f.rollDice, `${w}'s dice off`, 0, 99),
    lungedLast: bool(f.lungedLast, `${w}'s last lunge`),
    initiative: orNull(f.initiative, (v) => poolRoll(v, `${w}'s initiative`)),
    plan: orNull(f.plan, (v) => plan(v, ids, `${w}'s plan`)),
    defense: orNull(f.defense, (v) => defense(v, ids, `${w}'s defense`)),
    attacked: bool(f.attacked, `${w}'s attack`),
    grappleCheck: orNull(f.grappleCheck, (v) => poolRoll(v, `${w}'s grapple check`)),
    mayAct: bool(f.mayAct, `${w}'s grapple check`),
    outAtSlot: int(f.outAtSlot, `${w}'s slot put out`, -1, MOST),
  };
}

function fighters(value: unknown, ids: Known, what: string): FighterState[] {
  const out = list(value, what).map((f) => fighter(f, ids, what));
  if (new Set(out.map((f) => f.id)).size !== out.length) bad(`${what} names a fighter twice`);
  return out;
}

function grapple(value: unknown, ids: Known): Grapple {
  const g = obj(value, "a grapple");
  const a = known(g.a, ids, "a grapple");
  const b = known(g.b, ids, "a grapple");
  if (a === b) bad("a grapple holds one fighter alone");
  const member = (v: unknown, what: string) => (v === a || v === b ? (v as string) : bad(what));
  const choke = orNull(g.choke, (v) => {
    const c = obj(v, "a choke");
    return {
      by: member(c.by, "a choke's choker is not in its grapple"),
      victim: member(c.victim, "a choke's victim is not in its grapple"),
      rounds: int(c.rounds, "a choke's rounds", 0, MOST),
    };
  });
  const pinnedBy = orNull(g.pinnedBy, (v) => member(v, "a pin's holder is not in its grapple"));
  return { a, b, pinnedBy, choke };
}

function threat(value: unknown, ids: Known): Threat {
  const t = obj(value, "a threat");
  return {
    by: known(t.by, ids, "a threat"),
    target: known(t.target, ids, "a threat"),
    margin: int(t.margin, "a threat's margin", 0, MOST),
    since: int(t.since, "a threat's round", 0, MOST),
  };
}

function targetRoll(value: unknown, ids: Known): TargetRoll {
  const t = obj(value, "an attack's target");
  return {
    id: known(t.id, ids, "an attack's target"),
    defense: int(t.defense, "a target's defense", 0, MOST),
    difficulty: int(t.difficulty, "a target's difficulty", 0, MOST),
    hit: bool(t.hit, "a target's hit"),
    extra: int(t.extra, "a target's extra successes", 0, MOST),
  };
}

function pending(value: unknown, ids: Known): PendingAttack {
  const p = obj(value, "the attack waiting");
  return {
    attackerId: known(p.attackerId, ids, "the attack waiting"),
    kind: oneOf(p.kind, ["attack", "powerAttack", "flurry"], "the attack waiting's kind"),
    roll: poolRoll(p.roll, "the attack waiting's roll"),
    targets: list(p.targets, "the attack's targets").map((t) => targetRoll(t, ids)),
    declared: orNull(p.declared, (v) => oneOf<Maneuver>(v, MANEUVERS, "a declared maneuver")),
    forgoDamage: bool(p.forgoDamage, "the attack's damage forgone"),
    free: int(p.free, "the attack's free successes", 0, MOST),
    armed: bool(p.armed, "the attack's weapon"),
    grapple: bool(p.grapple, "the attack's grapple"),
  };
}

function landed(value: unknown, ids: Known): LandedBlow {
  const l = obj(value, "a blow landed");
  const d = obj(l.damage, "a blow's damage");
  return {
    target: known(l.target, ids, "a blow landed"),
    damage: {
      points: int(d.points, "a blow's points", 0, MOST),
      bruising: int(d.bruising, "a blow's bruising", 0, MOST),
      wounding: int(d.wounding, "a blow's wounding", 0, MOST),
      trauma: int(d.trauma, "a blow's trauma", 0, MOST),
    },
  };
}

function hold(value: unknown, ids: Known): SlotHold {
  const h = obj(value, "a hold bought");
  return {
    kind: oneOf(h.kind, ["grapple", "pin", "choke"], "a hold's kind"),
    by: known(h.by, ids, "a hold bought"),
    target: known(h.target, ids, "a hold bought"),
    extra: int(h.extra, "a hold's extra successes", 0, MOST),
  };
}

/** The stored fight checked whole; throws `BadFightRecord` on anything off. */
export function readStoredFight(value: unknown): LunosFight {
  const s = obj(value, "the fight");
  const raw = list(s.fighters, "the fighters");
  const ids = new Set(raw.map((f) => (isPlain(f) && typeof f.id === "string" ? f.id : "")));
  ids.delete("");
  const all = fighters(raw, ids, "a fighter");
  const slots = list(s.slots, "the order").map((slot) => knownList(slot, ids, "the order"));
  const ordered = slots.flat();
  if (new Set(ordered).size !== ordered.length || slots.some((slot) => slot.length === 0))
    bad("the order names a fighter twice, or has an empty slot");
  const start = obj(s.slotStart, "the slot's start");
  return {
    round: int(s.round, "the round", 0, MOST),
    phase: oneOf(s.phase, ["declare", "attack", "end"], "the phase"),
    slots,
    slot: int(s.slot, "the slot", 0, slots.length),
    fighters: all,
    grapples: list(s.grapples, "the grapples").map((g) => grapple(g, ids)),
    threats: list(s.threats, "the threats").map((t) => threat(t, ids)),
    pending: orNull(s.pending, (v) => pending(v, ids)),
    slotStart: {
      fighters: fighters(start.fighters, ids, "a fighter as the slot began"),
      grapples: list(start.grapples, "the grapples as the slot began").map((g) => grapple(g, ids)),
    },
    landed: list(s.landed, "the blows landed").map((l) => landed(l, ids)),
    holds: list(s.holds, "the holds bought").map((h) => hold(h, ids)),
  };
}

/** A fighter new to the fight: the engine's own unhurt one; after the round's start it sits the round out. */
function joining(id: string, fight: LunosFight): FighterState {
  const fresh = startFight([id, `${id}-`]).fighters[0]!;
  return fight.phase === "end" ? fresh : { ...fresh, plan: { actions: [] } };
}

/**
 * A fighter's plan and defense without those gone: an attack or a declared
 * defense left facing no one is dropped from the plan; a defense already
 * rolled stays, covering those still here.
 */
function without(f: FighterState, stays: (id: string) => boolean): FighterState {
  const keep = (ids: readonly string[]) => ids.filter(stays);
  const actions = f.plan?.actions.flatMap((a): LunosAction[] => {
    if (a.kind === "other")
      return a.target === undefined || stays(a.target) ? [a] : [{ kind: "other", task: a.task }];
    if (a.kind === "move" || a.kind === "magic") return [a];
    const targets = "targets" in a ? keep(a.targets) : null;
    const against = "against" in a ? keep(a.against) : null;
    if (targets?.length === 0 || against?.length === 0) return [];
    return [{ ...a, ...(targets ? { targets } : {}), ...(against ? { against } : {}) } as LunosAction];
  });
  return {
    ...f,
    plan: f.plan === null ? null : { ...f.plan, actions: actions ?? [] },
    defense: f.defense === null ? null : { ...f.defense, against: keep(f.defense.against) },
  };
}

/**
 * The fight with the combat's fighters as they are now: those gone are
 * taken out of it (the order, grapples, threats, the slot's blows), those
 * new join it unhurt, sitting out the round under way (they have no
 * initiative); the plans and defenses no longer name those gone. The slot
 * stays on whoever had it, or the next slot left.
 */
export function withFighters(fight: LunosFight, present: readonly string[]): LunosFight {
  const here = new Set(present);
  const stays = (id: string) => here.has(id);
  let slot = fight.slot;
  const slots: string[][] = [];
  fight.slots.forEach((s, i) => {
    const kept = s.filter(stays);
    if (kept.length > 0) slots.push(kept);
    else if (i < fight.slot) slot -= 1;
  });
  const fighters = fight.fighters.filter((f) => stays(f.id)).map((f) => without(f, stays));
  for (const id of present) if (!fighters.some((f) => f.id === id)) fighters.push(joining(id, fight));
  const grapplesOf = (gs: readonly Grapple[]) => gs.filter((g) => stays(g.a) && stays(g.b));
  const p = fight.pending;
  return {
    ...fight,
    slots,
    slot: Math.min(Math.max(0, slot), slots.length),
    fighters,
    grapples: grapplesOf(fight.grapples),
    threats: fight.threats.filter((t) => stays(t.by) && stays(t.target)),
    pending:
      p === null || !stays(p.attackerId)
        ? null
        : p.targets.every((t) => stays(t.id))
          ? p
          : { ...p, targets: p.targets.filter((t) => stays(t.id)) },
    slotStart: {
      fighters: fight.slotStart.fighters.filter((f) => stays(f.id)).map((f) => without(f, stays)),
      grapples: grapplesOf(fight.slotStart.grapples),
    },
    landed: fight.landed.filter((l) => stays(l.target)),
    holds: fight.holds.filter((h) => stays(h.by) && stays(h.target)),
  };
}
