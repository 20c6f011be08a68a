import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AnyActor,
  ask,
  type ExchangeModules,
  itemId,
  lastMessage,
  loadExchange,
  stateOf,
  target,
} from "../../test/foundry/chat-fixtures";
import {
  type ChatMessage,
  GridScene,
  SquareGrid,
  setOwners,
  type TestUser,
  type TokenDocument,
  world,
} from "../../test/foundry/chat-stand-in";
import { standIn } from "../../test/foundry/setup";
import type { FangsCombat } from "../documents/combat";
import type { FangsCombatant } from "../documents/combatant";
import { STATUS_ALIASES } from "../effects/effect-plan";
import { weaponAtHand } from "../rules/fangs/character";
import { type DefenseUsage, emptyDefenseUsage } from "../rules/fangs/defenses";
import type { DialogFacts } from "../rulesets/fangs/apps/attack/attack-dialog";
import { fangsRound } from "../rulesets/fangs/combat/combatant-round";
import { MANEUVER_STATUS_ID } from "../rulesets/fangs/combat/maneuver-status";
import {
  type DuelEvent,
  type FighterAfter,
  type FightLook,
  type FightRecorder,
  type TurnTrace,
  traceFight,
} from "../rulesets/fangs/sim/duel";
import { type FighterSheet, fighterFromActorData } from "../rulesets/fangs/sim/fighter";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import type { RosterEntry } from "../rulesets/fangs/sim/roster";

/**
 * NC-RND-3, NC-DMG-13, CORE-CON-1: the simulator and the table play the same
 * fight. A seeded fight is played by the simulator (its round engine driven
 * by the default policy and seeded dice), which tells a recorder every die,
 * turn, event and exchange as they come. The fight is then played again at
 * the table on the Foundry stand-in: the tracker's FangsCombat walks the
 * round; each policy decision becomes a person's click (the maneuver
 * declared on the fighter's Initiative turn by its owner, the attack started
 * by the attacker's owner, the defense chosen on the card by the defender's
 * owner, the GM's fumble ruling, damage and Apply); each exchange card gets
 * exactly the dice the simulator rolled for that exchange, and the round's
 * impale damage (the tracker's, before the Initiative order is drawn) the
 * dice the simulator rolled for it. What the table leaves to the GM's hands
 * (moving tokens and marking who is engaged, pulling a stuck weapon out,
 * equipping a drawn one, letting go of one who broke free, standing the
 * fallen up as a round begins) the test does as the GM would. After every
 * exchange, and after every round start that hurt someone (impale damage,
 * the dying's loss, CORE-CON-3), both logs must hold the same outcome,
 * damage, pools, item SP, weapons out of hand, stuck weapons, statuses, lost
 * actions and counted attacks and defenses, and the tracker must give the
 * turn the simulator's round engine gave.
 */

/** The attacker's dialog: the defaults (the policies trade nothing), and the simulator's answer to a withdrawal. */
let special: string | null = null;
const dialogs: DialogFacts[] = [];
vi.mock(import("../rulesets/fangs/apps/attack/attack-dialog"), async (original) => {
  const actual = await original();
  return {
    ...actual,
    askAttack: async (facts) => {
      dialogs.push(facts);
      // With one answer only there is nothing to choose: the card records it (specialRecord).
      return { ...actual.defaultAnswers(facts), special: facts.special ? special : null };
    },
  };
});

const roster = loadRoster(resolve(__dirname, "../.."));
let modules: ExchangeModules;
let FangsCombatClass: typeof FangsCombat;

beforeAll(async () => {
  modules = await loadExchange();
  ({ FangsCombat: FangsCombatClass } = await import("../documents/combat"));
  // A player's round actions (the declarations) go to the active GM as `registerCombat` wires them.
  const request = await import("../combat/request");
  CONFIG.queries[request.COMBAT_QUERY] = request.handleCombatAction;
});

type Obj = Record<string, unknown>;

