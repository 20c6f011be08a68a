import { resolve } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  giveStatus,
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInWorld,
} from "../../test/foundry/combat-stand-in";
import { type TracedFacts, traceFight } from "../rulesets/fangs/sim/duel";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { findFighter, type RosterEntry } from "../rulesets/fangs/sim/roster";

/**
 * NC-RND-3, NC-ATK-1, NC-ATK-2, NC-ATK-6, NC-ATK-7, CORE-CON-1: the round is
 * walked once, by the rules core's round engine, and both its drivers agree.
 * Seeded fights of the sample fighters are played through the simulator;
 * each fight's declarations and what its blows left (who is engaged, stunned,
 * out of the fight, which attacks were made) are then written on the
 * tracker's Combat on the Foundry stand-in, turn by turn, as a GM and the
 * exchange cards would, and the tracker is advanced with Next turn. The
 * tracker must give the same turns, in the same phases and rounds, and skip
 * the same ones for the same reasons. The exchanges themselves are not
 * replayed through the cards here (src/sim/agreement.test.ts holds the
 * exchange to the card).
 */

const root = resolve(__dirname, "../..");
const roster = loadRoster(root);
let world: StandInWorld;
let FangsCombat: typeof import("../documents/combat").FangsCombat;
let writeRound: typeof import("../rulesets/fangs/combat/record").writeRound;

beforeAll(async () => {
  world = installCombatStandIn();
  ({ FangsCombat } = await import("../documents/combat"));
  // The GM's write of a combatant's round record, as the cards and the declaration make it.
  ({ writeRound } = await import("../rulesets/fangs/combat/record"));
});

beforeEach(() => {
  world.setUser(world.gm);
  world.gm.active = true;
  world.chat.length = 0;
  world.settings.set("fangs.initiativeMode", "ag");
  world.settings.set("fangs.maneuverIcons", false);
});

type Obj = Record<string, unknown>;

function entry(name: string): RosterEntry {
  findFighter(roster, name);
  const key = name.toLowerCase();
  return (
    roster.find((e) => e.name.toLowerCase() === key) ??
    roster.find((e) => e.name.toLowerCase().startsWith(key))!
  );
}

/** A combatant whose actor is the pack's own document. */
function combatantOf(e: RosterEntry, index: number): StandInCombatant {
  const data = e.data as Obj;
  const items = ((data.items as Obj[]) ?? []).map((i) => ({ ...i }));
  const actor = new StandInActor(
    `actor${index}`,
    String(data.name),
    (data.system as Obj) ?? {},
    items,
    String(data.type),
  );
  return new StandInCombatant(`fighter${index}`, String(data.name), actor);
}

function setStatus(actor: StandInActor, status: string, on: boolean): void {
  const has = actor.statuses.has(status);
  if (on && !has) giveStatus(actor as never, status);
  if (!on && has) {
    for (const effect of [...actor.effects.values()]) {
      const e = effect as unknown as { id: string; statuses: Set<string> };
      if (e.statuses.has(status)) actor.effects.delete(e.id);
    }
    actor.prepareData();
  }
}

/** What the cards and the GM would have written by then: declarations, blows' marks, attacks and defenses made. */
async function write(
  combatants: StandInCombatant[],
  before: TracedFacts[],
  after: TracedFacts[],
): Promise<void> {
  for (const [i, c] of combatants.entries()) {
    const b = before[i]!;
    const a = after[i]!;
    setStatus(c.actor as StandInActor, "engaged", a.engaged);
    setStatus(c.actor as StandInActor, "unconscious", b.outOfAction);
    await writeRound(c as never, {
      maneuver: b.maneuver,
      attackKind: b.attackKind,
      actionLost: b.actionLost,
      lostManeuver: b.lostManeuver,
      attacks: { ...a.attacks, made: [...a.attacks.made], targets: [...a.attacks.targets] },
      defenses: { ...a.defenses },
    });
  }
}

interface Turn {
  readonly round: number;
  readonly phase: string;
  readonly who: number;
}

function tableTurn(combat: StandInCombat, combatants: StandInCombatant[]): Turn {
  const id = combat.combatant?.id;
  return {
    round: combat.round,
    phase: String((combat.system as Obj).phase),
    who: combatants.findIndex((c) => c.id === id),
  };
}

async function replay(names: readonly [string, string], seed: number) {
  const sides = [[findFighter(roster, names[0])], [findFighter(roster, names[1])]] as const;
  const { result, turns } = traceFight({ sides, maxRounds: 12 }, seed);
  const combat = new FangsCombat() as unknown as StandInCombat & InstanceType<typeof FangsCombat>;
  const combatants = names.map((n, i) => combatantOf(entry(n), i));
  for (const c of combatants) combat.add(c);
  world.combats.clear();
  world.combats.set(combat.id, combat);

  const simTurns: Turn[] = [];
  const tableTurns: Turn[] = [];
  await combat.startCombat();
  // A turn either driver skipped (out of the fight, a lost action) is missing from its list, so a skip
  // one made and the other did not shows as a difference in the lists.
  const given = turns.filter((t) => t.skipped === null);
  const skips = turns.length - given.length;
  for (const [k, t] of given.entries()) {
    simTurns.push({ round: t.round, phase: t.phase!, who: t.fighter });
    tableTurns.push(tableTurn(combat, combatants));
    if (!t.facts || k === given.length - 1) break;
    await write(combatants, t.facts.before, t.facts.after);
    await combat.nextTurn();
  }
  return { result, simTurns, tableTurns, skips };
}

let skipped = 0;

describe("the simulator and the tracker walk the same round", () => {
  // Dagmar vs Fast Eddy: after Eddy throws his knife, neither gives him a Post-Melee turn for the dagger in
  // his off hand (NC-ATK-3); both ask the rules core's owedPostMeleeAttack.
  const pairings: readonly (readonly [string, string])[] = [
    ["Gru", "Troll"],
    ["Pirate Jenny", "Troll-Martian"],
    ["Giant Octopus", "Gru"],
    ["Gru", "Pirate Jenny"],
    ["Dagmar", "Fast Eddy"],
  ];
  for (const names of pairings) {
    it(`NC-RND-3, NC-ATK-1, NC-ATK-6, NC-ATK-7, CORE-CON-1: ${names.join(" vs ")}, seeds 1-12: the same turns in the same phases and rounds`, async () => {
      for (let seed = 1; seed <= 12; seed += 1) {
        const r = await replay(names, seed);
        expect(r.simTurns.length, `seed ${seed}`).toBeGreaterThan(1);
        expect(r.tableTurns, `seed ${seed}`).toEqual(r.simTurns);
        skipped += r.skips;
      }
    });
  }

  it("NC-ATK-2, CORE-CON-1: the fights replayed include turns skipped for a lost action", () => {
    expect(skipped).toBeGreaterThan(0);
  });
});
