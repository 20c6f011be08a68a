import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { FangsOptions } from "../../../rules/fangs/config";
import { RHF_DEFAULTS } from "../../../rules/rhf/config";
import { type DuelEvent, runDuel } from "./duel";
import type { FighterSheet } from "./fighter";
import { loadRoster } from "./packs";
import { createDefaultPolicy, type Policy } from "./policy";
import { findFighter } from "./roster";

/**
 * The reach, holds and firearms rules' figures as FANGS keys, in the
 * simulator (which plays FANGS through the same rules core as the table):
 * written out at their defaults, every duel is the duel it was; set, the
 * figure shows in the fight.
 */

const roster = loadRoster(resolve(__dirname, "../../../.."));
const fighter = (name: string): FighterSheet => findFighter(roster, name);

/** Every RHF figure FANGS carries, written out at the RHF core's value. */
const WRITTEN_OUT: FangsOptions = {
  reachWeaponRanges: {},
  reachHardDivisor: RHF_DEFAULTS.hardDivisor,
  rangeManeuversPerRound: RHF_DEFAULTS.rangeManeuversPerRound,
  controlPointsDivisor: RHF_DEFAULTS.controlPointsDivisor,
  holdFirstRoundCounts: RHF_DEFAULTS.holdFirstRoundCounts,
  immobilizedMayBreak: RHF_DEFAULTS.immobilizedMayBreak,
  quicknessBands: RHF_DEFAULTS.quickness.map((band) => ({ ...band })),
  multipleAttackPenalty: RHF_DEFAULTS.multipleAttackPenalty,
  additionalAttacks: RHF_DEFAULTS.additionalAttacks,
  additionalAttackSkill: RHF_DEFAULTS.additionalAttackSkill,
  recoilOneHandMultiplier: RHF_DEFAULTS.gripMultipliers.oneHand,
  recoilTwoHandsMultiplier: RHF_DEFAULTS.gripMultipliers.twoHands,
  recoilTripodMultiplier: RHF_DEFAULTS.gripMultipliers.tripod,
  recoilStrengthRounding: RHF_DEFAULTS.strengthRounding,
  aimBonus: RHF_DEFAULTS.aimBonus,
  aimMaxRounds: RHF_DEFAULTS.aimMaxRounds,
  aimRoundsUnfamiliar: RHF_DEFAULTS.aimRoundsUnfamiliar,
};

const MODULES: FangsOptions = {
  reachModule: true,
  controlPointsModule: true,
  multipleAttacksModule: true,
  recoilModule: true,
};

/** The modifiers of a side's maneuver attacks. */
function maneuverModifiers(events: readonly DuelEvent[], side: number): number[] {
  return events.flatMap((e) =>
    e.type === "exchange" && e.attacker === side && e.source === "maneuver" ? [e.modifiers] : [],
  );
}

/** Jenny with her crossbow made a gun of Recoil 30 that needs no reloading, shooting twice a round. */
function gunner(): FighterSheet {
  const jenny = fighter("Pirate Jenny");
  return {
    ...jenny,
    weapons: jenny.weapons.map((w) =>
      w.kind === "missile" ? { ...w, recoil: 30, reloadRounds: 0, extendedReload: false } : w,
    ),
  };
}
const allOut: Policy = {
  ...createDefaultPolicy(),
  id: "allOut",
  chooseManeuver: (input) => {
    const gun = input.self.sheet.weapons.find((w) => w.kind === "missile");
    const shot = input.options.find((o) => o.maneuver === "allOutAttack" && o.weaponId === gun?.id);
    return shot ?? createDefaultPolicy().chooseManeuver(input);
  },
  chooseExtraAttack: () => true,
};

function shootout(options: FangsOptions, seed: number) {
  return runDuel(
    {
      fighters: [gunner(), fighter("Gru")],
      policies: [allOut, createDefaultPolicy()],
      startDistance: 30,
      options,
    },
    seed,
    true,
  );
}

