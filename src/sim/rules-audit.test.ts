import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { movePaces } from "../rules/fangs/maneuvers";
import { SuccessLevel } from "../rules/fangs/types";
import { type DuelEvent, type FighterSnapshot, runDuel, runFight } from "../rulesets/fangs/sim/duel";
import type { FighterSheet } from "../rulesets/fangs/sim/fighter";
import { formatDuelLog } from "../rulesets/fangs/sim/format";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { createDefaultPolicy, type Policy } from "../rulesets/fangs/sim/policy";
import { findFighter } from "../rulesets/fangs/sim/roster";
import { createLocalizer } from "./i18n";

/** The simulator read against the rules: each test names the clause the engine once broke. */

const root = resolve(__dirname, "../..");
const roster = loadRoster(root);
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const fighter = (name: string): FighterSheet => findFighter(roster, name);

/** The default policy, but Retreat whenever the rules allow it. */
function retreating(): Policy {
  const base = createDefaultPolicy();
  return {
    ...base,
    id: "retreating",
    chooseManeuver: (q) => q.options.find((o) => o.maneuver === "retreat") ?? base.chooseManeuver(q),
  };
}

/** The default policy, but this maneuver whenever the rules allow it. */
function always(maneuver: string): Policy {
  const base = createDefaultPolicy();
  return {
    ...base,
    id: `always-${maneuver}`,
    chooseManeuver: (q) => q.options.find((o) => o.maneuver === maneuver) ?? base.chooseManeuver(q),
    // Every second attack the rules allow, an off-hand one at −10 too.
    chooseExtraAttack: () => true,
  };
}

/** Each round's closing status line, by round. */
function statusByRound(events: readonly DuelEvent[]): Map<number, readonly FighterSnapshot[]> {
  const byRound = new Map<number, readonly FighterSnapshot[]>();
  let round = 0;
  for (const e of events) {
    if (e.type === "round") round = e.round;
    if (e.type === "status") byRound.set(round, e.fighters);
  }
  return byRound;
}

