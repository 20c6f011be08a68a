import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { H2H_DEFAULTS, resolveH2hOptions } from "./config";
import { beatsStrike, strikeLands } from "./strike";

const R = H2H_DEFAULTS;
const roll = (natural: number, total = natural) => ({ natural, total });

describe("strike against defense", () => {
  it("H2H-TRM-9: a natural 20 beats every total; a natural 20 defense beats it (the defender wins the tie)", () => {
    expect(strikeLands(roll(20), roll(19, 35), R)).toBe(true);
    expect(strikeLands(roll(20), roll(20), R)).toBe(false);
    expect(strikeLands(roll(15, 30), roll(20), R)).toBe(false);
  });

  it("H2H-TRM-10: a natural 1 misses, whatever the bonus and the defense", () => {
    expect(strikeLands(roll(1, 25), null, R)).toBe(false);
    expect(strikeLands(roll(1, 25), roll(1), R)).toBe(false);
    expect(beatsStrike(roll(1, 25), roll(2), false)).toBe(true);
  });

  it("H2H-TRM-12: a strike must total over four; at four it misses even undefended", () => {
    expect(strikeLands(roll(4), null, R)).toBe(false);
    expect(strikeLands(roll(3, 5), null, R)).toBe(true);
    expect(strikeLands(roll(2, 1), roll(1), R)).toBe(false);
  });

  it("ties: a parry or dodge wins a tie by default (option: the attacker); a roll over must be over", () => {
    expect(strikeLands(roll(12), roll(12), R)).toBe(false);
    expect(strikeLands(roll(12), roll(12), resolveH2hOptions({ tieGoesTo: "attacker" }))).toBe(true);
    expect(beatsStrike(roll(12), roll(12), false)).toBe(false);
    expect(beatsStrike(roll(12), roll(13), false)).toBe(true);
  });

  it("a defense never both beats and loses to the same strike (properties)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 20 }),
        (sn, sb, dn, db) => {
          const s = roll(sn, sn + sb);
          const d = roll(dn, dn + db);
          const lands = strikeLands(s, d, R);
          if (lands) expect(beatsStrike(s, d, true)).toBe(false);
          if (sn === 1) expect(lands).toBe(false);
          if (sn === 20 && dn !== 20) expect(lands).toBe(true);
          if (beatsStrike(s, d, false)) expect(beatsStrike(s, d, true)).toBe(true);
        },
      ),
    );
  });
});
