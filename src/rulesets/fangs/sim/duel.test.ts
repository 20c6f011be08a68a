import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { canChooseManeuver } from "../../../rules/fangs/maneuvers";
import { SuccessLevel } from "../../../rules/fangs/types";
import { createLocalizer } from "../../../sim/i18n";
import { fightSeed } from "../../../sim/seed";
import { type DuelEvent, type FightRecorder, runDuel, runFight, traceFight } from "./duel";
import type { FighterSheet } from "./fighter";
import { formatCheck, formatDuelLog } from "./format";
import { loadRoster } from "./packs";
import { createDefaultPolicy, type Policy } from "./policy";
import { findFighter } from "./roster";

const root = resolve(__dirname, "../../../..");
const roster = loadRoster(root);
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const fighter = (name: string): FighterSheet => findFighter(roster, name);
const all = roster.map((e) => fighter(e.name));

/** Picks among the legal options at random (its own seeded stream), to reach every branch of the engine. */
function randomPolicy(seed: number): Policy {
  let state = seed >>> 0;
  const next = (n: number): number => {
    state = fightSeed(state, 1);
    return state % n;
  };
  return {
    id: "random",
    chooseManeuver: ({ options }) => options[next(options.length)]!,
    chooseDefense: ({ allowed }) => allowed[next(allowed.length)]!,
    respondToWithdrawal: ({ options }) => options[next(options.length)]!,
    chooseExtraAttack: () => next(2) === 0,
  };
}