describe("the simulator plays by the rules", () => {
  it("NC-MAN-16: a Retreat takes the fighter away: two engaged fighters who both retreat end their paces apart, added", () => {
    const gru = fighter("Gru");
    const troll = fighter("Troll");
    const result = runDuel(
      { fighters: [gru, troll], policies: [retreating(), retreating()], startDistance: 0, maxRounds: 1 },
      1,
      true,
    );
    const moves = result.events!.filter((e) => e.type === "move");
    expect(moves.map((e) => e.maneuver)).toEqual(["retreat", "retreat"]);
    const total =
      movePaces("retreat", gru.attributes.movement) + movePaces("retreat", troll.attributes.movement);
    // The second to leave goes further away from where the first left it, never back toward it.
    expect(moves.map((e) => e.distance)).toEqual([moves[0]!.paces, total]);
  });

  it("NC-MAN-16, NC-MAN-21: the faster Fast Eddy strikes the retreating Gru at +2 unasked, and next round may neither engage nor Charge him", () => {
    const eddy = fighter("Fast Eddy");
    const gru = fighter("Gru");
    expect(eddy.characteristics.ag).toBeGreaterThan(gru.characteristics.ag);
    /** Round 1: Eddy Attacks (or, for the control, Melee Dodges); round 2 his options are kept. */
    const run = (strikes: boolean) => {
      const base = createDefaultPolicy();
      let asked = 0;
      let nextRound: readonly string[] = [];
      const eddyPolicy: Policy = {
        ...base,
        id: "eddy",
        chooseManeuver: (q) => {
          if (q.round === 2) nextRound = q.options.map((o) => o.maneuver);
          const wanted = q.round === 1 ? (strikes ? "attack" : "dodgeMelee") : "move";
          return q.options.find((o) => o.maneuver === wanted) ?? base.chooseManeuver(q);
        },
        respondToWithdrawal: (q) => {
          asked += 1;
          return base.respondToWithdrawal(q);
        },
      };
      const result = runDuel(
        { fighters: [eddy, gru], policies: [eddyPolicy, retreating()], startDistance: 0, maxRounds: 2 },
        3,
        true,
      );
      return { result, asked, nextRound };
    };
    const struck = run(true);
    const exchanges = struck.result.events!.filter((e) => e.type === "exchange" && e.attacker === 0);
    expect(exchanges.length).toBeGreaterThan(0);
    const first = exchanges[0]!;
    // Eddy's Attack on Gru carries the Retreat's +2 and no other modifier.
    expect(first.type === "exchange" && first.modifiers).toBe(2);
    expect(struck.asked).toBe(0);
    expect(struck.nextRound).not.toContain("engage");
    expect(struck.nextRound).not.toContain("charge");
    // Had Eddy not struck him, the Charge was open to him next round (Gru ran beyond an Engage's ½ MV).
    const control = run(false);
    expect(control.nextRound).toContain("charge");
  });

  it("NC-MAN-9, NC-ATK-8: a charged target's free attack is one of its attacks: with its own and an off-hand one it never strikes three times a round", () => {
    let capped = 0;
    for (let seed = 1; seed <= 60; seed += 1) {
      // Gru charges Fast Eddy (an off-hand knife, no Two Weapon), who attacks whenever he may.
      const result = runDuel(
        {
          fighters: [fighter("Gru"), fighter("Fast Eddy")],
          policies: [always("charge"), always("attack")],
          startDistance: 4,
          maxRounds: 1,
        },
        seed,
        true,
      );
      const eddy = result.events!.filter((e) => e.type === "exchange" && e.attacker === 1);
      expect(eddy.length, `seed ${seed}`).toBeLessThanOrEqual(2);
      if (eddy.length === 2 && eddy.some((e) => e.type === "exchange" && e.source === "chargeFreeAttack")) {
        capped += 1;
      }
    }
    expect(capped).toBeGreaterThan(0);
  });

  it("CORE-CON-3: a dying fighter whose side still fights loses 1 HP a round until dead", () => {
    let dyingRounds = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const result = runFight(
        {
          sides: [
            [fighter("Gru"), fighter("Dagmar")],
            [fighter("Troll"), fighter("Cave Bear")],
          ],
        },
        seed,
        true,
      );
      const status = statusByRound(result.events!);
      for (const [round, fighters] of status) {
        const next = status.get(round + 1);
        if (!next) continue;
        fighters.forEach((f, i) => {
          if (f.state !== "dying") return;
          dyingRounds += 1;
          // A round later it has lost at least the round's 1 HP (more if struck again).
          expect(next[i]!.hitPoints).toBeLessThanOrEqual(f.hitPoints - 1);
        });
      }
    }
    expect(dyingRounds).toBeGreaterThan(0);
  });

  it("NC-GRP-3: a grappled fighter that fails to break free cannot Retreat or Disengage from its grappler", () => {
    let held = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const result = runDuel({ fighters: [fighter("Giant Octopus"), fighter("Gru")] }, seed, true);
      const stillHeld = new Set<number>();
      for (const e of result.events!) {
        if (e.type === "round") stillHeld.clear();
        if (e.type === "breakFree" && !e.freed) {
          stillHeld.add(e.side);
          held += 1;
        }
        if (e.type === "maneuver" && stillHeld.has(e.side)) {
          expect(["retreat", "disengage", "charge"], `seed ${seed}`).not.toContain(e.maneuver);
        }
      }
    }
    expect(held).toBeGreaterThan(0);
  });

  it("NC-MAN-12: the Troll-Martian's burst scores attack total − dodge total hits, or − 19 undodged, and the log says how many", () => {
    const i18n = createLocalizer(lang);
    const seen = { dodged: 0, undodged: 0 };
    const fighters = [fighter("Pirate Jenny"), fighter("Troll-Martian")] as const;
    const bursts = new Set(fighters.flatMap((f) => f.weapons.filter((w) => w.autofire).map((w) => w.name)));
    expect(bursts.size).toBeGreaterThan(0);
    for (let seed = 1; seed <= 40; seed += 1) {
      const result = runDuel({ fighters }, seed, true);
      const log = formatDuelLog(result, i18n, seed).join("\n");
      for (const e of result.events!) {
        if (e.type !== "exchange" || e.source === "fumble") continue;
        const r = e.resolution;
        if (!bursts.has(e.weapon) || r.attack.check.level < SuccessLevel.Success) {
          expect(r.hits).toBe(0);
          continue;
        }
        const dodge = r.defense?.choice === "dodge" ? r.defense.check : null;
        const made = dodge !== null && dodge.level >= SuccessLevel.Success;
        const counted = r.attack.check.total - (made ? dodge.total : 19);
        const landed = r.outcome.kind !== "dodged";
        expect(r.hits, `seed ${seed}`).toBe(landed ? Math.max(1, counted) : Math.max(0, counted));
        expect((r.damage as unknown as { blows: unknown[] }).blows ?? []).toHaveLength(r.hits);
        if (r.hits > 1) {
          expect(log).toContain(`The burst scores ${r.hits} hits, each rolled.`);
          if (made) seen.dodged += 1;
          else seen.undodged += 1;
        }
      }
    }
    // Bursts that got hits through a made dodge, and bursts of many hits not dodged at all.
    expect(seen.dodged).toBeGreaterThan(0);
    expect(seen.undodged).toBeGreaterThan(0);
  });

  it("NC-DMG-12: the one a weapon is stuck in pulls it out (ST×1) when its owner is not at hand to", () => {
    let targetPulls = 0;
    const fighters = [fighter("Pirate Jenny"), fighter("Troll-Martian")] as const;
    const bursts = new Set(fighters.flatMap((f) => f.weapons.filter((w) => w.autofire).map((w) => w.name)));
    expect(bursts.size).toBeGreaterThan(0);
    for (let seed = 1; seed <= 40; seed += 1) {
      const result = runDuel({ fighters }, seed, true);
      const stuckIn = new Set<number>();
      for (const e of result.events!) {
        if (e.type === "impaled") stuckIn.add(e.side);
        if (e.type === "pullOut" && stuckIn.has(e.side)) targetPulls += 1;
      }
    }
    expect(targetPulls).toBeGreaterThan(0);
  });
});