function entry(name: string): RosterEntry {
  const found = roster.find((e) => e.name === name);
  if (!found) throw new Error(`no sample fighter ${name}`);
  return found;
}

/* -------------------------------------------- */
/*  The simulator's side                        */
/* -------------------------------------------- */

type Recorded =
  | { readonly kind: "die"; readonly faces: number; readonly result: number }
  | { readonly kind: "turn"; readonly turn: TurnTrace; readonly look: FightLook }
  | { readonly kind: "event"; readonly event: DuelEvent; readonly look: FightLook }
  | { readonly kind: "exchanged"; readonly look: FightLook };

function record(sides: readonly [readonly FighterSheet[], readonly FighterSheet[]], seed: number) {
  const items: Recorded[] = [];
  const recorder: FightRecorder = {
    die: (faces, result) => items.push({ kind: "die", faces, result }),
    turn: (turn, look) => items.push({ kind: "turn", turn, look: look() }),
    event: (event, look) => items.push({ kind: "event", event, look: look() }),
    exchanged: (look) => items.push({ kind: "exchanged", look: look() }),
  };
  const { result } = traceFight({ sides, maxRounds: 12 }, seed, recorder);
  return { result, items };
}

/* -------------------------------------------- */
/*  The table's side                            */
/* -------------------------------------------- */

interface Seat {
  readonly actor: AnyActor;
  readonly token: TokenDocument;
  readonly owner: TestUser;
  readonly combatant: FangsCombatant;
  /** Its items equipped as the fight began: what the simulator's fighter holds (src/rulesets/fangs/sim/fighter.ts). */
  readonly equippedAtStart: ReadonlySet<string>;
}

interface Table {
  readonly combat: FangsCombat;
  readonly seats: readonly Seat[];
  readonly scene: GridScene;
}

const GRID = 100;

async function actorFrom(data: Obj, owner: TestUser): Promise<AnyActor> {
  const copy = structuredClone(data);
  for (const key of ["_key", "folder", "ownership", "prototypeToken", "effects"]) delete copy[key];
  copy.items = (copy.items as Obj[]).map(({ _key, ...rest }) => rest);
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<AnyActor> };
  world.as(world.gm);
  const actor = await cls.create(copy);
  setOwners(actor, owner.id);
  return actor;
}

function equippedIds(actor: AnyActor): Set<string> {
  return new Set(
    actor.items
      .filter((i) => (i.system as unknown as { equipped?: boolean }).equipped === true)
      .map((i) => i.id!),
  );
}

async function setTable(datas: readonly (readonly Obj[])[]): Promise<Table> {
  world.reset();
  standIn.game.settings.storage.set("fangs.initiativeMode", "ag");
  standIn.game.settings.storage.set("fangs.maneuverIcons", false);
  const scene = new GridScene("sceneFight000001", new SquareGrid(GRID, 1));
  const combat = new FangsCombatClass() as FangsCombat & { add(actor: object): unknown };
  const actors: { actor: AnyActor; owner: TestUser; side: number }[] = [];
  for (const [side, list] of datas.entries()) {
    const owner = side === 0 ? world.player : world.defender;
    for (const data of list) actors.push({ actor: await actorFrom(data as Obj, owner), owner, side });
  }
  const seats: Seat[] = actors.map(({ actor, owner, side }, i) => {
    combat.add(actor);
    const token = world.token(actor as never, actor.name!, {
      scene,
      x: i * 3 * GRID,
      y: 0,
      disposition: side === 0 ? 1 : -1,
    });
    const combatant = combat.combatants.find((c) => c.actor === actor) as unknown as FangsCombatant;
    return { actor, token, owner, combatant, equippedAtStart: equippedIds(actor) };
  });
  world.combat = combat as never;
  return { combat, seats, scene };
}

/**
 * Where the tokens stand, as a GM drags them after the moves: enemies engaged with
 * each other side by side, every other pair of enemies two paces apart or more.
 */
