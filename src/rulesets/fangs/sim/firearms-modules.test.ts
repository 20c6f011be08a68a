import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { FangsOptions } from "../../../rules/fangs/config";
import { runDuel } from "./duel";
import type { FighterSheet } from "./fighter";
import { loadRoster } from "./packs";
import { createDefaultPolicy, type Policy } from "./policy";
import { findFighter } from "./roster";

const roster = loadRoster(resolve(__dirname, "../../../.."));

/** Jenny with her crossbow made a gun of this Recoil that needs no reloading. */
function gunner(recoil: number | undefined): FighterSheet {
  const jenny = findFighter(roster, "Pirate Jenny");
  return {
    ...jenny,
    weapons: jenny.weapons.map((w) =>
      w.kind === "missile"
        ? { ...w, ...(recoil === undefined ? {} : { recoil }), reloadRounds: 0, extendedReload: false }
        : w,
    ),
  };
}

/** Shoots twice a round with its gun where it may (All-Out-Attack), else as the default policy would. */
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

function duel(recoil: number | undefined, options: FangsOptions | undefined, seed: number) {
  return runDuel(
    {
      fighters: [gunner(recoil), findFighter(roster, "Gru")],
      policies: [allOut, createDefaultPolicy()],
      startDistance: 30,
      options,
    },
    seed,
    true,
  );
}

const recoils = (result: ReturnType<typeof duel>) =>
  (result.events ?? []).flatMap((e) =>
    e.type === "exchange" && e.attacker === 0 ? [e.resolution.attack.recoil ?? 0] : [],
  );

describe("the simulator's fighters under the recoil module", () => {
  it("off, a duel is the same fight as with a gun without Recoil, whole results compared", () => {
    for (let seed = 0; seed < 10; seed++)
      expect(duel(30, { recoilModule: false }, seed)).toEqual(duel(undefined, undefined, seed));
  });

  it("RHF-REC-1 (FANGS module): on, a second shot in a round takes the recoil the first did not", () => {
    const all = Array.from({ length: 10 }, (_, seed) =>
      recoils(duel(30, { recoilModule: true }, seed)),
    ).flat();
    expect(all.some((r) => r < 0)).toBe(true);
    expect(all.some((r) => r === 0)).toBe(true);
  });
});
