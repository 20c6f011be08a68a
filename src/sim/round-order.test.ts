import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { poolConditions } from "../rules/fangs/consequences";
import type { Effect } from "../rules/kernel/effects";
import { type DuelEvent, runFight } from "../rulesets/fangs/sim/duel";
import type { FighterSheet } from "../rulesets/fangs/sim/fighter";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { createDefaultPolicy, type Policy } from "../rulesets/fangs/sim/policy";
import { findFighter } from "../rulesets/fangs/sim/roster";

/** The simulator's round read against the turn clauses: what it records, never what the test writes. */

const root = resolve(__dirname, "../..");
const roster = loadRoster(root);
const fighter = (name: string): FighterSheet => findFighter(roster, name);

type Exchange = Extract<DuelEvent, { type: "exchange" }>;

/** The simulator's id of fighter i in its effects ("a", "b"…). */
const actorId = (i: number) => String.fromCharCode(97 + i);

/** Points an exchange's effects take from one fighter's pool. */
function taken(effects: readonly Effect[], actorId: string, pool: "stunPoints" | "hitPoints"): number {
  let sum = 0;
  for (const e of effects) if (e.kind === "pool" && e.actorId === actorId && e.pool === pool) sum += e.amount;
  return sum;
}

/** The default policy, writing down the defender's pools each time it is asked for a defense. */
function recordingDefenses(seen: { stunPoints: number; hitPoints: number }[]): Policy {
  const base = createDefaultPolicy();
  return {
    ...base,
    id: "recording",
    chooseDefense: (q) => {
      seen.push({ stunPoints: q.self.stunPoints, hitPoints: q.self.hitPoints });
      return base.chooseDefense(q);
    },
  };
}

describe("the simulator's round", () => {
  it("NC-RND-9: a defender is asked for its defense against the next attacker with the last attacker's damage already taken", () => {
    const gru = fighter("Gru");
    let pairs = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const seen: { stunPoints: number; hitPoints: number }[] = [];
      const result = runFight(
        {
          sides: [[fighter("Troll"), fighter("Troll")], [gru]],
          policies: [[createDefaultPolicy(), createDefaultPolicy()], [recordingDefenses(seen)]],
        },
        seed,
        true,
      );
      const events = result.events!;
      // Every exchange but a fumbler's blow on itself asks its defender first (one question each, in order).
      const onGru = events
        .map((e, at) => ({ e, at }))
        .filter(
          (x): x is { e: Exchange; at: number } =>
            x.e.type === "exchange" && x.e.defender === 2 && x.e.source !== "fumble",
        );
      expect(seen, `seed ${seed}`).toHaveLength(onGru.length);
      for (let k = 0; k + 1 < onGru.length; k += 1) {
        const [first, next] = [onGru[k]!, onGru[k + 1]!];
        // Nothing else happened between the two exchanges: the second question sees the first blow.
        if (next.at !== first.at + 1 || next.e.attacker === first.e.attacker) continue;
        const effects = first.e.resolution.effects;
        const stun = taken(effects, actorId(2), "stunPoints");
        const hp = taken(effects, actorId(2), "hitPoints");
        if (stun === 0 && hp === 0) continue;
        pairs += 1;
        expect(seen[k + 1], `seed ${seed}, exchange ${k + 1}`).toEqual({
          stunPoints: Math.min(gru.attributes.stunPoints, seen[k]!.stunPoints - stun),
          hitPoints: Math.min(gru.attributes.hitPoints, seen[k]!.hitPoints - hp),
        });
      }
    }
    expect(pairs).toBeGreaterThan(5);
  });

  it("NC-ATK-2: a fighter dropped before its turn comes takes no turn that round (no attack, not even a refused one)", () => {
    let dropped = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      // Dragons are faster than Gru and the Troll and hit hard enough to drop one before it strikes.
      const sheets = [fighter("Dragon"), fighter("Dragon"), fighter("Gru"), fighter("Gru"), fighter("Troll")];
      const result = runFight({ sides: [sheets.slice(0, 2), sheets.slice(2)] }, seed, true);
      const stun = sheets.map((s) => s.stunPoints);
      const hp = sheets.map((s) => s.hitPoints);
      const out = (i: number) => {
        const p = poolConditions(
          stun[i]!,
          hp[i]!,
          sheets[i]!.characteristics.co,
          sheets[i]!.characteristics.sz,
        );
        return p.unconscious || p.dying || p.dead;
      };
      let down = new Set<number>();
      let attacking = new Set<number>();
      let struck = new Set<number>();
      for (const e of result.events!) {
        if (e.type === "round") {
          down = new Set();
          attacking = new Set();
          struck = new Set();
        }
        if (e.type === "maneuver" && (e.maneuver === "attack" || e.maneuver === "allOutAttack")) {
          attacking.add(e.side);
        }
        if (e.type === "status") {
          e.fighters.forEach((f, i) => {
            stun[i] = f.stunPoints;
            hp[i] = f.hitPoints;
          });
        }
        if ((e.type === "exchange" && e.source !== "fumble") || e.type === "attackRefused") {
          const side = e.type === "exchange" ? e.attacker : e.side;
          expect(down.has(side), `seed ${seed}: fighter ${side} acted after it was dropped`).toBe(false);
          if (e.type === "exchange") struck.add(side);
        }
        if (e.type === "exchange") {
          const wasUp = sheets.map((_, i) => !out(i));
          for (let i = 0; i < sheets.length; i += 1) {
            const max = sheets[i]!.attributes;
            stun[i] = Math.min(
              max.stunPoints,
              stun[i]! - taken(e.resolution.effects, actorId(i), "stunPoints"),
            );
            hp[i] = Math.min(max.hitPoints, hp[i]! - taken(e.resolution.effects, actorId(i), "hitPoints"));
            if (wasUp[i] && out(i)) {
              down.add(i);
              // It had an attack declared and had not made it yet: the blow took its turn away.
              if (attacking.has(i) && !struck.has(i)) dropped += 1;
            }
          }
        }
      }
    }
    expect(dropped).toBeGreaterThan(0);
  });

  it("CORE-CON-1: a stunned fighter loses its next turn, in whatever phase it comes, as the table's round does", () => {
    // A turn's own attacks; a free attack (a Charge's, a dodge past) or a fumbler's blow on itself is no turn.
    const turnSources = new Set(["maneuver", "allOutAttackSecond", "twoWeaponThird", "offHand"]);
    let lostLater = 0;
    for (let seed = 1; seed <= 60; seed += 1) {
      const sides = [
        [fighter("Gru"), fighter("Dagmar")],
        [fighter("Troll"), fighter("Cave Bear")],
      ] as const;
      const events = runFight({ sides }, seed, true).events!;
      const stunned = new Set<number>();
      for (const e of events) {
        if (e.type === "exchange" && turnSources.has(e.source)) {
          expect(
            stunned.has(e.attacker),
            `seed ${seed}: fighter ${e.attacker} struck on the turn it lost`,
          ).toBe(false);
        }
        if (e.type === "lostAction") {
          expect(
            stunned.delete(e.side),
            `seed ${seed}: fighter ${e.side} lost an action it did not owe`,
          ).toBe(true);
        }
        if (e.type === "exchange") {
          for (const x of e.resolution.effects) {
            if (x.kind !== "loseAction") continue;
            const side = x.actorId.charCodeAt(0) - 97;
            if (!stunned.has(side)) lostLater += 1;
            stunned.add(side);
          }
        }
      }
    }
    expect(lostLater).toBeGreaterThan(0);
  });
});