function placeCells(look: FightLook, n: number): { col: number; row: number }[] {
  const cells: { col: number; row: number }[] = [];
  const enemies = new Map<string, boolean>();
  for (const p of look.pairs) {
    enemies.set(`${p.a}:${p.b}`, p.engaged);
    enemies.set(`${p.b}:${p.a}`, p.engaged);
  }
  const fits = (k: number, col: number, row: number): boolean => {
    for (let j = 0; j < k; j += 1) {
      const c = cells[j]!;
      if (c.col === col && c.row === row) return false;
      const engaged = enemies.get(`${j}:${k}`);
      if (engaged === undefined) continue;
      const dx = Math.abs(c.col - col);
      const dy = Math.abs(c.row - row);
      if (engaged ? dx + dy !== 1 : Math.max(dx, dy) < 2) return false;
    }
    return true;
  };
  const size = 3 * n + 2;
  const place = (k: number): boolean => {
    if (k === n) return true;
    for (let row = 0; row < size; row += 1)
      for (let col = 0; col < size; col += 1) {
        if (!fits(k, col, row)) continue;
        cells[k] = { col, row };
        if (place(k + 1)) return true;
      }
    return false;
  };
  if (!place(0)) throw new Error(`no placement for ${JSON.stringify(look.pairs)}`);
  return cells;
}

async function setStatus(actor: AnyActor, status: string, active: boolean): Promise<void> {
  if (actor.statuses.has(status) !== active) await actor.toggleStatusEffect(status, { active });
}

/** The GM's hands after the moves: tokens where the fighters stand, and who is engaged. */
async function placeTokens(table: Table, look: FightLook): Promise<void> {
  world.as(world.gm);
  const cells = placeCells(look, table.seats.length);
  for (const [i, seat] of table.seats.entries()) {
    const cell = cells[i]!;
    await seat.token.update({ x: cell.col * GRID, y: cell.row * GRID });
    const engaged = look.pairs.some((p) => p.engaged && (p.a === i || p.b === i));
    await setStatus(seat.actor, "engaged", engaged);
  }
}

const FROM_TOKEN_STATUS = new Map(Object.entries(STATUS_ALIASES).map(([rules, token]) => [token, rules]));
/**
 * Marks the table shows that the simulator keeps elsewhere: a stuck weapon's (compared as a stuck
 * weapon), the GM's engagement (the pairs), the declared maneuver's icon.
 */
const TABLE_ONLY_STATUSES = new Set(["impaled", "engaged", MANEUVER_STATUS_ID]);

interface StuckFlag {
  readonly ownerUuid: string;
  readonly itemId: string;
  readonly inItemId: string | null;
}

function stuckFlags(actor: AnyActor): { effectId: string; stuck: StuckFlag }[] {
  const list: { effectId: string; stuck: StuckFlag }[] = [];
  for (const effect of actor.effects) {
    const stuck = (effect.flags as { fangs?: { stuck?: StuckFlag } }).fangs?.stuck;
    if (stuck && effect.id) list.push({ effectId: effect.id, stuck });
  }
  return list;
}