/** The recoil each of the gunner's second shots in a round took. */
function secondShotRecoil(events: readonly DuelEvent[]): number[] {
  const out: number[] = [];
  let shot = 0;
  for (const e of events) {
    if (e.type === "round") shot = 0;
    if (e.type === "exchange" && e.attacker === 0 && e.resolution.attack.weaponKind === "missile") {
      shot += 1;
      if (shot === 2) out.push(e.resolution.attack.recoil ?? 0);
    }
  }
  return out;
}

describe("the RHF figures as FANGS keys in the simulator", () => {
  it("written out at the RHF core's values, every duel with the modules on is the same duel, whole result and events", () => {
    const fights = [
      ["Gru", "Troll"],
      ["Dagmar", "Fast Eddy"],
      ["Giant Octopus", "Bandit"],
    ] as const;
    for (const [a, b] of fights)
      for (let seed = 0; seed < 3; seed += 1) {
        const fighters = [fighter(a), fighter(b)] as const;
        expect(runDuel({ fighters, options: { ...MODULES, ...WRITTEN_OUT } }, seed, true)).toEqual(
          runDuel({ fighters, options: MODULES }, seed, true),
        );
      }
    for (let seed = 0; seed < 3; seed += 1)
      expect(shootout({ ...MODULES, ...WRITTEN_OUT }, seed)).toEqual(shootout(MODULES, seed));
  });

  it("multipleAttackPenalty: at 3, a slow fighter's attack the round after a free one is at −3, not −5", () => {
    const gru = fighter("Gru");
    const slow: FighterSheet = { ...gru, characteristics: { ...gru.characteristics, ag: 5 } };
    const penalties = (options: FangsOptions) =>
      Array.from({ length: 6 }, (_, seed) =>
        maneuverModifiers(
          runDuel({ fighters: [slow, fighter("Troll")], options, maxRounds: 12 }, seed, true).events!,
          0,
        ),
      )
        .flat()
        .filter((m) => m !== 0);
    const five = penalties({ multipleAttacksModule: true });
    const three = penalties({ multipleAttacksModule: true, multipleAttackPenalty: 3 });
    expect(five.length).toBeGreaterThan(0);
    expect(new Set(five)).toEqual(new Set([-5]));
    expect(three.length).toBeGreaterThan(0);
    expect(new Set(three)).toEqual(new Set([-3]));
  });

  it("controlPointsDivisor: at 1, a hold gains the grappler's whole ST a round", () => {
    const octopus = fighter("Giant Octopus");
    const gains = (options: FangsOptions) => {
      const seen = new Set<number>();
      for (let seed = 0; seed < 12; seed += 1) {
        const result = runDuel(
          {
            fighters: [octopus, fighter("Bandit")],
            options: { controlPointsModule: true, ...options },
            maxRounds: 20,
          },
          seed,
          true,
        );
        for (const e of result.events!) if (e.type === "holdControl") seen.add(e.controlPoints);
      }
      return [...seen].sort((x, y) => x - y);
    };
    const st = octopus.characteristics.st;
    // Told as a round begins: the round of the grapple and that round's gain.
    for (const [options, gain] of [
      [{}, Math.ceil(st / 3)],
      [{ controlPointsDivisor: 1 }, st],
    ] as const) {
      const seen = gains(options);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]).toBe(2 * gain);
      for (const points of seen) expect(points % gain).toBe(0);
    }
  });

  it("recoilTwoHandsMultiplier: at 3, a two-handed gunner's second shot holds a Recoil of 30 far better", () => {
    const st = gunner().characteristics.st;
    const at = (options: FangsOptions) =>
      Array.from({ length: 10 }, (_, seed) =>
        secondShotRecoil(shootout({ recoilModule: true, ...options }, seed).events!),
      ).flat();
    const plain = at({});
    expect(plain.length).toBeGreaterThan(0);
    expect(new Set(plain)).toEqual(new Set([Math.min(0, Math.ceil(st * 1.5) - 30)]));
    expect(new Set(at({ recoilTwoHandsMultiplier: 3 }))).toEqual(new Set([Math.min(0, st * 3 - 30)]));
  });
});
