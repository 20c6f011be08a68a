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

/** Each of the gunner's shots with its number in its round and the recoil its roll took. */
function shots(result: ReturnType<typeof duel>): { shot: number; recoil: number }[] {
  const out: { shot: number; recoil: number }[] = [];
  let shot = 0;
  for (const e of result.events ?? []) {
    if (e.type === "round") shot = 0;
    if (e.type === "exchange" && e.attacker === 0 && e.resolution.attack.weaponKind === "missile") {
      shot += 1;
      out.push({ shot, recoil: e.resolution.attack.recoil ?? 0 });
    }
  }
  return out;
}

describe("the simulator's fighters under the recoil module", () => {
  it("off, a duel is the same fight as with a gun without Recoil, whole results compared", () => {
    for (let seed = 0; seed < 10; seed++)
      expect(duel(30, { recoilModule: false }, seed)).toEqual(duel(undefined, undefined, seed));
  });

  it("RHF-REC-1 (FANGS module): on, a first shot in a round takes none and a second takes ⌈ST × 1.5⌉ − 30 (two hands)", () => {
    const st = gunner(30).characteristics.st;
    const second = Math.min(0, Math.ceil(st * 1.5) - 30);
    expect(second).toBeLessThan(0);
    const all = Array.from({ length: 10 }, (_, seed) => shots(duel(30, { recoilModule: true }, seed))).flat();
    expect(all.filter((s) => s.shot === 2).length).toBeGreaterThan(0);
    for (const s of all) expect(s.recoil, `shot ${s.shot}`).toBe(s.shot === 1 ? 0 : second);
  });
});