function tableFighter(seat: Seat, seats: readonly Seat[]): FighterAfter {
  const { actor } = seat;
  const s = actor.system as unknown as { stunPoints: { value: number }; hitPoints: { value: number } };
  const itemSp: Record<string, number> = {};
  const away: string[] = [];
  for (const item of actor.items) {
    const data = item.system as unknown as {
      itemSp?: { value: number };
      natural?: boolean;
      equipped?: boolean;
    };
    // The simulator's fighter holds what was equipped when the fight began (src/rulesets/fangs/sim/fighter.ts).
    if ((item.type !== "weapon" && item.type !== "shield") || !seat.equippedAtStart.has(item.id!)) continue;
    if (data.itemSp && data.natural !== true) itemSp[item.name!] = data.itemSp.value;
    // Out of hand as the rules core reads it: a fist stays at hand whatever its sheet says.
    if (item.type === "weapon" && !weaponAtHand(data)) away.push(item.name!);
  }
  for (const other of seats)
    for (const { stuck } of stuckFlags(other.actor))
      if (stuck.ownerUuid === actor.uuid) away.push(actor.items.get(stuck.itemId)!.name!);
  const round = fangsRound(seat.combatant).record;
  return {
    stunPoints: s.stunPoints.value,
    hitPoints: s.hitPoints.value,
    itemSp,
    away: [...new Set(away)].sort(),
    statuses: [...actor.statuses]
      .filter((x) => !TABLE_ONLY_STATUSES.has(x))
      .map((x) => FROM_TOKEN_STATUS.get(x) ?? x)
      .sort(),
    actionLost: round.actionLost === true,
    attacksMade: round.attacks.made.length,
    defenses: (round.defenses as DefenseUsage | undefined) ?? emptyDefenseUsage(),
  };
}

function tableStuck(seats: readonly Seat[]): string[] {
  const list: string[] = [];
  for (const seat of seats) {
    const t = seat.actor;
    for (const { stuck } of stuckFlags(t)) {
      const owner = seats.find((x) => x.actor.uuid === stuck.ownerUuid)!.actor;
      const where = stuck.inItemId === null ? t.name : `${t.name}'s ${t.items.get(stuck.inItemId)!.name}`;
      list.push(`${owner.name}'s ${owner.items.get(stuck.itemId)!.name} in ${where}`);
    }
  }
  return list.sort();
}

/** The part of a look both drivers keep: the fighters and the stuck weapons. */
function simState(look: FightLook) {
  return { fighters: look.fighters, stuck: [...look.stuck].sort() };
}

function tableState(table: Table) {
  return { fighters: table.seats.map((s) => tableFighter(s, table.seats)), stuck: tableStuck(table.seats) };
}

/* -------------------------------------------- */
/*  Playing the fight at the table              */
/* -------------------------------------------- */

/** A uniform draw of `CONFIG.Dice.randomUniform` on the stand-in that gives this face (its dice are d20 faces). */
function uniformFace(faces: number, face: number): number {
  return (20 * (face - 0.5)) / faces + 0.5;
}

/** One line of a driver's log. */
interface Line {
  readonly round: number;
  readonly what: string;
  readonly outcome?: string;
  readonly damage?: unknown;
  readonly state: unknown;
}

/**
 * A damage step that changes nothing is no damage step: the card skips one that needs no die
 * (a fist's bare DM into a parry, src/rulesets/fangs/chat/exchange-flow.ts `nextAfter`).
 */
function damageOf(result: unknown, names: ReadonlyMap<string, string>): unknown {
  const d = result as { effects: readonly { kind: string }[] } | null;
  if (d === null || d.effects.every((e) => e.kind === "note")) return null;
  return named(d, names);
}

/** Writes ids (actor UUIDs or fighter letters, item ids) as names, so the two drivers' records compare. */
function named(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => named(v, names));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v, names)]));
  return value;
}

interface Played {
  readonly sim: Line[];
  readonly table: Line[];
  readonly impaled: number;
  readonly exchanges: number;
  /** Grapples broken (the GM lets go by hand). */
  readonly freed: number;
}

type ExchangeEvent = Extract<DuelEvent, { type: "exchange" }>;