describe("a duel", () => {
  it("is the same fight for the same seed, event by event and line by line", () => {
    const setup = { fighters: [fighter("Gru"), fighter("Troll")] as const };
    const first = runDuel(setup, 42, true);
    const second = runDuel(setup, 42, true);
    expect(second.events).toEqual(first.events);
    const i18n = createLocalizer({});
    expect(formatDuelLog(second, i18n, 42)).toEqual(formatDuelLog(first, i18n, 42));
    const others = [43, 44, 45].map((s) => JSON.stringify(runDuel(setup, s, true).events));
    expect(others.some((o) => o !== JSON.stringify(first.events))).toBe(true);
  });

  it("gives the same result with and without the event log", () => {
    const setup = { fighters: [fighter("Dagmar"), fighter("Fast Eddy")] as const };
    for (let seed = 0; seed < 20; seed += 1) {
      const logged = runDuel(setup, seed, true);
      const quiet = runDuel(setup, seed, false);
      expect(quiet.events).toBeNull();
      expect({ ...quiet, events: null }).toEqual({ ...logged, events: null });
    }
  });

  it("ends every sample pairing with one side out, or at the round limit", () => {
    let unfinished = 0;
    let fights = 0;
    for (const a of all) {
      for (const b of all) {
        for (let seed = 0; seed < 5; seed += 1) {
          const result = runDuel({ fighters: [a, b], maxRounds: 100 }, seed);
          fights += 1;
          expect(result.rounds).toBeGreaterThanOrEqual(1);
          expect(result.rounds).toBeLessThanOrEqual(100);
          if (result.unfinished) {
            unfinished += 1;
            expect(result.ends).toEqual(["standing", "standing"]);
          } else {
            expect(
              result.ends.some((e) => e !== "standing"),
              `${a.name} vs ${b.name} seed ${seed}`,
            ).toBe(true);
            if (result.winner !== null) expect(result.ends[result.winner]).toBe("standing");
          }
        }
      }
    }
    expect(unfinished / fights).toBeLessThan(0.05);
  });

  it("offers the policy only maneuvers the rules core allows, and the default policy picks among them", () => {
    const seen = new Set<string>();
    const checking = (inner: Policy): Policy => ({
      ...inner,
      chooseManeuver(q) {
        for (const option of q.options) {
          const weapon = q.self.weapons.find((w) => w.weapon.id === option.weaponId)?.weapon;
          const verdict = canChooseManeuver(option.maneuver, {
            engaged: q.self.engaged,
            freeToMove: true,
            mv: q.self.sheet.attributes.movement,
            distanceToTarget: q.distance,
            weaponKind: weapon?.kind ?? null,
          });
          // Charge may be forbidden by a restriction only the engine knows; everything offered must pass the table.
          if (option.maneuver !== "charge") expect(verdict.allowed, `${option.maneuver}`).toBe(true);
        }
        const choice = inner.chooseManeuver(q);
        expect(q.options).toContainEqual(choice);
        seen.add(choice.maneuver);
        return choice;
      },
      chooseDefense(q) {
        const choice = inner.chooseDefense(q);
        expect(q.allowed).toContain(choice);
        expect(q.allowed.at(-1)).toBe("none");
        return choice;
      },
    });
    for (const [a, b] of [
      ["Gru", "Troll"],
      ["Pirate Jenny", "Troll-Martian"],
      ["Giant Octopus", "Dagmar"],
      ["Fast Eddy", "Cave Bear"],
    ] as const) {
      for (let seed = 0; seed < 10; seed += 1) {
        runDuel(
          {
            fighters: [fighter(a), fighter(b)],
            policies: [checking(createDefaultPolicy()), checking(createDefaultPolicy())],
          },
          seed,
        );
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(["attack", "move", "retreat"]));
  });

  it("survives any legal choice: random policies never make the rules core refuse", () => {
    let events = 0;
    for (let seed = 0; seed < 200; seed += 1) {
      const a = all[seed % all.length]!;
      const b = all[(seed * 7 + 3) % all.length]!;
      const result = runDuel(
        { fighters: [a, b], policies: [randomPolicy(seed), randomPolicy(seed + 1000)], maxRounds: 40 },
        seed,
        true,
      );
      events += result.events!.length;
    }
    expect(events).toBeGreaterThan(1000);
  });

  it("plays the same fights from the rules core's answers kept across fights as from fresh ones", () => {
    for (const [a, b] of [
      ["Gru", "Troll"],
      ["Dagmar", "Fast Eddy"],
      ["Pirate Jenny", "Giant Octopus"],
    ] as const) {
      const warm = [fighter(a), fighter(b)] as const;
      for (let seed = 0; seed < 25; seed += 1) {
        const kept = runDuel({ fighters: warm }, seed, true);
        // Fresh sheet objects miss the per-sheet caches; maneuver options given explicitly bypass the defense cache.
        const fresh = runDuel(
          { fighters: [{ ...warm[0] }, { ...warm[1] }], maneuverOptions: { reading: "prose" } },
          seed,
          true,
        );
        expect(fresh.events).toEqual(kept.events);
      }
    }
  });

  it("refuses a policy's choice that the rules do not allow", () => {
    const cheat: Policy = {
      ...createDefaultPolicy(),
      id: "cheat",
      chooseManeuver: () => ({ maneuver: "allOutAttack", weaponId: "no such weapon" }),
    };
    expect(() =>
      runDuel({ fighters: [fighter("Gru"), fighter("Troll")], policies: [cheat, cheat] }, 1),
    ).toThrowError(/policy "cheat" chose .* not among the legal options/);
    const noDefense: Policy = {
      ...createDefaultPolicy(),
      id: "parry-always",
      chooseDefense: () => "monsterParry",
    };
    expect(() =>
      runDuel(
        { fighters: [fighter("Gru"), fighter("Troll")], policies: [noDefense, noDefense], startDistance: 0 },
        1,
      ),
    ).toThrowError(/policy "parry-always" chose the defense monsterParry/);
  });

  it("records rolls, parries, Stun and HP, and item wear in its events", () => {
    const kinds = new Set<string>();
    let itemChanges = 0;
    for (let seed = 0; seed < 30; seed += 1) {
      const result = runDuel({ fighters: [fighter("Gru"), fighter("Troll")] }, seed, true);
      for (const e of result.events as DuelEvent[]) {
        if (e.type === "exchange") {
          kinds.add(e.resolution.outcome.kind);
          itemChanges += e.itemChanges.length;
        }
      }
    }
    expect([...kinds]).toEqual(expect.arrayContaining(["hit", "parried", "missed"]));
    expect(itemChanges).toBeGreaterThan(0);
  });

  it("CORE-CHK-5, CORE-CHK-6: the log names a confirmation roll as the card does, with the skill it is compared with", () => {
    const i18n = createLocalizer(lang);
    const roll = (natural: number, confirmation: number | null, level: SuccessLevel, modifiers = 0) =>
      formatCheck(
        {
          skill: 15,
          modifiers,
          natural,
          confirmation,
          total: natural + 15 + modifiers,
          success: level >= SuccessLevel.Success,
          level,
        },
        i18n,
      );
    expect(roll(1, 2, SuccessLevel.Fumble)).toBe(
      "d20 1 + 15 = 16, Fumble roll 2 + skill 15 = 17 (confirmed): Fumble",
    );
    expect(roll(1, 9, SuccessLevel.Failure)).toBe(
      "d20 1 + 15 = 16, Fumble roll 9 + skill 15 = 24 (not confirmed): Failure",
    );
    expect(roll(19, 7, SuccessLevel.Critical, -3)).toBe(
      "d20 19 + 15 −3 = 31, Critical roll 7 + skill 15 = 22 (confirmed): Critical success",
    );
    expect(roll(20, 2, SuccessLevel.Special)).toBe(
      "d20 20 + 15 = 35, Critical roll 2 + skill 15 = 17 (not confirmed): Special success",
    );
    expect(roll(12, null, SuccessLevel.Success)).toBe("d20 12 + 15 = 27, Success");
  });

  it("a duel in which both fighters flee in the same round is a draw, both marked fled", () => {
    // Gru and the Troll, both badly hurt, retreat and run from each other in rounds 10-12 (the reviewer's seed).
    const result = runDuel({ fighters: [fighter("Gru"), fighter("Troll")] }, 7, true);
    expect(result.unfinished).toBe(false);
    expect(result.rounds).toBe(12);
    expect(result.winner).toBeNull();
    expect(result.ends).toEqual(["fled", "fled"]);
    expect(result.final.map((f) => f.state)).toEqual(["fled", "fled"]);
    const events = result.events as DuelEvent[];
    expect(events.filter((e) => e.type === "fled")).toEqual([
      { type: "fled", side: 0, distance: 84 },
      { type: "fled", side: 1, distance: 84 },
    ]);
    expect(events.at(-1)).toEqual({ type: "end", winner: null, rounds: 12, unfinished: false });
    const log = formatDuelLog(result, createLocalizer(lang), 7);
    expect(log).toContain("Both have fled in round 12: a draw.");
    expect(log.join("\n")).not.toMatch(/ wins in round /);
  });

  it("a duel in which both always run is a draw whatever the dice; one who stands wins against a runner", () => {
    const base = createDefaultPolicy();
    const runner: Policy = {
      ...base,
      id: "runner",
      chooseManeuver: (q) => q.options.find((o) => o.maneuver === "run") ?? base.chooseManeuver(q),
    };
    const stander: Policy = {
      ...base,
      id: "stander",
      chooseManeuver: (q) => q.options.find((o) => o.maneuver === "dodgeMissile") ?? q.options[0]!,
    };
    for (let seed = 0; seed < 10; seed += 1) {
      const both = runDuel(
        { fighters: [fighter("Gru"), fighter("Troll")], policies: [runner, runner] },
        seed,
      );
      expect(both.winner).toBeNull();
      expect(both.unfinished).toBe(false);
      expect(both.ends).toEqual(["fled", "fled"]);
      for (const [policies, winner] of [
        [[runner, stander], 1],
        [[stander, runner], 0],
      ] as const) {
        const one = runDuel({ fighters: [fighter("Gru"), fighter("Troll")], policies }, seed);
        expect(one.winner).toBe(winner);
        expect(one.ends[winner]).toBe("standing");
        expect(one.ends[1 - winner]).toBe("fled");
      }
    }
  });
});

describe("the simulator asks the rules core as the table does", () => {
  it("NC-ATK-7, NC-ATK-9: an off-hand weapon is never the maneuver's attack, only the Post-Melee one", () => {
    // Dagmar without her Broadsword: her Shortsword is in the off hand, as her sheet holds it.
    const dagmar = fighter("Dagmar");
    const lefty = { ...dagmar, weapons: dagmar.weapons.filter((w) => w.name !== "Broadsword") };
    let offHand = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const events = runDuel({ fighters: [lefty, fighter("Troll")] }, seed, true).events!;
      for (const e of events) {
        if (e.type === "maneuver" && e.side === 0) expect(e.weapon).not.toBe("Shortsword");
        if (e.type === "exchange" && e.attacker === 0 && e.weapon === "Shortsword") {
          expect(e.source).toBe("offHand");
          offHand += 1;
        }
      }
    }
    expect(offHand).toBeGreaterThan(0);
  });

  it("NC-GRP-1: Pirate Jenny, with no Grapple skill on her sheet, is offered no grapple parry, as at the table", () => {
    let grapples = 0;
    const base = createDefaultPolicy();
    const jenny: Policy = {
      ...base,
      id: "spy",
      chooseDefense(q) {
        if (q.attack.weaponId === octopus.weapons.find((w) => w.name === "Grapple")!.id) {
          grapples += 1;
          expect(q.allowed).not.toContain("grappleParry");
        }
        return base.chooseDefense(q);
      },
    };
    const octopus = fighter("Giant Octopus");
    for (let seed = 1; seed <= 8; seed += 1)
      runDuel({ fighters: [octopus, fighter("Pirate Jenny")], policies: [base, jenny] }, seed);
    expect(grapples).toBeGreaterThan(0);
  });

  it("NC-GRP-3: one who breaks free of the Giant Octopus is no longer grappled", () => {
    let freed = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const recorder: FightRecorder = {
        die: () => undefined,
        turn: () => undefined,
        exchanged: () => undefined,
        event(e, look) {
          if (e.type !== "breakFree" || !e.freed) return;
          freed += 1;
          expect(look().fighters[e.side]!.statuses).not.toContain("grappled");
        },
      };
      traceFight({ sides: [[fighter("Giant Octopus")], [fighter("Gru")]] }, seed, recorder);
    }
    expect(freed).toBeGreaterThan(0);
  });
});

describe("a fight's recorder", () => {
  it("is told every die, turn and event, and changes nothing: the same fight as without it", () => {
    const setup = { sides: [[fighter("Gru"), fighter("Dagmar")], [fighter("Troll")]] as const };
    let dice = 0;
    let turns = 0;
    const events: DuelEvent[] = [];
    const recorder: FightRecorder = {
      die: () => {
        dice += 1;
      },
      turn: () => {
        turns += 1;
      },
      event: (e, look) => {
        events.push(e);
        expect(look().fighters).toHaveLength(3);
      },
      exchanged: () => undefined,
    };
    const traced = traceFight(setup, 7, recorder);
    const plain = runFight(setup, 7, true);
    // (traceFight gives the duel's result, without a group's sides.)
    expect(plain).toMatchObject(traced.result);
    expect(events).toEqual(plain.events);
    expect(turns).toBe(traced.turns.filter((t) => t.skipped === null).length);
    expect(dice).toBeGreaterThan(0);
  });
});
