import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { AutofireDamage } from "../../../rules/fangs/autofire";
import { burstHitsThrough } from "../../../rules/fangs/bursts";
import type { FangsOptions } from "../../../rules/fangs/config";
import type { ExchangeResolution } from "../../../rules/fangs/exchange";
import { createLocalizer } from "../../../sim/i18n";
import { runDuel } from "./duel";
import { formatDuelLog } from "./format";
import { loadRoster } from "./packs";
import { findFighter } from "./roster";

const root = resolve(__dirname, "../../../..");
const roster = loadRoster(root);

/** The Troll-Martian's blaster rifle (autofire) against Pirate Jenny. */
function duel(options: FangsOptions | undefined, seed: number) {
  return runDuel(
    {
      fighters: [findFighter(roster, "Troll-Martian"), findFighter(roster, "Pirate Jenny")],
      startDistance: 20,
      options,
    },
    seed,
    true,
  );
}

/** The troll's shots at Jenny. */
function bursts(result: ReturnType<typeof duel>): ExchangeResolution[] {
  const out: ExchangeResolution[] = [];
  for (const e of result.events ?? [])
    if (e.type === "exchange" && e.attacker === 0 && e.resolution.attack.weaponKind === "missile")
      out.push(e.resolution);
  return out;
}

describe("the simulator's bursts under the bursts and area fire module", () => {
  it("off, a duel with an autofire weapon is the same fight as with the default rules, whole results compared", () => {
    for (let seed = 0; seed < 8; seed++) {
      const before = duel(undefined, seed);
      expect(bursts(before).length).toBeGreaterThan(0);
      expect(duel({ areaFireModule: false, burstRolls: 5 }, seed)).toEqual(before);
    }
  });

  it("on, every shot of the troll's blaster in a duel is three rolls, and the duel takes the hits the rules core let through", () => {
    const all = Array.from({ length: 8 }, (_, seed) => bursts(duel({ areaFireModule: true }, seed))).flat();
    expect(all.length).toBeGreaterThan(0);
    let hit = 0;
    for (const r of all) {
      expect(r.attack.burst).toHaveLength(3);
      const through = burstHitsThrough(r.attack.burst!, r.defense);
      const landed = ["hit", "specialHit", "fumbledDefenseHit"].includes(r.outcome.kind);
      expect(r.hits).toBe(landed ? through.reduce((n, h) => n + h, 0) : 0);
      if (r.hits > 0) {
        hit += 1;
        expect((r.damage as AutofireDamage).perRoll).toEqual(through);
      }
    }
    expect(hit).toBeGreaterThan(0);
  });

  it("RHF-AUT-1 (FANGS module): the duel log gives each roll of a burst and its hits in the system's words", () => {
    const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
    const lines = formatDuelLog(duel({ areaFireModule: true }, 1), createLocalizer(lang), 1).join("\n");
    expect(lines).toMatch(
      /Roll 1: d20 \d+ \+ \d+ = \d+, [^;]+; (no hits|d6 \d: \d hits?, if it gets through)\./,
    );
    expect(lines).toMatch(/Roll 3: /);
    expect(lines).not.toMatch(/FANGS\.Burst\./);
  });
});