async function play(
  sides: readonly [readonly Obj[], readonly Obj[]],
  seed: number,
  label: string,
): Promise<Played> {
  const sheets = sides.map((list) => list.map((d) => fighterFromActorData(d, "test"))) as unknown as [
    FighterSheet[],
    FighterSheet[],
  ];
  const { items } = record(sheets, seed);
  const table = await setTable(sides);
  const { combat, seats } = table;
  const simNames = new Map<string, string>();
  const tableNames = new Map<string, string>();
  let k = 0;
  for (const list of sheets)
    for (const sheet of list) {
      const seat = seats[k]!;
      simNames.set(String.fromCharCode(97 + k), sheet.name);
      tableNames.set(seat.actor.uuid, seat.actor.name!);
      for (const w of [...sheet.weapons, ...sheet.shields]) simNames.set(w.id, w.name);
      for (const item of seat.actor.items) tableNames.set(item.id!, item.name!);
      k += 1;
    }

  const sim: Line[] = [];
  const tab: Line[] = [];
  let round = 1;
  let impaled = 0;
  let exchanges = 0;
  let freed = 0;
  const where = () => `${label}, seed ${seed}, round ${round}`;

  /** What the simulator did since the last turn, that the table does by hand or at its next step. */
  let loose: { faces: number; result: number }[] = [];
  let roundStart: { dice: number[]; told: string[]; pulls: Extract<DuelEvent, { type: "pullOut" }>[] } = {
    dice: [],
    told: [],
    pulls: [],
  };
  /** How the fighters stood at the simulator's last turn or exchange. */
  let lastLook: FightLook | null = null;
  const withdrawals = new Map<number, string>();
  let started = false;

  const takeLoose = (): { faces: number; result: number }[] => {
    const d = loose;
    loose = [];
    return d;
  };

  /** Each fighter's loss of Stun and HP from one state to the next. */
  const losses = (before: ReturnType<typeof simState>, after: ReturnType<typeof simState>) =>
    before.fighters.map((f, i) => ({
      stunPoints: f.stunPoints - after.fighters[i]!.stunPoints,
      hitPoints: f.hitPoints - after.fighters[i]!.hitPoints,
    }));

  const toTurn = async (turn: TurnTrace, look: FightLook): Promise<void> => {
    await placeTokens(table, look);
    world.as(world.gm);
    const tableBefore = tableState(table);
    if (!started) {
      await combat.startCombat();
      started = true;
    } else {
      world.dice.push(...roundStart.dice);
      await combat.nextTurn();
      expect(world.dice, `${where()}: the round's start takes the simulator's dice`).toEqual([]);
    }
    const newRound = combat.round !== round;
    round = combat.round;
    for (const pull of roundStart.pulls) await pullOut(pull, look);
    if (newRound) {
      // The simulator's fallen get up as the round begins (docs/simulator.md); at the table, by hand.
      world.as(world.gm);
      for (const [i, seat] of seats.entries())
        if (!look.fighters[i]!.statuses.includes("prone")) await setStatus(seat.actor, "prone", false);
    }
    if (roundStart.told.length > 0) {
      // NC-DMG-13, CORE-CON-3: the round's impale damage and the dying's loss, before the first turn.
      impaled += roundStart.told.filter((t) => t === "impaled").length;
      const what = `round start: ${roundStart.told.join(", ")}`;
      const simAfter = simState(look);
      const tableAfter = tableState(table);
      sim.push({ round, what, damage: losses(simState(lastLook!), simAfter), state: simAfter });
      tab.push({ round, what, damage: losses(tableBefore, tableAfter), state: tableAfter });
      expect(tab.at(-1), `${where()}: ${what}`).toEqual(sim.at(-1));
    }
    roundStart = { dice: [], told: [], pulls: [] };
    lastLook = look;
    const current = combat.combatant;
    expect(
      {
        round: combat.round,
        phase: (combat.system as { phase?: string }).phase,
        who: seats.findIndex((s) => s.combatant === current),
      },
      `${where()}: the tracker's turn`,
    ).toEqual({ round: turn.round, phase: turn.phase, who: turn.fighter });
  };

  /** NC-DMG-12: the simulator's pull at the round's start; at the table the GM takes the weapon out by hand. */
  const pullOut = async (pull: Extract<DuelEvent, { type: "pullOut" }>, look: FightLook): Promise<void> => {
    if (!pull.removed) return;
    world.as(world.gm);
    const puller = seats[pull.side]!;
    for (const seat of seats) {
      for (const { effectId, stuck } of stuckFlags(seat.actor)) {
        const owner = seats.find((s) => s.actor.uuid === stuck.ownerUuid)!;
        if (owner.actor.items.get(stuck.itemId)?.name !== pull.weapon) continue;
        if (owner !== puller && seat !== puller) continue;
        await seat.actor.deleteEmbeddedDocuments("ActiveEffect", [effectId]);
        // Pulled out by the one it was stuck in, it lies on the ground until drawn again; by its owner,
        // it is in hand again (a thrown one too).
        const weapon = owner.actor.items.get(stuck.itemId)!;
        await weapon.update({ "system.equipped": owner === puller } as never);
        return;
      }
    }
    throw new Error(`${where()}: no stuck ${pull.weapon} to pull out (${JSON.stringify(look.stuck)})`);
  };

  const playExchange = async (
    events: readonly ExchangeEvent[],
    dice: readonly number[],
    look: FightLook,
  ): Promise<void> => {
    const first = events[0]!;
    // A Charge's free attack and a Dodge Past's second chance are taken from the card that offers them.
    if (first.source === "chargeFreeAttack" || first.source === "dodgePast")
      throw new Error(`${where()}: the replay does not take a free attack (${first.source}) yet`);
    const attacker = seats[first.attacker]!;
    const defender = seats[first.defender]!;
    const resolution = first.resolution;
    exchanges += 1;
    world.as(attacker.owner);
    target(attacker.owner, defender.token);
    special = withdrawals.get(first.attacker) ?? null;
    dialogs.length = 0;
    world.notices.length = 0;
    world.dice.push(...dice);
    const posted = await modules.start.startAttack(attacker.actor, itemId(attacker.actor, first.weapon), {
      event: null,
      token: attacker.token as never,
    });
    if (!posted) throw new Error(`${where()}: the attack was not posted: ${world.notices.join("; ")}`);
    const message = lastMessage() as ChatMessage;
    const state0 = stateOf(message);
    const what = `${attacker.actor.name} attacks ${defender.actor.name} with ${first.weapon}`;
    expect(
      {
        warning: dialogs[0]?.warningKey ?? null,
        source: state0.setup.source,
        modifiers: state0.setup.totalModifiers,
      },
      `${where()}: ${what}: the table's rules allow the attack as the simulator's did`,
    ).toEqual({ warning: null, source: first.source, modifiers: first.modifiers });
    const step = async (user: TestUser, intent: Parameters<typeof ask>[2]) => {
      const answer = await ask(user, message, intent);
      if (!answer.ok)
        throw new Error(`${where()}: ${what}: ${intent.type} refused: ${JSON.stringify(answer)}`);
    };
    if (stateOf(message).stage === "attackRolled")
      await step(defender.owner, { type: "defend", choice: resolution.defense?.choice ?? "none" });
    if (stateOf(message).stage === "fumbled") {
      // The simulator takes the Luck roll's suggestion (docs/simulator.md): so does the GM here.
      const suggested = stateOf(message).outcome?.fumble?.suggested ?? "dropWeapon";
      await step(world.gm, { type: "resolveFumble", option: suggested });
    }
    const stage = stateOf(message).stage;
    if (stage === "defenseChosen" || stage === "defenseRolled") await step(world.gm, { type: "rollDamage" });
    if (stateOf(message).stage === "damageRolled") await step(world.gm, { type: "apply" });
    expect(world.dice, `${where()}: ${what}: the card takes exactly the simulator's dice`).toEqual([]);
    const state = stateOf(message);
    const fumbled = resolution.outcome.kind === "attackFumbled";
    const selfHit = events.find((e) => e !== first && e.source === "fumble");
    sim.push({
      round,
      what,
      outcome: resolution.outcome.kind,
      damage: fumbled
        ? damageOf(selfHit?.resolution.damage ?? null, simNames)
        : damageOf(resolution.damage, simNames),
      state: simState(look),
    });
    tab.push({
      round,
      what,
      outcome: state.outcome?.kind ?? "none",
      damage: damageOf(state.damage?.result ?? null, tableNames),
      state: tableState(table),
    });
    expect(tab.at(-1), `${where()}: ${what} (${resolution.outcome.kind})`).toEqual(sim.at(-1));
  };

  let group: { events: ExchangeEvent[]; dice: number[] } | null = null;
  for (const item of items) {
    if (item.kind === "die") {
      if (group) group.dice.push(item.result);
      else loose.push(item);
      continue;
    }
    if (item.kind === "exchanged") {
      if (!group) throw new Error(`${where()}: an exchange ended that never began`);
      await playExchange(group.events, group.dice, item.look);
      lastLook = item.look;
      group = null;
      continue;
    }
    if (item.kind === "turn") {
      expect(loose, `${where()}: dice the table would not roll before a turn`).toEqual([]);
      await toTurn(item.turn, item.look);
      continue;
    }
    const e = item.event;
    if (group) {
      if (e.type === "exchange" || e.type === "fumbleApplied") {
        if (e.type === "exchange") group.events.push(e);
        continue;
      }
      throw new Error(`${where()}: ${e.type} inside an exchange`);
    }
    switch (e.type) {
      case "exchange":
        group = { events: [e], dice: takeLoose().map((d) => d.result) };
        break;
      case "maneuver": {
        const seat = seats[e.side]!;
        const weapon = e.weapon === null ? null : seat.actor.items.find((i) => i.name === e.weapon);
        const kind = (weapon?.system as { kind?: string } | undefined)?.kind ?? null;
        world.as(seat.owner);
        const declared = await fangsRound(seat.combatant).declareManeuver(e.maneuver, {
          attackKind: kind as never,
        });
        expect(
          declared,
          `${where()}: ${seat.actor.name} declares ${e.maneuver}: ${world.notices.join("; ")}`,
        ).toBe(true);
        break;
      }
      case "withdrawal":
        withdrawals.set(e.side, e.response);
        break;
      case "impaled":
        for (const d of takeLoose()) roundStart.dice.push(uniformFace(d.faces, d.result));
        roundStart.told.push("impaled");
        break;
      case "dying":
        roundStart.told.push("dying");
        break;
      case "pullOut":
        takeLoose();
        roundStart.pulls.push(e);
        break;
      case "breakFree": {
        // NC-GRP-3: the held one's check; the table has no card for it, so the GM lets go by hand.
        takeLoose();
        if (e.freed) {
          freed += 1;
          world.as(world.gm);
          await setStatus(seats[e.side]!.actor, "grappled", false);
        }
        break;
      }
      case "fled":
        // The table keeps no flight (the simulator's convention, docs/simulator.md): the replay ends here.
        return { sim, table: tab, impaled, exchanges, freed };
      case "ready": {
        const seat = seats[e.side]!;
        world.as(world.gm);
        await seat.actor.items
          .get(itemId(seat.actor, e.weapon))!
          .update({ "system.equipped": true } as never);
        break;
      }
      case "round":
        // The answers to withdrawals are the round's (the card asks each attack's own).
        withdrawals.clear();
        break;
      case "move":
        // A Retreat or Disengage done after the Melee phase ends its holds: the GM lets the held go.
        if (e.maneuver === "retreat" || e.maneuver === "disengage") {
          world.as(world.gm);
          for (const [i, seat] of seats.entries())
            if (!item.look.fighters[i]!.statuses.includes("grappled"))
              await setStatus(seat.actor, "grappled", false);
        }
        break;
      case "lostAction":
      case "attackRefused":
      case "status":
      case "end":
        break;
      default:
        throw new Error(`${where()}: the replay does not play ${e.type} yet`);
    }
  }
  return { sim, table: tab, impaled, exchanges, freed };
}

const PACKS = resolve(__dirname, "../../packs");
function packItem(path: string): Obj {
  return JSON.parse(readFileSync(resolve(PACKS, path), "utf8")) as Obj;
}

/**
 * A spearman: the sample Bandit with the equipment pack's Spear (1d8+1, impales) in place of his
 * sword and bow, and its skill bought up.
 */
function spearman(name: string): Obj {
  const bandit = structuredClone(entry("Bandit").data) as Obj;
  const items = (bandit.items as Obj[]).filter((i) => !["Shortsword", "Short Bow"].includes(String(i.name)));
  const spear = packItem("weapons/spear.json");
  const skill = packItem("skills/spear.json");
  (spear.system as Obj).equipped = true;
  (skill.system as Obj).bought = 6;
  const id = `spear${name.replace(/[^A-Za-z]/g, "")}`.padEnd(16, "0").slice(0, 16);
  return { ...bandit, _id: id, name, items: [...items, spear, skill] };
}

const names = (...list: string[]) =>
  list.map((n) => (n.includes("Spearman") ? spearman(n) : (entry(n).data as Obj)));

/** The lines of a driver's log that say this: an exchange's words, a round start's. */
const saying = (lines: readonly Line[], words: string) => lines.filter((l) => l.what.includes(words));
const impaling = (l: Line) => (l.damage as { impaled?: boolean } | null)?.impaled === true;

describe("the simulator and the table play the same fight", () => {
  it("NC-DEF-2, NC-DEF-5, NC-DMG-5: Gru vs the Troll, seed 1: twelve rounds of blows, parries and misses", async () => {
    const r = await play([names("Gru"), names("Troll")], 1, "Gru vs Troll");
    expect(r.exchanges).toBeGreaterThan(15);
    expect(r.table).toEqual(r.sim);
  });

  it("NC-ATK-7, NC-ATK-9, NC-DMG-11: Dagmar vs Fast Eddy, seed 2: a thrown knife, off-hand blows, an impaling Special", async () => {
    const r = await play([names("Dagmar the Deadly"), names("Fast Eddy")], 2, "Dagmar vs Eddy");
    expect(saying(r.sim, "Fast Eddy attacks Dagmar the Deadly with Throwing Knife")).not.toEqual([]);
    expect(saying(r.sim, "Dagmar the Deadly attacks Fast Eddy with Shortsword")).not.toEqual([]);
    expect(r.sim.some(impaling)).toBe(true);
    expect(r.table).toEqual(r.sim);
  });

  it("NC-MAN-12, NC-DMG-13: Pirate Jenny vs the Troll-Martian, seed 1: bolts and bursts, and a bolt's damage each round", async () => {
    const r = await play([names("Pirate Jenny"), names("Troll-Martian")], 1, "Jenny vs Troll-Martian");
    expect(saying(r.sim, "with Blaster Rifle")).not.toEqual([]);
    expect(r.impaled).toBeGreaterThan(0);
    expect(r.table).toEqual(r.sim);
  });

  it("NC-GRP-1, NC-GRP-3: the Giant Octopus vs Gru, seed 6: held, and breaking free", async () => {
    const r = await play([names("Giant Octopus"), names("Gru")], 6, "Octopus vs Gru");
    expect(r.sim.some((l) => l.outcome === "grappled")).toBe(true);
    expect(r.freed).toBeGreaterThan(0);
    expect(r.table).toEqual(r.sim);
  });

  it("NC-DMG-11, NC-DMG-13, CORE-CON-3: two spearmen vs the Orc Warrior and the Troll, seed 6: a spear impales; the round's dying loss and impale damage come before the Initiative order", async () => {
    const r = await play(
      [names("Aldo the Spearman", "Bert the Spearman"), names("Orc Warrior", "Troll")],
      6,
      "Aldo, Bert vs Orc, Troll",
    );
    expect(saying(r.sim, "with Spear").some(impaling)).toBe(true);
    expect(saying(r.sim, "round start: dying, impaled")).not.toEqual([]);
    expect(r.table).toEqual(r.sim);
  });
});
